import { whatsappConfigOf } from '../../channels.schema.js';
import { openSecrets } from '../../channels.service.js';
import type { ConnectorMedia } from '../connector.js';

const MAX_BYTES = 100 * 1024 * 1024;

/**
 * WhatsApp Cloud's inbound media (reference §1e): a message names a media id (`payload.mediaId`, set by
 * `normaliseMessage`); GET /{media-id} answers a short-lived URL, then GET that URL with the Bearer token,
 * within its 5-minute lifetime. Throws on a provider failure so that the media job tries again.
 */
export const whatsappMedia: ConnectorMedia = {
  pending: (message) => typeof message.payload?.mediaId === 'string' && !message.media,
  async fetch(deps, { account, message }) {
    const mediaId = message.payload?.mediaId;
    if (typeof mediaId !== 'string' || message.media) return null;
    const { accessToken } = openSecrets(deps, account);
    const auth = { authorization: `Bearer ${accessToken}` };
    const meta = await fetch(`${whatsappConfigOf(account).graphBaseUrl}/${encodeURIComponent(mediaId)}`, {
      headers: auth,
      signal: AbortSignal.timeout(15_000),
    });
    if (!meta.ok) throw new Error(`media lookup ${meta.status}`);
    const info = (await meta.json()) as { url?: string; mime_type?: string; file_size?: number };
    if (!info.url) throw new Error('media lookup without url');
    const download = await fetch(info.url, { headers: auth, signal: AbortSignal.timeout(60_000) });
    if (!download.ok) throw new Error(`media download ${download.status}`);
    const bytes = Buffer.from(await download.arrayBuffer());
    if (bytes.length > MAX_BYTES) throw new Error('media too large');
    const mime = info.mime_type ?? download.headers.get('content-type') ?? 'application/octet-stream';
    const filename = typeof message.payload?.filename === 'string' ? message.payload.filename : null;
    return { bytes, mime, filename };
  },
};
