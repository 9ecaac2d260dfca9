import { detectMime } from '@sapa/contracts';
import type { ConnectorMedia } from '../connector.js';
import { downloadMetaMedia } from './send-api.js';

/**
 * Messenger's and Instagram's inbound media: an attachment names the URL of its bytes (`payload.metaMediaUrl`,
 * set by the parser; Meta's CDN links carry their own signature), downloaded and stored like every channel's.
 * Throws on a failure so that the media job tries again.
 */
export const metaMedia: ConnectorMedia = {
  pending: (message) => typeof message.payload?.metaMediaUrl === 'string' && !message.media,
  async fetch(_deps, { message }) {
    const url = message.payload?.metaMediaUrl;
    if (typeof url !== 'string' || message.media) return null;
    const { bytes, mime } = await downloadMetaMedia(url);
    const filename = new URL(url).pathname.split('/').pop() || null;
    const detected = detectMime(bytes, filename ?? '');
    return { bytes, mime: detected !== 'application/octet-stream' ? detected : (mime ?? detected), filename };
  },
};
