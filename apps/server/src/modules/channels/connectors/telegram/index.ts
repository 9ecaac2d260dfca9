import { type ChannelConnector, capabilitiesOf } from '../connector.js';
import { parseTelegramDelivery, telegramEventKey } from './inbound-parse.js';
import { telegramMedia } from './media.js';
import { telegramSender } from './outbound.js';
import { refreshTelegramAccount } from './telegram-account.service.js';
import { deleteTelegramWebhook, TELEGRAM_SECRET_HEADER, validTelegramSecret } from './webhook-secret.js';

/**
 * Telegram (000 §4 TLG): a bot connected with its token (`telegram-account.service.ts`: `getMe`, then
 * `setWebhook` with a random `secret_token`). Its updates arrive at the channel-neutral webhook route, are
 * checked by the secret token header (`webhook-secret.ts`), stored once per `update_id` and parsed by
 * `inbound-parse.ts`; files are fetched with `getFile` (`media.ts`); replies go out with `sendMessage` and
 * the file methods, paced per chat, honouring a 429's `retry_after` (`outbound.ts`). No templates, no read
 * receipts (the Bot API has none).
 */
export const telegramConnector: ChannelConnector = {
  code: 'TLG',
  capabilities: capabilitiesOf('TLG', { templates: false }),
  webhook: {
    secretOf: (secrets) => String(secrets.webhookSecret ?? ''),
    verify: ({ headers, secret }) => validTelegramSecret(secret, headers[TELEGRAM_SECRET_HEADER]),
    eventKeyOf: telegramEventKey,
    parse: parseTelegramDelivery,
    accountAddressOf: () => null,
  },
  createSender: telegramSender,
  media: telegramMedia,
  release: deleteTelegramWebhook,
  refresh: refreshTelegramAccount,
};
