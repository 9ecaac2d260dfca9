import { broadcastImageProblem, detectMime, type MessageKey } from '@sapa/contracts';

/** Width and height from a PNG's IHDR or a JPEG's first frame header; null when they cannot be read. */
function imageSize(bytes: Buffer, mime: string): { width: number; height: number } | null {
  if (mime === 'image/png') {
    if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (mime === 'image/jpeg') {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1]!;
      const length = bytes.readUInt16BE(i + 2);
      // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
      i += 2 + length;
    }
  }
  return null;
}

/**
 * 001 §5, §9 broadcast image: jpeg or png ('Invalid file format'), at most 2 MB and 500x500 px. Answers the
 * problem, or the image's type and size.
 */
export function checkBroadcastImage(
  bytes: Buffer,
): { ok: true; mime: string; width: number; height: number } | { ok: false; reason: MessageKey } {
  if (bytes.length === 0) return { ok: false, reason: 'contacts.upload.fileRequired' };
  const mime = detectMime(bytes);
  if (mime !== 'image/jpeg' && mime !== 'image/png') return { ok: false, reason: 'broadcast.imageFormat' };
  const size = imageSize(bytes, mime);
  if (!size) return { ok: false, reason: 'broadcast.imageFormat' };
  const problem = broadcastImageProblem({ mime, size: bytes.length, ...size });
  if (problem) return { ok: false, reason: problem };
  return { ok: true, mime, ...size };
}

/** Where an uploaded broadcast image is kept in media storage. */
export const broadcastImageKey = (clientId: string, id: string) => `${clientId}/broadcast-images/${id}`;
