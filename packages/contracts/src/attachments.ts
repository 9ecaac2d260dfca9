import {
  ATTACHMENT_RULES,
  type AttachmentKind,
  type AttachmentRule,
  attachmentKindOf,
  CHANNELS,
} from './channels.js';
import type { MessageKey } from './messages.js';
import type { ChannelCode } from './partner.js';

/**
 * Chat attachments (000 §5 attachment limits by channel, §9 file names; 001 §5 chat media): what a file
 * really is (from its first bytes, not its name), which channel takes it, and the name it is stored under.
 * Pure functions over bytes, shared by the server (agent and visitor uploads) and the web composer.
 */

const MB = 1024 * 1024;

/**
 * Limits of a channel that 000 §5's table does not list: WhatsApp's (the only complete row), so no channel
 * accepts more than the provider most customers use; the channel's attachment flags still decide the kinds.
 */
const DEFAULT_RULES: Readonly<Record<AttachmentKind, AttachmentRule>> = {
  image: { maxBytes: 5 * MB, extensions: null },
  audio: { maxBytes: 16 * MB, extensions: null },
  video: { maxBytes: 16 * MB, extensions: null },
  document: { maxBytes: 100 * MB, extensions: null },
};

/** The file's extension, lower case, without the dot ('' when it has none). */
export function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** 000 §9: spaces become underscores; path parts and characters unsafe in a file name are dropped. */
export function normalizeFileName(original: string): string {
  const base = (original.split(/[\\/]/).pop() ?? '').trim();
  const cleaned = base
    .replace(/\s+/g, '_')
    .replace(/[^\p{L}\p{N}._-]/gu, '')
    // Long names keep their end (the extension).
    .slice(-120);
  return cleaned.replace(/^\.+/, '') || 'file';
}

/** 000 §9: the stored name is a timestamp prefix and the normalised name, e.g. `1732262400000_foto_produk.png`. */
export function storedFileName(original: string, now: Date | number): string {
  const ms = typeof now === 'number' ? now : now.getTime();
  return `${ms}_${normalizeFileName(original)}`;
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));
const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

/** Media extensions whose content must really be of that family (a `.jpg` that is a PDF is refused). */
const EXPECTED: Readonly<Record<string, readonly string[]>> = {
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  pdf: ['application/pdf'],
  mp4: ['video/mp4', 'audio/mp4'],
  m4a: ['audio/mp4'],
  '3gp': ['video/3gpp'],
  mov: ['video/quicktime'],
  mp3: ['audio/mpeg'],
  aac: ['audio/aac'],
  amr: ['audio/amr'],
  ogg: ['audio/ogg'],
  wav: ['audio/wav'],
  webm: ['video/webm'],
  avi: ['video/x-msvideo'],
};

const OOXML: Readonly<Record<string, string>> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
const OLE: Readonly<Record<string, string>> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const TEXT: Readonly<Record<string, string>> = { csv: 'text/csv', txt: 'text/plain' };

/** Executable content is refused on every channel (a customer should never receive a program). */
export const EXECUTABLE_MIME = 'application/x-executable';
const EXECUTABLE_EXTENSIONS = new Set(['exe', 'msi', 'bat', 'cmd', 'com', 'scr', 'ps1', 'vbs', 'apk', 'jar']);

function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 4096);
  if (sample.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(
      sample.length < bytes.length ? sample.slice(0, -4) : sample,
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * The content type read from the file's first bytes (magic numbers). The name only chooses between formats
 * that share a container (mp4/m4a, docx/xlsx/pptx in a ZIP, doc/xls/ppt in OLE2, csv/txt in plain text).
 * `application/octet-stream` when nothing is recognised.
 */
export function detectMime(bytes: Uint8Array, filename = ''): string {
  const ext = extensionOf(filename);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(bytes, 0, 4) === 'GIF8') return 'image/gif';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(bytes, 0, 4) === 'RIFF') {
    const kind = ascii(bytes, 8, 12);
    if (kind === 'WEBP') return 'image/webp';
    if (kind === 'WAVE') return 'audio/wav';
    if (kind === 'AVI ') return 'video/x-msvideo';
  }
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand.startsWith('3g')) return 'video/3gpp';
    if (brand === 'qt  ') return 'video/quicktime';
    if (brand.startsWith('M4A') || ext === 'm4a') return 'audio/mp4';
    return 'video/mp4';
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (ascii(bytes, 0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(bytes, 0, 6) === '#!AMR\n') return 'audio/amr';
  if (ascii(bytes, 0, 3) === 'ID3') return 'audio/mpeg';
  // ADTS AAC (sync word, layer 0) before MPEG audio frames (sync word, layer ≠ 0).
  if (bytes.length >= 2 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xf6) === 0xf0) return 'audio/aac';
  if (bytes.length >= 2 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) return 'audio/mpeg';
  if (ascii(bytes, 0, 2) === 'MZ' || startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return EXECUTABLE_MIME;
  if (startsWith(bytes, [0xcf, 0xfa, 0xed, 0xfe]) || startsWith(bytes, [0xfe, 0xed, 0xfa, 0xcf]))
    return EXECUTABLE_MIME;
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return OOXML[ext] ?? 'application/zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return OLE[ext] ?? 'application/x-ole-storage';
  if (bytes.length > 0 && looksLikeText(bytes)) return TEXT[ext] ?? 'text/plain';
  return 'application/octet-stream';
}

/** The kinds a channel takes (000 §5 flags: image, video-and-image, audio, document). */
export function allowedAttachmentKinds(channel: ChannelCode): AttachmentKind[] {
  const f = CHANNELS[channel].attachments;
  const kinds: AttachmentKind[] = [];
  if (f.image || f.videoImage) kinds.push('image');
  if (f.videoImage) kinds.push('video');
  if (f.audio) kinds.push('audio');
  if (f.document) kinds.push('document');
  return kinds;
}

/** The size and extension rule of one kind on one channel (000 §5 table, else WhatsApp's sizes). */
export function attachmentRuleOf(channel: ChannelCode, kind: AttachmentKind): AttachmentRule | null {
  if (!allowedAttachmentKinds(channel).includes(kind)) return null;
  const table = ATTACHMENT_RULES[channel];
  if (table) return table[kind] ?? null;
  return DEFAULT_RULES[kind];
}

/**
 * The message type a file is sent as on a channel: 000 §5 type detection by content type, except that a
 * format the channel's table lists for a kind (gif images on Instagram, ogg audio on WhatsApp) is that kind.
 */
export function attachmentKindFor(channel: ChannelCode, mime: string, filename: string): AttachmentKind {
  const base = attachmentKindOf(mime);
  if (base !== 'document') return base;
  const family = mime.split('/')[0];
  if (family === 'image' || family === 'audio' || family === 'video') {
    const listed = ATTACHMENT_RULES[channel]?.[family]?.extensions;
    if (listed?.includes(extensionOf(filename))) return family;
  }
  return 'document';
}

/** Whether a message of this kind carries a caption (WhatsApp: image, video and document do; audio does not). */
export const captionAllowed = (kind: AttachmentKind) => kind !== 'audio';

export type AttachmentCheck =
  | { ok: true; kind: AttachmentKind; mime: string }
  | { ok: false; reason: MessageKey; params: (string | number)[] };

/**
 * Checks one file for a channel: not empty, content agrees with its name, a kind the channel takes, an
 * extension its table lists, within the size limit. `mime` is the detected content type.
 */
export function checkAttachment(input: {
  channel: ChannelCode;
  filename: string;
  mime: string;
  size: number;
}): AttachmentCheck {
  const { channel, filename, mime, size } = input;
  const ext = extensionOf(filename);
  const name = CHANNELS[channel].name;
  if (size <= 0) return { ok: false, reason: 'attachment.empty', params: [] };
  if (mime === EXECUTABLE_MIME || EXECUTABLE_EXTENSIONS.has(ext))
    return { ok: false, reason: 'attachment.typeNotAllowed', params: [name] };
  const expected = EXPECTED[ext];
  if (expected && !expected.includes(mime))
    return { ok: false, reason: 'attachment.mismatch', params: [ext] };
  const kind = attachmentKindFor(channel, mime, filename);
  const rule = attachmentRuleOf(channel, kind);
  if (!rule) return { ok: false, reason: 'attachment.typeNotAllowed', params: [name] };
  if (rule.extensions && !rule.extensions.includes(ext))
    return { ok: false, reason: 'attachment.extensionNotAllowed', params: [rule.extensions.join(', ')] };
  if (rule.maxBytes !== null && size > rule.maxBytes)
    return { ok: false, reason: 'attachment.tooLarge', params: [Math.round(rule.maxBytes / MB)] };
  if (channel === 'EML' && emailAttachmentsExceeded(size))
    return { ok: false, reason: 'email.attachmentsTooLarge', params: [] };
  return { ok: true, kind, mime };
}

/** 001 §5 "Email attachments total max 25 MB", counted as 000 §5 says: bytes / 1,024,000, exceeded at 25. */
export const EMAIL_ATTACHMENT_UNIT = 1_024_000;
export const EMAIL_ATTACHMENTS_MAX = 25;
/** 000 §5: the email attachment total counts as exceeded at 25 or more units of bytes / 1,024,000. */
export function emailAttachmentsExceeded(totalBytes: number): boolean {
  return totalBytes / EMAIL_ATTACHMENT_UNIT >= EMAIL_ATTACHMENTS_MAX;
}

/** The largest file any kind of the channel may be (the upload body limit). */
export function maxAttachmentBytes(channel: ChannelCode): number {
  return Math.max(
    0,
    ...allowedAttachmentKinds(channel).map((k) => attachmentRuleOf(channel, k)?.maxBytes ?? 100 * MB),
  );
}
