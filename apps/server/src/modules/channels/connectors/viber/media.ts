import { detectMime } from '@sapa/contracts';
import type { ConnectorMedia } from '../connector.js';

const FILE_TIMEOUT_MS = 120_000;
/** The largest file Viber lets a user send (50 MB, a file message). */
export const VIBER_DOWNLOAD_MAX_BYTES = 50 * 1024 * 1024;

/**
 * Viber's inbound media: a picture, video, file or sticker message names the file's URL on Viber's servers
 * (`payload.viberMediaUrl`, set by the parser, from a signed callback); it is downloaded as it is (no token:
 * the URL itself is the key) before it expires. Throws on a failure so that the media job tries again.
 */
export const viberMedia: ConnectorMedia = {
  pending: (message) => typeof message.payload?.viberMediaUrl === 'string' && !message.media,
  async fetch(_deps, { message }) {
    const url = message.payload?.viberMediaUrl;
    if (typeof url !== 'string' || message.media || !/^https?:\/\//.test(url)) return null;
    const res = await fetch(url, { signal: AbortSignal.timeout(FILE_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`viber media download ${res.status}`);
    if (Number(res.headers.get('content-length')) > VIBER_DOWNLOAD_MAX_BYTES)
      throw new Error('viber media too large');
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > VIBER_DOWNLOAD_MAX_BYTES) throw new Error('viber media too large');
    const filename = typeof message.payload?.filename === 'string' ? message.payload.filename : null;
    // What the bytes are; else what the message named, else what the file server said.
    const detected = detectMime(bytes, filename ?? '');
    const named = typeof message.payload?.mime === 'string' ? message.payload.mime : null;
    const served = res.headers.get('content-type');
    return {
      bytes,
      mime: detected !== 'application/octet-stream' ? detected : (named ?? served ?? detected),
      filename,
    };
  },
};
