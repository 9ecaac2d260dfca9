import { LIVECHAT_LIMITS, type MessageKey } from '@sapa/contracts';

/** Pixel size and real type of an image, read from its header (no decoder, no native dependency). */
export interface ImageInfo {
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG: signature, then the IHDR chunk with width and height (big-endian). JPEG: the first SOFn marker. */
export function readImageInfo(bytes: Buffer): ImageInfo | null {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    if (bytes.toString('ascii', 12, 16) !== 'IHDR') return null;
    return { mime: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1]!;
      if (marker === 0xff) {
        i++; // fill byte
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      const length = bytes.readUInt16BE(i + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { mime: 'image/jpeg', height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
      }
      if (marker === 0xda || length < 2) return null;
      i += 2 + length;
    }
  }
  return null;
}

/** 001 §5 live chat logo: png/jpg/jpeg, max 5 MB, max 320x320 px. Returns the problem's message key. */
export function checkLogo(bytes: Buffer): { ok: true; info: ImageInfo } | { ok: false; key: MessageKey } {
  if (bytes.length > LIVECHAT_LIMITS.logoMaxBytes) return { ok: false, key: 'livechat.logoSize' };
  const info = readImageInfo(bytes);
  if (!info) return { ok: false, key: 'livechat.logoType' };
  if (info.width > LIVECHAT_LIMITS.logoMaxPx || info.height > LIVECHAT_LIMITS.logoMaxPx)
    return { ok: false, key: 'livechat.logoDimension' };
  return { ok: true, info };
}

/** A stable UUID from a string (the idempotency key of one part of a visitor's send). */
export function uuidFromKey(hex: string): string {
  const h = hex.slice(0, 32).split('');
  h[12] = '5';
  h[16] = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}
