/** The channels' messages (001 §8 Channels, 000 §5 attachments, live chat, email), merged into `MESSAGES`. */
export const CHANNEL_MESSAGES = {
  'wa.reengagement': {
    en: 'Not delivered: more than 24 hours have passed since the customer last replied (131047). Send a follow-up template.',
    id: 'Tidak terkirim: sudah lebih dari 24 jam sejak pelanggan terakhir membalas (131047). Kirim template follow-up.',
  },
  'wa.undeliverable': {
    en: 'Not delivered: the number cannot receive WhatsApp messages (131026).',
    id: 'Tidak terkirim: nomor ini tidak dapat menerima pesan WhatsApp (131026).',
  },
  'wa.pairRateLimit': {
    en: 'Too many messages to this customer in a short time (131056). Try again later.',
    id: 'Terlalu banyak pesan ke pelanggan ini dalam waktu singkat (131056). Coba lagi nanti.',
  },
  'wa.rateLimit': {
    en: 'WhatsApp rate limit hit ({0}). Please try again later.',
    id: 'Batas pengiriman WhatsApp tercapai ({0}). Silakan coba lagi nanti.',
  },
  'wa.unavailable': {
    en: 'WhatsApp service is temporarily unavailable.',
    id: 'Layanan WhatsApp sedang tidak tersedia.',
  },
  'wa.timeout': { en: 'Connection to WhatsApp timed out.', id: 'Koneksi ke WhatsApp habis waktu.' },
  'wa.failed': { en: 'Not delivered: {0}', id: 'Tidak terkirim: {0}' },
  'channel.whatsappExists': {
    en: 'This business already has a WhatsApp number. Remove it to connect another.',
    id: 'Bisnis ini sudah memiliki nomor WhatsApp. Hapus nomor tersebut untuk menghubungkan nomor lain.',
  },
  'channel.notOffered': {
    en: 'This channel is not offered.',
    id: 'Kanal ini tidak tersedia.',
  },
  // 001 §8 Channels (Telegram: bot token)
  'channel.botTokenRequired': { en: 'Bot token is required', id: 'Token bot wajib diisi' },
  'channel.tokenInvalid': { en: 'Invalid token', id: 'Token tidak valid' },
  'channel.tokenOnAnotherClient': {
    en: 'This token is already registered on another client.',
    id: 'Token ini sudah terdaftar di klien lain.',
  },
  'channel.telegramExists': {
    en: 'This business already has a Telegram bot. Remove it to connect another.',
    id: 'Bisnis ini sudah memiliki bot Telegram. Hapus bot tersebut untuk menghubungkan bot lain.',
  },
  'channel.accountNotFound': {
    en: 'Account not found or failed.',
    id: 'Akun tidak ditemukan atau gagal.',
  },
  'channel.connectFailed': {
    en: 'Failed to connect the account. Please try again.',
    id: 'Gagal menghubungkan akun. Silakan coba lagi.',
  },
  // 001 §5, §8 Email channel
  'email.addressPartRequired': { en: 'Email address is required', id: 'Alamat email wajib diisi' },
  'email.addressPartMax': { en: 'Max 40 characters', id: 'Maksimal 40 karakter' },
  'email.addressPartInvalid': {
    en: 'Only letters, hyphen, underscore and dot are allowed',
    id: 'Hanya huruf, tanda hubung, garis bawah, dan titik yang diperbolehkan',
  },
  'email.domainNotAvailable': {
    en: 'Email domain not available. Please contact admin.',
    id: 'Domain email tidak tersedia. Silakan hubungi admin.',
  },
  'channel.emailExists': {
    en: 'This email account already exists. Please contact CS.',
    id: 'Akun email ini sudah ada. Silakan hubungi CS.',
  },
  'email.attachmentsTooLarge': {
    en: 'Email attachments total max 25 MB',
    id: 'Total lampiran email maksimal 25 MB',
  },
  'email.imapHostRequired': { en: 'Mail server is required', id: 'Server email wajib diisi' },
  'email.imapUserRequired': { en: 'User name is required', id: 'Nama pengguna wajib diisi' },
  'email.imapPasswordRequired': { en: 'Password is required', id: 'Kata sandi wajib diisi' },
  'email.imapPortInvalid': {
    en: 'Port must be a number from 1 to 65535',
    id: 'Port harus berupa angka 1 sampai 65535',
  },
  'email.imapConnectFailed': {
    en: 'Could not sign in to the mail server: {0}',
    id: 'Tidak dapat masuk ke server email: {0}',
  },
  'email.subjectMax': { en: 'Max 60 characters', id: 'Maksimal 60 karakter' },
  'email.recipientInvalid': { en: 'Email format is invalid', id: 'Format email tidak valid' },
  'email.unavailable': {
    en: 'The mail server is temporarily unavailable.',
    id: 'Server email sedang tidak tersedia.',
  },
  'email.failed': { en: 'Not delivered: {0}', id: 'Tidak terkirim: {0}' },
  'email.bounced': {
    en: 'Not delivered: the mail was returned ({0})',
    id: 'Tidak terkirim: email dikembalikan ({0})',
  },
  // Telegram sends (000 §8 channel errors, in the provider's words where it gives them)
  'telegram.rateLimit': {
    en: 'Telegram rate limit hit ({0}). Please try again later.',
    id: 'Batas pengiriman Telegram tercapai ({0}). Silakan coba lagi nanti.',
  },
  'telegram.unavailable': {
    en: 'Telegram service is temporarily unavailable.',
    id: 'Layanan Telegram sedang tidak tersedia.',
  },
  'telegram.failed': { en: 'Not delivered: {0}', id: 'Tidak terkirim: {0}' },
  // 001 §8 Channels (LINE: channel secret and access token)
  'channel.channelSecretRequired': { en: 'Channel secret is required', id: 'Channel secret wajib diisi' },
  'channel.channelSecretInvalid': { en: 'Invalid channel secret', id: 'Channel secret tidak valid' },
  'channel.accessTokenRequired': { en: 'Access token is required', id: 'Access token wajib diisi' },
  'channel.lineExists': {
    en: 'This business already has a LINE account. Remove it to connect another.',
    id: 'Bisnis ini sudah memiliki akun LINE. Hapus akun tersebut untuk menghubungkan akun lain.',
  },
  // LINE sends (000 §8 channel errors, in the provider's words where it gives them)
  'line.rateLimit': {
    en: 'LINE rate limit hit ({0}). Please try again later.',
    id: 'Batas pengiriman LINE tercapai ({0}). Silakan coba lagi nanti.',
  },
  'line.unavailable': {
    en: 'LINE service is temporarily unavailable.',
    id: 'Layanan LINE sedang tidak tersedia.',
  },
  'line.failed': { en: 'Not delivered: {0}', id: 'Tidak terkirim: {0}' },
  // 001 §2 Facebook Page and Instagram account dialogs (001 §8 Channels)
  'channel.metaAccountIdRequired': { en: 'Account ID is required', id: 'ID akun wajib diisi' },
  'channel.metaAccountIdInvalid': {
    en: 'Invalid account ID: digits only',
    id: 'ID akun tidak valid: hanya angka',
  },
  'channel.appSecretRequired': { en: 'App secret is required', id: 'App secret wajib diisi' },
  'channel.appSecretInvalid': {
    en: 'Invalid app secret: 32 hexadecimal characters',
    id: 'App secret tidak valid: 32 karakter heksadesimal',
  },
  'channel.metaAccountMismatch': {
    en: 'This access token does not belong to this account ID.',
    id: 'Access token ini bukan milik ID akun tersebut.',
  },
  'channel.messengerExists': {
    en: 'This business already has a Facebook Page. Remove it to connect another.',
    id: 'Bisnis ini sudah memiliki Halaman Facebook. Hapus halaman tersebut untuk menghubungkan halaman lain.',
  },
  'channel.instagramExists': {
    en: 'This business already has an Instagram account. Remove it to connect another.',
    id: 'Bisnis ini sudah memiliki akun Instagram. Hapus akun tersebut untuk menghubungkan akun lain.',
  },
  // Messenger and Instagram sends (000 §8 channel errors, in Meta's words as the detail)
  'meta.outsideWindow': {
    en: "Not delivered: outside the reply window Meta allows (error 10 / 2018278). Messages can be sent up to 7 days after the customer's last message; resolve the chat.",
    id: 'Tidak terkirim: di luar batas waktu balasan yang diizinkan Meta (error 10 / 2018278). Pesan hanya bisa dikirim hingga 7 hari setelah pesan terakhir pelanggan; selesaikan chat ini.',
  },
  'meta.rateLimit': {
    en: 'Meta rate limit hit ({0}). Please try again later.',
    id: 'Batas pengiriman Meta tercapai ({0}). Silakan coba lagi nanti.',
  },
  'meta.unavailable': {
    en: 'Messenger / Instagram service is temporarily unavailable.',
    id: 'Layanan Messenger / Instagram sedang tidak tersedia.',
  },
  'meta.failed': { en: 'Not delivered: {0}', id: 'Tidak terkirim: {0}' },
  // 001 §8 Channels (Viber: bot token)
  'channel.viberExists': {
    en: 'This business already has a Viber bot. Remove it to connect another.',
    id: 'Bisnis ini sudah memiliki bot Viber. Hapus bot tersebut untuk menghubungkan bot lain.',
  },
  // Viber sends (000 §8 channel errors, in the provider's words where it gives them)
  'viber.rateLimit': {
    en: 'Viber rate limit hit ({0}). Please try again later.',
    id: 'Batas pengiriman Viber tercapai ({0}). Silakan coba lagi nanti.',
  },
  'viber.unavailable': {
    en: 'Viber service is temporarily unavailable.',
    id: 'Layanan Viber sedang tidak tersedia.',
  },
  'viber.failed': { en: 'Not delivered: {0}', id: 'Tidak terkirim: {0}' },
  // Live chat widget (001 §5 channels and pre-chat form, §8 live chat)
  'livechat.domainRequired': { en: 'Domain is required', id: 'Domain wajib diisi' },
  'livechat.domainInvalid': {
    en: 'Domain is invalid: it starts with http:// or https:// followed by the host',
    id: 'Domain tidak valid: diawali http:// atau https:// lalu nama host',
  },
  'livechat.domainDuplicate': {
    en: 'This domain is already used by another live chat',
    id: 'Domain ini sudah dipakai live chat lain',
  },
  'livechat.domainNotFound': { en: 'Live chat domain not found', id: 'Domain live chat tidak ditemukan' },
  'livechat.loadFailed': {
    en: 'Failed to load the live chat configuration',
    id: 'Gagal memuat konfigurasi live chat',
  },
  'livechat.saveFailed': {
    en: 'Failed to save the live chat configuration',
    id: 'Gagal menyimpan konfigurasi live chat',
  },
  'livechat.nameMax': { en: 'Max 60 Characters', id: 'Maksimal 60 karakter' },
  'livechat.titleRequired': { en: 'Title is required', id: 'Judul wajib diisi' },
  'livechat.titleMax': { en: 'Max 30 Characters', id: 'Maksimal 30 karakter' },
  'livechat.messageRequired': { en: 'Message is required', id: 'Pesan wajib diisi' },
  'livechat.messageMax': { en: 'Max 80 Characters', id: 'Maksimal 80 karakter' },
  'livechat.personaRequired': { en: 'Persona name is required', id: 'Nama persona wajib diisi' },
  'livechat.personaMax': { en: 'Max 30 Characters', id: 'Maksimal 30 karakter' },
  'livechat.colourInvalid': {
    en: 'Colour must be a hex code like #14B8A6',
    id: 'Warna harus berupa kode hex seperti #14B8A6',
  },
  'livechat.logoRequired': { en: 'Logo is required', id: 'Logo wajib diunggah' },
  'livechat.logoType': {
    en: 'Logo must be a png, jpg or jpeg image',
    id: 'Logo harus berupa gambar png, jpg, atau jpeg',
  },
  'livechat.logoSize': { en: 'Logo max 5 MB', id: 'Logo maksimal 5 MB' },
  'livechat.logoDimension': { en: 'Logo max 320x320 px', id: 'Logo maksimal 320x320 px' },
  'livechat.labelRequired': { en: 'Label is required', id: 'Label wajib diisi' },
  'livechat.labelMax': { en: 'Max 40 Characters', id: 'Maksimal 40 karakter' },
  'livechat.customizedDataRequired': {
    en: 'Customized data is required',
    id: 'Data kustom wajib dipilih',
  },
  'livechat.customizedDataDuplicate': {
    en: 'The same customized data cannot be picked twice',
    id: 'Data kustom yang sama tidak boleh dipilih dua kali',
  },
  'livechat.preChatMax3': {
    en: 'At most 3 extra components',
    id: 'Maksimal 3 komponen tambahan',
  },
  'livechat.consentRequired': { en: 'Consent text is required', id: 'Teks persetujuan wajib diisi' },
  'livechat.consentMax': { en: 'Max 500 Characters', id: 'Maksimal 500 karakter' },
  'livechat.visitorNameRequired': { en: 'Name is Required', id: 'Nama wajib diisi' },
  'livechat.visitorNameMax': { en: 'Max 150 Characters', id: 'Maksimal 150 karakter' },
  'livechat.consentNeeded': {
    en: 'Please agree to the consent to start chatting',
    id: 'Setujui pernyataan persetujuan untuk mulai chat',
  },
  'livechat.sessionExpired': {
    en: 'Your chat session has ended. Please fill in the form again.',
    id: 'Sesi chat Anda telah berakhir. Silakan isi formulir kembali.',
  },
  'livechat.originRefused': {
    en: 'This website is not allowed to use this live chat',
    id: 'Situs ini tidak diizinkan memakai live chat ini',
  },
  'livechat.emptyMessage': { en: 'Write a message or attach a file', id: 'Tulis pesan atau lampirkan file' },
  'livechat.tooManyFiles': { en: 'Max 20 attachments', id: 'Maksimal 20 lampiran' },
  'livechat.tooMany': {
    en: 'Too many requests. Please wait a moment and try again.',
    id: 'Terlalu banyak permintaan. Tunggu sebentar lalu coba lagi.',
  },
  // Chat attachments (000 §5 attachment limits, §8 file load/download failures, §9; 001 §5, §8 chat media)
  'attachment.empty': { en: 'The file is empty', id: 'File kosong' },
  'attachment.typeNotAllowed': {
    en: 'This file type cannot be sent on {0}',
    id: 'Jenis file ini tidak dapat dikirim di {0}',
  },
  'attachment.extensionNotAllowed': {
    en: 'Unsupported file. Allowed: {0}',
    id: 'File tidak didukung. Yang diizinkan: {0}',
  },
  'attachment.mismatch': {
    en: 'The file content is not a .{0} file',
    id: 'Isi file ini bukan file .{0}',
  },
  'attachment.tooLarge': { en: 'File too large (max {0} MB)', id: 'File terlalu besar (maks. {0} MB)' },
  'attachment.tooMany': {
    en: 'At most 20 files per message',
    id: 'Maksimal 20 file per pesan',
  },
  'attachment.fileRequired': { en: 'Please upload file to continue', id: 'Unggah file untuk melanjutkan' },
  'attachment.notFound': {
    en: 'This attachment no longer exists. Attach the file again.',
    id: 'Lampiran ini sudah tidak ada. Lampirkan file kembali.',
  },
  'attachment.captionTooLong': {
    en: 'Caption max {0} characters on this channel',
    id: 'Keterangan maksimal {0} karakter di kanal ini',
  },
  'attachment.captionNotAllowed': {
    en: 'A voice or audio file cannot have a caption',
    id: 'File suara atau audio tidak dapat diberi keterangan',
  },
  'attachment.uploadFailed': {
    en: 'Upload failed, please check your internet network again',
    id: 'Unggah gagal, silakan periksa kembali jaringan internet Anda',
  },
  'attachment.loadFailed': {
    en: 'Failed to load the file. Try again.',
    id: 'Gagal memuat file. Coba lagi.',
  },
  'wa.mediaUploadFailed': {
    en: 'Not delivered: WhatsApp refused the file ({0})',
    id: 'Tidak terkirim: WhatsApp menolak file ini ({0})',
  },
  // 001 §2 marketplace account dialog, §5, §8 (Shopee: store username or URL, then the seller's consent)
  'channel.marketplaceStoreRequired': {
    en: 'Marketplace username or link is required',
    id: 'Username atau link marketplace wajib diisi',
  },
  'channel.storeNotFound': { en: 'Store not found.', id: 'Toko tidak ditemukan.' },
  'channel.storeConnectedElsewhere': {
    en: 'This store is already connected to another business.',
    id: 'Toko ini sudah terhubung ke bisnis lain.',
  },
  'channel.marketplaceNotConfigured': {
    en: 'This marketplace is not set up on this server. Please contact admin.',
    id: 'Marketplace ini belum disiapkan di server ini. Silakan hubungi admin.',
  },
  // Shopee sends (000 §8 channel errors, in the provider's words where it gives them)
  'shopee.rateLimit': {
    en: 'Shopee rate limit hit ({0}). Please try again later.',
    id: 'Batas pengiriman Shopee tercapai ({0}). Silakan coba lagi nanti.',
  },
  'shopee.unavailable': {
    en: 'Shopee service is temporarily unavailable.',
    id: 'Layanan Shopee sedang tidak tersedia.',
  },
  'shopee.failed': { en: 'Not delivered: {0}', id: 'Tidak terkirim: {0}' },
} as const;
