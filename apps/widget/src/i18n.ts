/** The widget's own labels (id default, en), picked from the page's `lang` or the browser's language. */
export const LABELS = {
  id: {
    panel: 'Chat langsung',
    open: 'Buka chat',
    close: 'Tutup chat',
    name: 'Nama',
    start: 'Mulai chat',
    consentNeeded: 'Setujui pernyataan persetujuan untuk mulai chat',
    required: 'Kolom ini wajib diisi',
    placeholder: 'Tulis pesan…',
    send: 'Kirim',
    attach: 'Lampirkan file',
    removeFile: 'Hapus file',
    tooManyFiles: 'Maksimal 20 lampiran',
    sending: 'Mengirim…',
    failed: 'Gagal mengirim. Coba lagi.',
    reconnecting: 'Menyambungkan ulang…',
    offline: 'Koneksi terputus.',
    retry: 'Coba lagi',
    empty: 'Belum ada pesan. Kirim pesan pertama Anda.',
    loading: 'Memuat…',
    loadFailed: 'Gagal memuat live chat.',
    you: 'Anda',
    download: 'Unduh',
    sent: 'Terkirim',
    delivered: 'Diterima',
    read: 'Dibaca',
    rate: 'Beri nilai {n} dari 5',
  },
  en: {
    panel: 'Live chat',
    open: 'Open chat',
    close: 'Close chat',
    name: 'Name',
    start: 'Start chat',
    consentNeeded: 'Please agree to the consent to start chatting',
    required: 'This field is required',
    placeholder: 'Write a message…',
    send: 'Send',
    attach: 'Attach files',
    removeFile: 'Remove file',
    tooManyFiles: 'Max 20 attachments',
    sending: 'Sending…',
    failed: 'Not sent. Try again.',
    reconnecting: 'Reconnecting…',
    offline: 'Connection lost.',
    retry: 'Retry',
    empty: 'No messages yet. Send your first message.',
    loading: 'Loading…',
    loadFailed: 'Failed to load the live chat.',
    you: 'You',
    download: 'Download',
    sent: 'Sent',
    delivered: 'Delivered',
    read: 'Read',
    rate: 'Rate {n} out of 5',
  },
} as const;

export type Lang = keyof typeof LABELS;
export type Labels = (typeof LABELS)[Lang];

/** English when the page or browser says so, Indonesian otherwise (000 §1: Indonesian by default). */
export function pickLanguage(
  pageLang: string | null | undefined,
  browserLang: string | null | undefined,
): Lang {
  for (const tag of [pageLang, browserLang]) {
    const t = (tag ?? '').trim().slice(0, 2).toLowerCase();
    if (t === 'en' || t === 'id') return t;
  }
  return 'id';
}
