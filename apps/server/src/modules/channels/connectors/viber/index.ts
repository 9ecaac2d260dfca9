import { type ChannelConnector, capabilitiesOf } from '../connector.js';
import { parseViberDelivery, viberEventsOf } from './inbound-parse.js';
import { viberMedia } from './media.js';
import { viberSender } from './outbound.js';
import { refreshViberAccount, removeViberWebhook } from './viber-account.service.js';
import { parseViberJson } from './viber-api.js';
import { VIBER_SIGNATURE_HEADER, validViberSignature } from './webhook-signature.js';

/**
 * Viber (000 §4 VBR): a bot connected with its authentication token (`viber-account.service.ts`:
 * `get_account_info`, then `set_webhook`, whose `webhook` check callback is answered 200). Callbacks arrive at
 * the channel-neutral webhook route, are checked by `X-Viber-Content-Signature` (hex HMAC-SHA256 of the raw
 * body with the token, `webhook-signature.ts`), stored once per `<event>:<message_token>` and parsed by
 * `inbound-parse.ts` (messages; delivered / seen / failed as statuses). Media is downloaded from the URL Viber
 * names (`media.ts`); replies go with `send_message`, files as signed links (`outbound.ts`). No templates.
 */
export const viberConnector: ChannelConnector = {
  code: 'VBR',
  capabilities: capabilitiesOf('VBR', { templates: false }),
  webhook: {
    secretOf: (secrets) => String(secrets.authToken ?? ''),
    verify: ({ rawBody, headers, secret }) =>
      validViberSignature(rawBody, secret, headers[VIBER_SIGNATURE_HEADER]),
    parseBody: parseViberJson,
    eventsOf: viberEventsOf,
    parse: parseViberDelivery,
    accountAddressOf: () => null,
  },
  createSender: viberSender,
  media: viberMedia,
  release: removeViberWebhook,
  refresh: refreshViberAccount,
};
