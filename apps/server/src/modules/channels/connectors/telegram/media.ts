import { detectMime } from '@sapa/contracts';
import type { ConnectorMedia } from '../connector.js';
import { botApiTargetOf } from './account-target.js';
import { callBotApi, downloadBotFile } from './bot-api.js';

/**
 * Telegram's inbound media (reference §2): a message names a `file_id` (`payload.fileId`, set by the parser);
 * `getFile` answers its `file_path`, downloaded with the bot token from `/file/bot<token>/<file_path>` (valid
 * at least an hour, at most 20 MB). Throws on a provider failure so that the media job tries again.
 */
export const telegramMedia: ConnectorMedia = {
  pending: (message) => typeof message.payload?.fileId === 'string' && !message.media,
  async fetch(deps, { account, message }) {
    const fileId = message.payload?.fileId;
    if (typeof fileId !== 'string' || message.media) return null;
    const target = botApiTargetOf(deps, account);
    const file = await callBotApi<{ file_path?: string }>(target, 'getFile', { file_id: fileId });
    if (!file.ok) throw new Error(`telegram getFile ${file.code ?? 'network'}: ${file.description}`);
    if (!file.value?.file_path) throw new Error('telegram getFile without file_path');
    const { bytes, mime } = await downloadBotFile(target, file.value.file_path);
    const filename = typeof message.payload?.filename === 'string' ? message.payload.filename : null;
    // What the bytes are; else what the update named, else what the file server said.
    const detected = detectMime(bytes, filename ?? file.value.file_path);
    const named = typeof message.payload?.mime === 'string' ? message.payload.mime : null;
    const type = detected !== 'application/octet-stream' ? detected : (named ?? mime ?? detected);
    return { bytes, mime: type, filename };
  },
};
