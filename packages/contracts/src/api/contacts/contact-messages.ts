/** The contacts' messages (001 §8 Contacts: list, fields, groups, tags, uploads), merged into `MESSAGES`. */
export const CONTACT_MESSAGES = {
  'contacts.max100': { en: 'Max 100 Characters', id: 'Maksimal 100 karakter' },
  'contacts.valueDate': { en: 'Date format is invalid', id: 'Format tanggal tidak valid' },
  'contacts.tagRequired': { en: 'Tag name is required', id: 'Nama tag wajib diisi' },
  'contacts.descriptionRequired': { en: 'Description is required', id: 'Deskripsi wajib diisi' },
  'contacts.pickContacts': { en: 'Choose at least one contact', id: 'Pilih minimal satu kontak' },
  'contacts.tagTaken': {
    en: 'Contact tag name must be unique: this tag already exists',
    id: 'Nama tag kontak harus unik: tag ini sudah ada',
  },
  'contacts.groupTaken': {
    en: 'A group with this name already exists',
    id: 'Grup dengan nama ini sudah ada',
  },
  'contacts.hasChats': {
    en: 'This contact has chat history and cannot be deleted.',
    id: 'Kontak ini memiliki riwayat chat sehingga tidak dapat dihapus.',
  },
  'contacts.tagNotFound': { en: 'This tag no longer exists.', id: 'Tag ini sudah tidak ada.' },
  'contacts.groupNotFound': { en: 'This group no longer exists.', id: 'Grup ini sudah tidak ada.' },
  'contacts.valueNumber': { en: 'Enter a number', id: 'Masukkan angka' },
  'contacts.valueChoice': { en: 'Choose one of the options', id: 'Pilih salah satu opsi' },
  'contacts.valueUrl': {
    en: 'URL format is invalid (start with http:// or https://)',
    id: 'Format URL tidak valid (diawali http:// atau https://)',
  },
  'contacts.fieldTitleRequired': { en: 'Title is required', id: 'Judul wajib diisi' },
  'contacts.fieldTypeRequired': { en: 'Type is required', id: 'Tipe wajib dipilih' },
  'contacts.fieldValidationRequired': { en: 'Validation is required', id: 'Validasi wajib dipilih' },
  'contacts.optionRequired': { en: 'Option is required', id: 'Opsi wajib diisi' },
  'contacts.optionDuplicate': { en: 'Options must be different', id: 'Opsi tidak boleh sama' },
  'contacts.optionsMax': { en: 'At most 50 options', id: 'Maksimal 50 opsi' },
  'contacts.fieldTitleTaken': {
    en: 'Custom field title must be unique: this title already exists',
    id: 'Judul kolom kustom harus unik: judul ini sudah ada',
  },
  'contacts.fieldTypeFixed': {
    en: 'The type of a custom field cannot be changed once added.',
    id: 'Tipe kolom kustom tidak dapat diubah setelah ditambahkan.',
  },
  'contacts.fieldNotFound': {
    en: 'This custom field no longer exists.',
    id: 'Kolom kustom ini sudah tidak ada.',
  },
  'contacts.upload.invalidFormat': { en: 'Invalid file format', id: 'Format file tidak valid' },
  'contacts.upload.fileRequired': {
    en: 'Please upload file to continue',
    id: 'Unggah file untuk melanjutkan',
  },
  'contacts.upload.templateMismatch': {
    en: 'The file does not match the template. Download the template and keep its columns unchanged.',
    id: 'File tidak sesuai template. Unduh template dan jangan ubah kolomnya.',
  },
  'contacts.upload.tooManyRows': { en: 'Max 2000 contacts per file', id: 'Maksimal 2000 kontak per file' },
  'contacts.upload.systemError': {
    en: 'Error when processing file',
    id: 'Terjadi kesalahan saat memproses file',
  },
  'contacts.upload.duplicateInFile': {
    en: 'This number is already in an earlier row of the file',
    id: 'Nomor ini sudah ada di baris sebelumnya dalam file',
  },
  'contacts.upload.groupUnknown': { en: 'Unknown group: {0}', id: 'Grup tidak dikenal: {0}' },
  'contacts.upload.tooManyTags': { en: 'Max 20 tags per contact', id: 'Maksimal 20 tag per kontak' },
  'contacts.contactNotFound': {
    en: 'A chosen contact no longer exists.',
    id: 'Kontak yang dipilih sudah tidak ada.',
  },
} as const;
