import { normalizeFileName, storedFileName } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import {
  acceptOf,
  captionIndex,
  channelTakesAttachments,
  type FileFacts,
  sortPickedFiles,
} from './attachments';

const MB = 1024 * 1024;
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF');
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR');
const GIF = bytes('GIF89a');
const PDF = bytes('%PDF-1.7');
const MP4 = bytes([0, 0, 0, 0x18], 'ftypisom');
const GP3 = bytes([0, 0, 0, 0x18], 'ftyp3gp5');
const MOV = bytes([0, 0, 0, 0x14], 'ftypqt  ');
const MP3 = bytes('ID3', [3, 0, 0]);
const OGG = bytes('OggS', [0, 2]);
const EXE = bytes('MZ', [0x90, 0]);
const TXT = bytes('halo kak, ini daftar harga');

const file = (name: string, head: Uint8Array, size = 1000): FileFacts => ({ name, head, size });
const one = (channel: Parameters<typeof sortPickedFiles>[0], f: FileFacts) => {
  const { accepted, refused } = sortPickedFiles(channel, [f], 0, 1_700_000_000_000);
  return accepted[0]
    ? { kind: accepted[0].kind }
    : { reason: refused[0]!.reason, params: refused[0]!.params };
};

describe('attachment rules by channel (000 §5)', () => {
  it.each([
    // WhatsApp: image jpeg/jpg/png 5 MB, audio 16 MB, video 3gp/mp4 16 MB, document any 100 MB.
    ['WAP', 'foto.jpg', JPEG, 1000, { kind: 'image' }],
    ['WAP', 'foto.jpeg', JPEG, 5 * MB, { kind: 'image' }],
    ['WAP', 'foto.png', PNG, 5 * MB + 1, { reason: 'attachment.tooLarge', params: [5] }],
    ['WAP', 'suara.mp3', MP3, 16 * MB, { kind: 'audio' }],
    ['WAP', 'suara.ogg', OGG, 1000, { kind: 'audio' }],
    ['WAP', 'suara.mp3', MP3, 16 * MB + 1, { reason: 'attachment.tooLarge', params: [16] }],
    ['WAP', 'klip.mp4', MP4, 16 * MB, { kind: 'video' }],
    ['WAP', 'klip.3gp', GP3, 1000, { kind: 'video' }],
    ['WAP', 'klip.mov', MOV, 1000, { kind: 'document' }],
    ['WAP', 'invoice.pdf', PDF, 100 * MB, { kind: 'document' }],
    ['WAP', 'invoice.pdf', PDF, 100 * MB + 1, { reason: 'attachment.tooLarge', params: [100] }],
    ['WAP', 'harga.txt', TXT, 1000, { kind: 'document' }],
    // Instagram: gif images, mov video, no documents.
    ['IGM', 'lucu.gif', GIF, 8 * MB, { kind: 'image' }],
    ['IGM', 'foto.jpg', JPEG, 1000, { reason: 'attachment.extensionNotAllowed', params: ['png, jpeg, gif'] }],
    ['IGM', 'klip.mov', MOV, 25 * MB, { kind: 'video' }],
    ['IGM', 'invoice.pdf', PDF, 1000, { reason: 'attachment.typeNotAllowed', params: ['Instagram'] }],
    // Tiktok Shop: images only, 10 MB.
    ['TTS', 'foto.png', PNG, 10 * MB, { kind: 'image' }],
    ['TTS', 'foto.png', PNG, 10 * MB + 1, { reason: 'attachment.tooLarge', params: [10] }],
    ['TTS', 'klip.mp4', MP4, 1000, { reason: 'attachment.typeNotAllowed', params: ['Tiktok Shop'] }],
    // Live chat (image, video and image, document; no audio) takes WhatsApp's sizes.
    ['LVC', 'foto.png', PNG, 5 * MB + 1, { reason: 'attachment.tooLarge', params: [5] }],
    ['LVC', 'suara.mp3', MP3, 1000, { reason: 'attachment.typeNotAllowed', params: ['Live Chat'] }],
    // WhatsApp call takes nothing.
    ['WAC', 'foto.png', PNG, 1000, { reason: 'attachment.typeNotAllowed', params: ['WhatsApp call'] }],
  ] as const)('%s %s (%i bytes) → %o', (channel, name, head, size, expected) => {
    expect(one(channel, file(name, head, size))).toEqual(expected);
  });

  it.each([
    ['empty', file('kosong.png', new Uint8Array(), 0), 'attachment.empty'],
    ['a PDF named .jpg', file('foto.jpg', PDF), 'attachment.mismatch'],
    ['a program', file('setup.exe', EXE), 'attachment.typeNotAllowed'],
    ['a program renamed .pdf', file('invoice.pdf', EXE), 'attachment.typeNotAllowed'],
    ['a .exe name on any bytes', file('setup.exe', TXT), 'attachment.typeNotAllowed'],
  ])('refuses %s', (_what, f, reason) => {
    expect(one('WAP', f)).toMatchObject({ reason });
  });
});

describe('at most 20 attachments per message (000 §5, §9)', () => {
  it('accepts up to 20 and lists the rest with the reason', () => {
    const files = Array.from({ length: 22 }, (_, i) => file(`foto ${i}.png`, PNG));
    const { accepted, refused } = sortPickedFiles('WAP', files, 0);
    expect(accepted).toHaveLength(20);
    expect(refused.map((r) => [r.index, r.reason])).toEqual([
      [20, 'attachment.tooMany'],
      [21, 'attachment.tooMany'],
    ]);
  });

  it('counts the files already attached, and an invalid file does not take a place', () => {
    const files = [file('a.exe', EXE), file('b.png', PNG), file('c.png', PNG)];
    const { accepted, refused } = sortPickedFiles('WAP', files, 19);
    expect(accepted.map((a) => a.index)).toEqual([1]);
    expect(refused.map((r) => r.reason)).toEqual(['attachment.typeNotAllowed', 'attachment.tooMany']);
  });
});

describe('an email’s files together under 25 units of bytes / 1,024,000 (000 §5)', () => {
  const UNIT = 1_024_000;
  it.each([
    ['two files just under 25 units', [12 * UNIT, 13 * UNIT - 1], 0, [0, 1], []],
    ['the file that reaches 25 units', [12 * UNIT, 13 * UNIT], 0, [0], [1]],
    ['counting what is attached already', [5 * UNIT], 20 * UNIT, [], [0]],
    ['a refused file does not count', [30 * UNIT, 2 * UNIT], 0, [1], [0]],
  ])('%s', (_name, sizes, already, acceptedAt, refusedAt) => {
    const files = sizes.map((size, i) => file(`berkas ${i}.pdf`, PDF, size));
    const { accepted, refused } = sortPickedFiles('EML', files, 0, 1_700_000_000_000, already);
    expect(accepted.map((a) => a.index)).toEqual(acceptedAt);
    expect(refused.map((r) => [r.index, r.reason])).toEqual(
      refusedAt.map((i) => [i, 'email.attachmentsTooLarge']),
    );
  });
});

describe('file names (000 §9: spaces to underscores, timestamp prefix)', () => {
  it.each([
    ['foto produk baru.png', 'foto_produk_baru.png'],
    ['  spasi   ganda .pdf ', 'spasi_ganda_.pdf'],
    ['C:\\Users\\budi\\Daftar Harga.xlsx', 'Daftar_Harga.xlsx'],
    ['../../etc/passwd', 'passwd'],
    ['harga (final) #2.pdf', 'harga_final_2.pdf'],
    ['Ünïcödé ñame.jpg', 'Ünïcödé_ñame.jpg'],
    ['.hidden', 'hidden'],
    ['???', 'file'],
    [`${'a'.repeat(200)}.pdf`, `${'a'.repeat(116)}.pdf`],
  ])('%s → %s', (original, normalised) => {
    expect(normalizeFileName(original)).toBe(normalised);
    expect(storedFileName(original, 1_700_000_000_000)).toBe(`1700000000000_${normalised}`);
  });

  it('previews the stored name of an accepted file', () => {
    const { accepted } = sortPickedFiles('WAP', [file('foto produk.png', PNG)], 0, 1_700_000_000_000);
    expect(accepted[0]?.storedName).toBe('1700000000000_foto_produk.png');
  });
});

describe('composer helpers', () => {
  it('shows the attach button only on channels that take files', () => {
    expect(channelTakesAttachments('WAP')).toBe(true);
    expect(channelTakesAttachments('WAC')).toBe(false);
  });

  it('hints the picker with the channel’s extensions', () => {
    expect(acceptOf('TTS')).toBe('.jpeg,.jpg,.png');
    expect(acceptOf('WAP')).toBeUndefined();
  });

  it('puts the caption on the first attachment that can carry one', () => {
    expect(captionIndex(['image', 'document'])).toBe(0);
    expect(captionIndex(['audio', 'video'])).toBe(1);
    expect(captionIndex(['audio'])).toBeNull();
  });
});
