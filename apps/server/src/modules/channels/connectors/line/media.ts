import { detectMime } from '@sapa/contracts';
import type { ConnectorMedia } from '../connector.js';
import { lineApiTargetOf } from './account-target.js';
import { downloadLineContent } from './messaging-api.js';

/**
 * LINE's inbound media (reference §3): an image, video, audio or file message sent through LINE
 * (`payload.lineContentId`, set by the parser) is downloaded from the data host's
 * `/v2/bot/message/{id}/content` with the channel access token. Throws on a provider failure so that the
 * media job tries again.
 */
export const lineMedia: ConnectorMedia = {
  pending: (message) => typeof message.payload?.lineContentId === 'string' && !message.media,
  async fetch(deps, { account, message }) {
    const contentId = message.payload?.lineContentId;
    if (typeof contentId !== 'string' || message.media) return null;
    const { bytes, mime } = await downloadLineContent(lineApiTargetOf(deps, account), contentId);
    const filename = typeof message.payload?.filename === 'string' ? message.payload.filename : null;
    // What the bytes are; else what the data host said, else what the message type implies.
    const detected = detectMime(bytes, filename ?? '');
    const named = typeof message.payload?.mime === 'string' ? message.payload.mime : null;
    const type = detected !== 'application/octet-stream' ? detected : (mime ?? named ?? detected);
    return { bytes, mime: type, filename };
  },
};
