import { detectMime } from '@sapa/contracts';
import type { ConnectorMedia } from '../connector.js';

const TIMEOUT_MS = 60_000;
/** Shopee chat photos are small; anything past this is refused. */
const MAX_BYTES = 20 * 1024 * 1024;

/**
 * A buyer's photo (`payload.shopeeImageUrl`, set by the parser from the push's `content.url`) is downloaded
 * from Shopee's file host. Throws on a failure so that the media job tries again.
 */
export const shopeeMedia: ConnectorMedia = {
  pending: (message) => typeof message.payload?.shopeeImageUrl === 'string' && !message.media,
  async fetch(_deps, { message }) {
    const url = message.payload?.shopeeImageUrl;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url) || message.media) return null;
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw new Error(`shopee image download ${res.status}`);
    if (Number(res.headers.get('content-length')) > MAX_BYTES) throw new Error('shopee image too large');
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > MAX_BYTES) throw new Error('shopee image too large');
    const detected = detectMime(bytes, '');
    return { bytes, mime: detected !== 'application/octet-stream' ? detected : 'image/jpeg', filename: null };
  },
};
