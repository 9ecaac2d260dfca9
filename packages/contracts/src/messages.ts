/**
 * Every user-facing message the server or the web app produces from a rule of the spec, in both languages.
 * Keys are stable; the English text is the spec's wording verbatim where the spec gives one.
 */
import { AUDIT_MESSAGES } from './api/audit/audit.js';
import { AUTOMATION_MESSAGES } from './api/automation/automation.js';
import { CHATBOT_MESSAGES } from './api/automation/chatbot.js';
import { INVOICE_MESSAGES } from './api/billing/invoices.js';
import { BROADCAST_MESSAGES } from './api/broadcasts/broadcasts.js';
import { CALL_MESSAGES } from './api/calls/call-rules.js';
import { PHONE_CALL_MESSAGES } from './api/calls/phone-calls.js';
import { CATALOGUE_MESSAGES } from './api/catalogue/catalogue.js';
import { CHANNEL_MESSAGES } from './api/channels/channel-messages.js';
import { CONTACT_MESSAGES } from './api/contacts/contact-messages.js';
import { EXPORT_MESSAGES } from './api/exports/exports.js';
import { WA_CATALOGUE_MESSAGES } from './api/orders/cart.js';
import { ORDER_MESSAGES } from './api/orders/orders.js';
import { PAYMENT_MESSAGES } from './api/payments/payments.js';
import { PUSH_MESSAGES } from './api/push/push.js';
import { SHOPIFY_MESSAGES } from './api/shopify/shopify.js';
import { SIGN_UP_MESSAGES } from './api/signup/signup.js';
import { SUBSCRIPTION_MESSAGES } from './api/subscriptions/subscriptions.js';
import { TEMPLATE_MESSAGES } from './api/templates/template-messages.js';
import { WALLET_MESSAGES } from './api/wallet/wallet.js';
import { PHONE_MESSAGES } from './phone.js';
import { REPLY_BUTTON_MESSAGES } from './reply-buttons.js';

export const LANGUAGES = ['id', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** 000 §1: the default language is Indonesian. */
export const DEFAULT_LANGUAGE: Language = 'id';

export const MESSAGES = {
  // 001 §2 chat credits, Mutation tab filter
  'billing.rangeInvalid': {
    en: 'The start date must be before the end date',
    id: 'Tanggal mulai harus sebelum tanggal akhir',
  },
  // 001 §8 Accounts / 000 §8
  'auth.invalidCredentials': { en: 'Email or password is invalid', id: 'Email atau kata sandi tidak valid' },
  'auth.tooManyAttempts': {
    en: 'Too many sign-in attempts. Please try again in a few minutes.',
    id: 'Terlalu banyak percobaan masuk. Silakan coba lagi dalam beberapa menit.',
  },
  'auth.userInactive': {
    en: 'This user is inactive or deleted.',
    id: 'Pengguna ini tidak aktif atau telah dihapus.',
  },
  'auth.sessionExpired': {
    en: 'Your session has expired. Please sign in again.',
    id: 'Sesi Anda telah berakhir. Silakan masuk kembali.',
  },
  // 000 §6 client-event logging for a fixed list of client ids
  'logs.clientNotEnabled': {
    en: 'Event logging is not enabled for this client.',
    id: 'Pencatatan event tidak diaktifkan untuk klien ini.',
  },
  'auth.unauthorized': { en: 'Please sign in to continue.', id: 'Silakan masuk untuk melanjutkan.' },
  'auth.noClient': {
    en: 'This account does not belong to that business.',
    id: 'Akun ini tidak terdaftar pada bisnis tersebut.',
  },
  'auth.mfaInvalid': { en: 'Invalid verification code.', id: 'Kode verifikasi tidak valid.' },
  'auth.mfaNotSetUp': {
    en: 'Two-factor verification has not been set up.',
    id: 'Verifikasi dua langkah belum diatur.',
  },
  'auth.mfaAlreadyOn': {
    en: 'Two-factor verification is already active.',
    id: 'Verifikasi dua langkah sudah aktif.',
  },
  // 000 §2 Route guard
  'access.forbidden': {
    en: 'You have no permission to access this menu.',
    id: 'Anda tidak memiliki akses ke menu ini.',
  },
  // 001 §5 / §8 password rules
  'password.required': { en: 'Password is required', id: 'Kata sandi wajib diisi' },
  'password.min8': { en: 'Password must be at least 8 characters', id: 'Kata sandi minimal 8 karakter' },
  'password.format': {
    en: 'Password must contain letters and numbers',
    id: 'Kata sandi harus berisi huruf dan angka',
  },
  'password.mismatch': {
    en: 'New password and confirmation do not match',
    id: 'Kata sandi baru dan konfirmasi tidak sama',
  },
  'password.currentWrong': { en: 'Current password is wrong', id: 'Kata sandi saat ini salah' },
  'password.usedRecently': {
    en: 'This password was used recently. Choose another one.',
    id: 'Kata sandi ini baru saja digunakan. Pilih kata sandi lain.',
  },
  'password.changed': {
    en: 'Password changed. Please sign in again.',
    id: 'Kata sandi berhasil diubah. Silakan masuk kembali.',
  },
  // Forgot password (001 §8)
  'reset.emailUnregistered': { en: 'Email is not registered', id: 'Email tidak terdaftar' },
  'reset.phoneUnregistered': { en: 'Phone number is not registered', id: 'Nomor telepon tidak terdaftar' },
  'reset.tooManyRequests': {
    en: 'Too many requests. Please wait before asking for a new code.',
    id: 'Terlalu banyak permintaan. Silakan tunggu sebelum meminta kode baru.',
  },
  'reset.otpExpired': { en: 'The OTP code has expired', id: 'Kode OTP sudah kedaluwarsa' },
  'reset.otpIncorrect': { en: 'The OTP code is incorrect', id: 'Kode OTP salah' },
  'reset.sessionExpired': {
    en: 'The reset session has expired. Please start again.',
    id: 'Sesi atur ulang telah berakhir. Silakan mulai lagi.',
  },
  'reset.otpRequired': { en: 'OTP is required', id: 'OTP wajib diisi' },
  // Generic validation (000 §5, 001 §5)
  'validation.required': { en: 'Name is Required', id: 'Nama wajib diisi' },
  'validation.fieldRequired': { en: 'This field is required', id: 'Kolom ini wajib diisi' },
  'validation.max15': { en: 'Max 15 Characters', id: 'Maksimal 15 karakter' },
  'validation.max300': { en: 'Max 300 Characters', id: 'Maksimal 300 karakter' },
  'validation.email': { en: 'Email format is invalid', id: 'Format email tidak valid' },
  'validation.emailRequired': { en: 'Email is required', id: 'Email wajib diisi' },
  'validation.phone': { en: 'Phone number format is invalid', id: 'Format nomor telepon tidak valid' },
  'validation.otp5': { en: 'The code has 5 digits', id: 'Kode terdiri dari 5 digit' },
  'validation.otp6': { en: 'The code has 6 digits', id: 'Kode terdiri dari 6 digit' },
  'validation.invalidMenu': { en: 'Unknown menu', id: 'Menu tidak dikenal' },
  'validation.duplicateMenu': { en: 'A menu is listed twice', id: 'Menu tercantum dua kali' },
  'validation.menuRequired': { en: 'Choose at least one menu', id: 'Pilih minimal satu menu' },
  'validation.featureString': {
    en: 'The feature access must be a string of 0 and 1',
    id: 'Akses fitur harus berupa deretan 0 dan 1',
  },
  'validation.invalid': { en: 'The request is invalid', id: 'Permintaan tidak valid' },
  // Users and roles (001 §8)
  'user.emailTaken': {
    en: 'This email is already registered in the product',
    id: 'Email ini sudah terdaftar di produk',
  },
  'user.roleRequired': {
    en: 'Role is required for users with Chat Inbox access',
    id: 'Peran wajib diisi untuk pengguna dengan akses kotak masuk chat',
  },
  'user.roleNotAllowed': {
    en: 'Role must be empty for users without Chat Inbox access',
    id: 'Peran harus kosong untuk pengguna tanpa akses kotak masuk chat',
  },
  'user.deleteBlockedTickets': {
    en: 'This user still has assigned or open tickets and cannot be deleted.',
    id: 'Pengguna ini masih memiliki tiket yang ditugaskan atau terbuka sehingga tidak dapat dihapus.',
  },
  'user.passwordOtherBusiness': {
    en: 'This user also belongs to another business; only they can change their password.',
    id: 'Pengguna ini juga terdaftar di bisnis lain; hanya pengguna tersebut yang dapat mengubah kata sandinya.',
  },
  'user.cannotDeleteSelf': {
    en: 'You cannot delete your own user.',
    id: 'Anda tidak dapat menghapus pengguna Anda sendiri.',
  },
  'user.notBelowYou': {
    en: 'You can only manage users below your own role.',
    id: 'Anda hanya dapat mengelola pengguna di bawah peran Anda.',
  },
  'user.tooManyRefusals': {
    en: 'Too many users could not be added. Please try again later.',
    id: 'Terlalu banyak pengguna yang tidak dapat ditambahkan. Silakan coba lagi nanti.',
  },
  'demo.outboxForbidden': {
    en: 'Only the owner or an admin of the demo business can read its outbox.',
    id: 'Hanya pemilik atau admin bisnis demo yang dapat membaca kotak keluarnya.',
  },
  'user.cannotDeleteOwner': { en: 'The owner cannot be deleted.', id: 'Pemilik tidak dapat dihapus.' },
  'role.nameTaken': {
    en: 'An access role with this name already exists',
    id: 'Peran akses dengan nama ini sudah ada',
  },
  'role.inUse': {
    en: 'This access role is still held by users and cannot be deleted.',
    id: 'Peran akses ini masih dipakai pengguna sehingga tidak dapat dihapus.',
  },
  // Inbox and channels (000 §8, 001 §8)
  'inbox.expiredWhatsapp': {
    en: 'This chat has expired: more than 24 hours since the customer last wrote. Send a follow-up template.',
    id: 'Chat ini sudah kedaluwarsa: lebih dari 24 jam sejak pelanggan terakhir mengirim pesan. Kirim template follow-up.',
  },
  'inbox.expiredResolve': {
    en: 'This chat has expired. Replies are closed after 24 hours; resolve the chat.',
    id: 'Chat ini sudah kedaluwarsa. Balasan ditutup setelah 24 jam; selesaikan chat ini.',
  },
  'inbox.creditsEmpty': {
    en: 'Chat credits are empty. Contact your admin to top up.',
    id: 'Kredit chat habis. Hubungi admin Anda untuk isi ulang.',
  },
  'inbox.ticketClosed': { en: 'This chat is already resolved.', id: 'Chat ini sudah diselesaikan.' },
  'inbox.assigneeInvalid': {
    en: 'This user cannot be assigned to chats.',
    id: 'Pengguna ini tidak dapat ditugaskan ke chat.',
  },
  // Ticket properties, categories and contacts (000 §2 inbox panels; 001 §5, §8 contacts, §8 other)
  'validation.max50': { en: 'Max 50 Characters', id: 'Maksimal 50 karakter' },
  'validation.max150': { en: 'Max 150 Characters', id: 'Maksimal 150 karakter' },
  'validation.max1000': { en: 'Max 1000 Characters', id: 'Maksimal 1000 karakter' },
  'validation.max1024': { en: 'Max 1024 Characters', id: 'Maksimal 1024 karakter' },
  'ticket.tooManyTags': { en: 'At most 20 tags per chat', id: 'Maksimal 20 tag per chat' },
  'ticket.categoryNotFound': {
    en: 'This category no longer exists.',
    id: 'Kategori ini sudah tidak ada.',
  },
  'ticket.categoryTaken': {
    en: 'Duplicate titles: a category with this name already exists.',
    id: 'Judul duplikat: kategori dengan nama ini sudah ada.',
  },
  // 001 §8 contacts, verbatim.
  'contact.duplicate': {
    en: 'Duplicate contact: delete the existing one to update',
    id: 'Kontak duplikat: hapus kontak yang sudah ada untuk memperbarui',
  },
  'contact.whatsappPhone': {
    en: "This contact's phone number is their WhatsApp number and cannot be changed.",
    id: 'Nomor telepon kontak ini adalah nomor WhatsApp-nya dan tidak dapat diubah.',
  },
  // Contacts CRM: list, tags, groups, custom fields, bulk upload (001 §3, §5, §8 contacts and upload, §9)
  'validation.max30': { en: 'Max 30 Characters', id: 'Maksimal 30 karakter' },
  'newChat.accountRequired': { en: 'Choose the account to send from.', id: 'Pilih akun pengirim.' },
  'newChat.phoneRequired': { en: 'Phone number is required', id: 'Nomor telepon wajib diisi' },
  'newChat.phoneFormat': {
    en: 'Phone number must be 9-13 digits in the format 628xxx or 08xxx.',
    id: 'Nomor telepon harus 9-13 digit dengan format 628xxx atau 08xxx.',
  },
  'newChat.activeChat': {
    en: 'This number already has an active chat.',
    id: 'Nomor ini sudah memiliki chat aktif.',
  },
  'newChat.recipientRequired': {
    en: 'Phone number or username is required',
    id: 'Nomor telepon atau username wajib diisi',
  },
  'newChat.notSupported': {
    en: 'A new chat cannot be started on this channel.',
    id: 'Chat baru tidak dapat dimulai di kanal ini.',
  },
  // Chat library, macros, ticket forms, time tracking (001 §3 quick reply, remark, chat tag; 001 §8; 000 §2, §3, §5, §8)
  'library.titleTaken': {
    en: 'Duplicate titles: another entry already has this title.',
    id: 'Judul duplikat: entri lain sudah memakai judul ini.',
  },
  'library.contentTooLong': { en: 'Max 4096 Characters', id: 'Maksimal 4096 karakter' },
  // Maker/checker (001 §3, §5, §6) and advanced broadcasts (001 §3, §4, §5, §8)
  'makerChecker.nameMin2': { en: 'Min 2 Characters', id: 'Minimal 2 karakter' },
  'makerChecker.mediaTypeRequired': { en: 'Media type is required', id: 'Tipe media wajib dipilih' },
  'makerChecker.positionRequired': { en: 'Position is required', id: 'Posisi wajib dipilih' },
  'makerChecker.notMember': {
    en: 'This email is not a user of this business.',
    id: 'Email ini bukan pengguna bisnis ini.',
  },
  'makerChecker.duplicate': {
    en: 'This user already has a maker/checker account for this media type.',
    id: 'Pengguna ini sudah memiliki akun maker/checker untuk tipe media ini.',
  },
  'makerChecker.notMaker': {
    en: 'Only Maker users can send broadcasts.',
    id: 'Hanya pengguna Maker yang dapat mengirim broadcast.',
  },
  'makerChecker.notChecker': {
    en: 'Only Checker users can approve or reject broadcasts.',
    id: 'Hanya pengguna Checker yang dapat menyetujui atau menolak broadcast.',
  },
  'advancedBroadcast.nameTaken': {
    en: 'Advanced broadcast name already exists.',
    id: 'Nama broadcast lanjutan sudah digunakan.',
  },
  'advancedBroadcast.templateNeedsContactVariables': {
    en: 'The template must contain contact variables.',
    id: 'Template harus berisi variabel kontak.',
  },
  'advancedBroadcast.ruleDuplicate': {
    en: 'The same variable and rule cannot be used twice.',
    id: 'Variabel dan aturan yang sama tidak boleh digunakan dua kali.',
  },
  'advancedBroadcast.notEditable': {
    en: 'One-time broadcasts and past schedules cannot be edited.',
    id: 'Broadcast satu kali dan jadwal yang sudah lewat tidak dapat diubah.',
  },
  'advancedBroadcast.scheduleExpired': {
    en: 'The schedule has passed and cannot be activated.',
    id: 'Jadwal sudah lewat dan tidak dapat diaktifkan.',
  },
  'advancedBroadcast.rulesRequired': {
    en: 'Add at least one recipient rule.',
    id: 'Tambahkan minimal satu aturan penerima.',
  },
  'advancedBroadcast.valueNumber': { en: 'The value must be a number.', id: 'Nilai harus berupa angka.' },
  'advancedBroadcast.valueDate': {
    en: 'The value must be a date (YYYY-MM-DD).',
    id: 'Nilai harus berupa tanggal (YYYY-MM-DD).',
  },
  'advancedBroadcast.sendFailed': {
    en: 'The advanced broadcast could not be sent. Please try again.',
    id: 'Broadcast lanjutan gagal dikirim. Silakan coba lagi.',
  },
  'advancedBroadcast.ruleNotForVariable': {
    en: 'This rule cannot be used with this variable.',
    id: 'Aturan ini tidak dapat digunakan untuk variabel ini.',
  },
  'macro.actionsRequired': { en: 'Add at least one action', id: 'Tambahkan minimal satu aksi' },
  'macro.tooManyActions': { en: 'At most 10 actions per macro', id: 'Maksimal 10 aksi per makro' },
  'macro.actionTwice': {
    en: 'Priority and status can each be set once per macro',
    id: 'Prioritas dan status masing-masing hanya dapat diatur sekali per makro',
  },
  'ticketForm.optionsRequired': { en: 'Add at least one option', id: 'Tambahkan minimal satu pilihan' },
  'ticketForm.tooManyOptions': { en: 'At most 50 options', id: 'Maksimal 50 pilihan' },
  'ticketForm.optionTwice': { en: 'An option is listed twice', id: 'Pilihan tercantum dua kali' },
  'ticketForm.fieldsRequired': { en: 'Choose at least one field', id: 'Pilih minimal satu kolom' },
  'ticketForm.tooManyFields': { en: 'At most 30 fields per form', id: 'Maksimal 30 kolom per formulir' },
  'ticketForm.fieldTwice': { en: 'A field is listed twice', id: 'Kolom tercantum dua kali' },
  'ticketForm.fieldNotFound': { en: 'This field no longer exists.', id: 'Kolom ini sudah tidak ada.' },
  'ticketForm.formNotFound': { en: 'This form no longer exists.', id: 'Formulir ini sudah tidak ada.' },
  'ticketForm.typeFixed': {
    en: "A field's type cannot be changed once created.",
    id: 'Tipe kolom tidak dapat diubah setelah dibuat.',
  },
  'ticketForm.valueInvalid': {
    en: 'This value does not fit the field',
    id: 'Nilai ini tidak sesuai dengan kolomnya',
  },
  'ticketForm.emailCcInvalid': {
    en: 'Email Cc format is invalid: separate up to 20 addresses with commas.',
    id: 'Format Email Cc tidak valid: pisahkan hingga 20 alamat dengan koma.',
  },
  'ticketForm.saveFailed': {
    en: 'Failed to save the form info. Please check the fields and try again.',
    id: 'Gagal menyimpan info formulir. Periksa kolom lalu coba lagi.',
  },
  // Saved views and Auto Assign / play mode (000 §2 ticket view, Auto Assign mode; §4 play mode; §8)
  'view.nameMax': { en: 'Max 50 Characters', id: 'Maksimal 50 karakter' },
  'view.nameTaken': { en: 'A view with this name already exists', id: 'View dengan nama ini sudah ada' },
  'view.rangeInvalid': {
    en: 'The end of the range must be after its start',
    id: 'Akhir rentang harus setelah awalnya',
  },
  'play.viewOrChannel': { en: 'Choose a view or a channel', id: 'Pilih view atau kanal' },
  'play.noteRequired': { en: 'Notes are required', id: 'Catatan wajib diisi' },
  'play.noteMax': { en: 'Max 500 Characters', id: 'Maksimal 500 karakter' },
  'play.channelNotConnected': {
    en: 'No account is connected on this channel. An admin connects one in Settings › Business settings › Channels; or choose another channel.',
    id: 'Belum ada akun yang terhubung di kanal ini. Admin menghubungkannya di Pengaturan › Pengaturan bisnis › Kanal; atau pilih kanal lain.',
  },
  'play.notActive': { en: 'Auto Assign is not active', id: 'Auto Assign tidak aktif' },
  'play.cannotBeAssigned': {
    en: 'Your customer-service position cannot be assigned tickets',
    id: 'Posisi customer service Anda tidak dapat ditugaskan tiket',
  },
  'play.activateFailed': {
    en: 'Failed to activate Auto Assign. Please try again.',
    id: 'Gagal mengaktifkan Auto Assign. Silakan coba lagi.',
  },
  'play.deactivateFailed': {
    en: 'Failed to deactivate Auto Assign. Please try again.',
    id: 'Gagal menonaktifkan Auto Assign. Silakan coba lagi.',
  },
  // Groups, CS positions, assignment (000 §5 group rules, §6 CS roles, §8 group and assignment failures)
  'teams.saveFailed': { en: 'Failed Saving Group, {0}', id: 'Gagal Menyimpan Grup, {0}' },
  'teams.nameTaken': {
    en: 'A group with this name already exists',
    id: 'Grup dengan nama ini sudah ada',
  },
  'teams.deleteFailed': { en: 'Failed to delete the group. {0}', id: 'Gagal menghapus grup. {0}' },
  'teams.groupNotEmpty': {
    en: 'Remove every member before deleting the group.',
    id: 'Keluarkan semua anggota sebelum menghapus grup.',
  },
  'teams.defaultGroup': {
    en: 'The default group cannot be deleted.',
    id: 'Grup default tidak dapat dihapus.',
  },
  'teams.groupInvalid': { en: 'This group does not exist.', id: 'Grup ini tidak ada.' },
  'teams.memberAddFailed': {
    en: 'Failed to add the member: this user cannot handle chats.',
    id: 'Gagal menambahkan anggota: pengguna ini tidak dapat menangani chat.',
  },
  'teams.memberRemoveFailed': { en: 'Failed to remove the member.', id: 'Gagal mengeluarkan anggota.' },
  'teams.listFailed': { en: 'Failed to load the groups.', id: 'Gagal memuat grup.' },
  'teams.assignFailed': { en: 'Failed to assign the chat.', id: 'Gagal menugaskan chat.' },
  'teams.attachmentsOff': {
    en: 'Attachments are turned off in the chat room settings.',
    id: 'Lampiran dinonaktifkan di pengaturan ruang chat.',
  },
  'teams.cannotReply': {
    en: 'Your position (Supervisor 1) can see and assign chats but not reply.',
    id: 'Posisi Anda (Supervisor 1) dapat melihat dan menugaskan chat, tetapi tidak membalas.',
  },
  'teams.cannotAssign': {
    en: 'Your position cannot assign chats.',
    id: 'Posisi Anda tidak dapat menugaskan chat.',
  },
  // Generic HTTP
  'http.notFound': { en: 'Not found', id: 'Tidak ditemukan' },
  'http.internal': {
    en: 'Something went wrong. Please try again.',
    id: 'Terjadi kesalahan. Silakan coba lagi.',
  },
  'http.tooLarge': { en: 'The request is too large', id: 'Permintaan terlalu besar' },
  'http.failToSend': { en: 'Fail to send request', id: 'Gagal mengirim permintaan' },
  // Bulk ticket actions (000 §3 bulk ticket action and job, §8 chat list maximum selection, ticket errors)
  'bulk.nothingToDo': {
    en: 'Choose at least one change to apply.',
    id: 'Pilih setidaknya satu perubahan untuk diterapkan.',
  },
  'bulk.nothingSelected': { en: 'Select at least one chat.', id: 'Pilih setidaknya satu chat.' },
  'bulk.tooMany': {
    en: 'At most {0} chats can be changed at once. Narrow the filter.',
    id: 'Maksimal {0} chat dapat diubah sekaligus. Persempit filternya.',
  },
  'bulk.ticketNotFound': {
    en: 'This chat does not exist or you cannot see it.',
    id: 'Chat ini tidak ada atau tidak dapat Anda lihat.',
  },
  'bulk.oneAssignee': {
    en: 'Choose an agent or a group, not both.',
    id: 'Pilih agen atau grup, jangan keduanya.',
  },
  'bulk.macroNotFound': { en: 'This macro no longer exists.', id: 'Makro ini sudah tidak ada.' },
  'bulk.groupNotFound': { en: 'This group no longer exists.', id: 'Grup ini sudah tidak ada.' },
  'bulk.jobFailed': {
    en: 'The bulk update stopped because of an error. Please try again.',
    id: 'Pembaruan massal berhenti karena terjadi kesalahan. Silakan coba lagi.',
  },
  ...CONTACT_MESSAGES,
  ...CHANNEL_MESSAGES,
  ...TEMPLATE_MESSAGES,
  ...BROADCAST_MESSAGES,
  ...CATALOGUE_MESSAGES,
  ...EXPORT_MESSAGES,
  ...AUTOMATION_MESSAGES,
  ...ORDER_MESSAGES,
  ...WA_CATALOGUE_MESSAGES,
  ...AUDIT_MESSAGES,
  ...CHATBOT_MESSAGES,
  ...PAYMENT_MESSAGES,
  ...SUBSCRIPTION_MESSAGES,
  ...SIGN_UP_MESSAGES,
  ...SHOPIFY_MESSAGES,
  ...PHONE_MESSAGES,
  ...REPLY_BUTTON_MESSAGES,
  ...PUSH_MESSAGES,
  ...WALLET_MESSAGES,
  ...INVOICE_MESSAGES,
  ...CALL_MESSAGES,
  ...PHONE_CALL_MESSAGES,
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES, value);
}

/** The message for `key` in `language`, with `{0}`, `{1}` … replaced by `params`. */
export function translate(
  key: MessageKey,
  language: Language,
  params: readonly (string | number)[] = [],
): string {
  const text: string = MESSAGES[key][language];
  return text.replace(/\{(\d+)\}/g, (whole, i: string) => {
    const value = params[Number(i)];
    return value === undefined ? whole : String(value);
  });
}

/** Picks `id` or `en` from an Accept-Language header; Indonesian when nothing matches. */
export function languageFromHeader(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  for (const part of header.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'en' || tag === 'id') return tag;
  }
  return DEFAULT_LANGUAGE;
}
