import { type ChannelConnector, capabilitiesOf } from '../connector.js';
import { lineEventsOf, parseLineDelivery } from './inbound-parse.js';
import { markLineWebhookVerified, refreshLineAccount } from './line-account.service.js';
import { lineMedia } from './media.js';
import { lineSender } from './outbound.js';
import { LINE_SIGNATURE_HEADER, validLineSignature } from './webhook-signature.js';

/**
 * LINE (000 §4 LNE): an Official Account connected with its channel secret and channel access token
 * (`line-account.service.ts`: bot info, webhook endpoint, verification). Deliveries arrive at the
 * channel-neutral webhook route, are checked by `x-line-signature` (base64 HMAC-SHA256 of the raw body with
 * the channel secret, `webhook-signature.ts`), split into their events, each stored once under its
 * `webhookEventId`, and parsed by `inbound-parse.ts`; an empty delivery is LINE's verification call. Content
 * is downloaded from the data host (`media.ts`); replies go with the reply token while it is valid, else by
 * push (`outbound.ts`). No templates, no read receipts.
 */
export const lineConnector: ChannelConnector = {
  code: 'LNE',
  capabilities: capabilitiesOf('LNE', { templates: false }),
  webhook: {
    secretOf: (secrets) => String(secrets.channelSecret ?? ''),
    verify: ({ rawBody, headers, secret }) =>
      validLineSignature(rawBody, secret, headers[LINE_SIGNATURE_HEADER]),
    eventsOf: lineEventsOf,
    checked: markLineWebhookVerified,
    parse: parseLineDelivery,
    accountAddressOf: () => null,
  },
  createSender: lineSender,
  refresh: refreshLineAccount,
  media: lineMedia,
};
