/** The WhatsApp templates' messages (001 §8 Templates), merged into `MESSAGES`. */
export const TEMPLATE_MESSAGES = {
  // Follow-up templates, the new chat window and chat credits (000 §2, §5, §8; 001 §4, §5, §8)
  'template.required': { en: 'Template is required', id: 'Template wajib dipilih' },
  'template.followUpRequired': {
    en: 'A follow-up template must be chosen.',
    id: 'Template follow-up wajib dipilih.',
  },
  'template.notUsable': {
    en: 'This template is not approved for this use.',
    id: 'Template ini tidak disetujui untuk penggunaan ini.',
  },
  'template.variableRequired': {
    en: 'Fill in every template variable.',
    id: 'Isi semua variabel template.',
  },
  // WhatsApp template management (001 §5 Templates, §8 Templates and campaign)
  'template.nameRequired': { en: 'Template name is required', id: 'Nama template wajib diisi' },
  'template.nameFormat': {
    en: 'Use only lowercase letters, numbers and underscores',
    id: 'Gunakan hanya huruf kecil, angka, dan garis bawah',
  },
  'template.nameTaken': { en: 'Duplicate template name', id: 'Nama template sudah digunakan' },
  'template.nameBlocked': {
    en: 'Duplicate template name (wait 30 days after deleting).',
    id: 'Nama template duplikat (tunggu 30 hari setelah dihapus).',
  },
  'template.nameFixed': {
    en: 'The name, language and account of a submitted template cannot be changed.',
    id: 'Nama, bahasa, dan akun template yang sudah diajukan tidak dapat diubah.',
  },
  'template.accountRequired': { en: 'Choose a WhatsApp account', id: 'Pilih akun WhatsApp' },
  'template.languageRequired': { en: 'Language is required', id: 'Bahasa wajib dipilih' },
  'template.categoryRequired': { en: 'Category is required', id: 'Kategori wajib dipilih' },
  'template.subCategoryInvalid': {
    en: 'Choose a subcategory of this category',
    id: 'Pilih subkategori dari kategori ini',
  },
  'template.headerTextRequired': { en: 'Header text is required', id: 'Teks header wajib diisi' },
  'template.headerNoVariables': {
    en: 'The header cannot contain variables',
    id: 'Header tidak boleh berisi variabel',
  },
  'template.mediaRequired': { en: 'Header media is required', id: 'Media header wajib diisi' },
  'template.mediaType': { en: 'This file type is not allowed', id: 'Tipe file ini tidak diizinkan' },
  'template.mediaTooLarge': {
    en: 'The file is too large (image 5 MB, video 16 MB, document 100 MB)',
    id: 'Ukuran file terlalu besar (gambar 5 MB, video 16 MB, dokumen 100 MB)',
  },
  'template.imageSize': { en: 'Max image size 500x500', id: 'Ukuran gambar maksimal 500x500' },
  'template.bodyRequired': { en: 'Body is required', id: 'Isi pesan wajib diisi' },
  'template.bodyMax': { en: 'Max 1024 Characters', id: 'Maksimal 1024 karakter' },
  'template.footerMax': { en: 'Max 60 Characters', id: 'Maksimal 60 karakter' },
  'template.variableNameRequired': { en: 'Variable name is required', id: 'Nama variabel wajib diisi' },
  'template.variableName': {
    en: 'Variable cannot contain special characters',
    id: 'Variabel tidak boleh mengandung karakter khusus',
  },
  'template.variableDuplicate': { en: 'Variable names must differ', id: 'Nama variabel tidak boleh sama' },
  'template.sampleRequired': {
    en: 'Sample content is required',
    id: 'Contoh isi variabel wajib diisi',
  },
  'template.variablesMismatch': {
    en: 'Use every variable in the body once, as {{1}}, {{2}} … in order or by its name',
    id: 'Gunakan setiap variabel di isi pesan, sebagai {{1}}, {{2}} … berurutan atau dengan namanya',
  },
  'template.staticNoVariables': {
    en: 'A static template has no variables',
    id: 'Template statis tidak memiliki variabel',
  },
  'template.typeNeedsVariables': {
    en: 'This template type needs at least one variable',
    id: 'Tipe template ini membutuhkan minimal satu variabel',
  },
  'template.contactFieldRequired': {
    en: 'Choose the contact field that fills this variable',
    id: 'Pilih kolom kontak yang mengisi variabel ini',
  },
  'template.newMessageVariables': {
    en: 'Rejected or variable templates cannot be used as a new message.',
    id: 'Template yang ditolak atau bervariabel tidak dapat dipakai sebagai pesan baru.',
  },
  'template.buttonsMax': { en: 'At most 10 buttons', id: 'Maksimal 10 tombol' },
  'template.buttonTextRequired': { en: 'Button text is required', id: 'Teks tombol wajib diisi' },
  'template.buttonTextMax': { en: 'Max 25 Characters', id: 'Maksimal 25 karakter' },
  'template.buttonTextDuplicate': {
    en: 'Button text cannot be duplicated',
    id: 'Teks tombol tidak boleh sama',
  },
  'template.buttonPhoneRequired': { en: 'Phone number is required', id: 'Nomor telepon wajib diisi' },
  'template.buttonPhone': {
    en: 'Phone number must start with 62 and be 9-13 digits',
    id: 'Nomor telepon harus diawali 62 dan terdiri dari 9-13 digit',
  },
  'template.buttonUrlRequired': { en: 'URL is required', id: 'URL wajib diisi' },
  'template.buttonUrl': {
    en: 'URL must start with http:// or https://',
    id: 'URL harus diawali http:// atau https://',
  },
  'template.buttonWaMe': {
    en: 'Direct wa.me links are not allowed',
    id: 'Tautan langsung wa.me tidak diizinkan',
  },
  'template.buttonUrlDuplicate': { en: 'URL cannot be duplicated', id: 'URL tidak boleh sama' },
  'template.notFound': { en: 'Failed to get template detail', id: 'Gagal mendapatkan detail template' },
  'template.providerRefused': {
    en: 'WhatsApp refused the template: {0}',
    id: 'WhatsApp menolak template: {0}',
  },
  'template.providerUnavailable': {
    en: 'Failed to load provider info. Please try again.',
    id: 'Gagal memuat info penyedia. Silakan coba lagi.',
  },
  'template.listFailed': {
    en: 'Failed to get template list. Please try again.',
    id: 'Gagal mendapatkan daftar template. Silakan coba lagi.',
  },
  'template.noPermission': {
    en: 'Role has no permission to create templates.',
    id: 'Peran tidak memiliki izin untuk membuat template.',
  },
} as const;
