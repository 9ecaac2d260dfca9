import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NumberState, StoredMedia } from './context.js';
import { newNumericId } from './wire.js';

/** Uploaded and customer-sent media, with signed, expiring download URLs. */
export interface MediaStore {
  readonly media: Map<string, StoredMedia>;
  store(num: NumberState, bytes: Buffer, mime: string, filename?: string): StoredMedia;
  /** Download URL for `GET /{media-id}`, valid for `ttlMs`. */
  signedUrl(baseUrl: string, mediaId: string, ttlMs: number): string;
  /** Whether the query of a download URL carries a valid signature (expiry not checked). */
  signatureOk(q: { mid?: string; ext?: string; hash?: string }): boolean;
}

export function createMediaStore(): MediaStore {
  const media = new Map<string, StoredMedia>();
  const urlKey = randomBytes(32);

  function mediaUrlHash(mediaId: string, ext: string): string {
    return createHmac('sha256', urlKey).update(`${mediaId}:${ext}`).digest('hex');
  }

  return {
    media,
    store(num, bytes, mime, filename) {
      const m: StoredMedia = {
        id: newNumericId(16),
        bytes,
        mime,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        phoneNumberId: num.phoneNumberId,
        wabaId: num.wabaId,
        ...(filename ? { filename } : {}),
      };
      media.set(m.id, m);
      return m;
    },
    signedUrl(baseUrl, mediaId, ttlMs) {
      const ext = String(Math.floor((Date.now() + ttlMs) / 1000));
      return `${baseUrl}/whatsapp_business/attachments/?mid=${mediaId}&ext=${ext}&hash=${mediaUrlHash(mediaId, ext)}`;
    },
    signatureOk(q) {
      return (
        !!q.mid &&
        !!q.ext &&
        !!q.hash &&
        q.hash.length === 64 &&
        timingSafeEqual(Buffer.from(q.hash), Buffer.from(mediaUrlHash(q.mid, q.ext)))
      );
    },
  };
}
