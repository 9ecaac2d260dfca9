import { type ChannelConnector, capabilitiesOf } from '../connector.js';
import { refreshWhatsappAccount } from './account-check.js';
import { laneOfDeliveryText } from './inbound-lane.js';
import { parseWhatsappDelivery } from './inbound-parse.js';
import { whatsappMedia } from './media.js';
import { whatsappCloudSender, whatsappMarkRead } from './outbound.js';
import { whatsappTemplates } from './template-send.js';
import { validMetaSignature } from './webhook-signature.js';

/**
 * WhatsApp Cloud (000 §4 WAP): Meta's webhooks (the handshake in `webhook.routes.ts`; deliveries signed with
 * the app secret, stored by the channel-neutral webhook route in their lane (`inbound-lane.ts`), parsed by
 * `inbound-parse.ts`), sends and read receipts through the Graph API, sends at a per-number rate (`outbound.ts`), media
 * fetched by id (`media.ts`), and templates for conversations outside the 24-hour window and broadcasts
 * (`template-send.ts`).
 */
export const whatsappCloudConnector: ChannelConnector = {
  code: 'WAP',
  capabilities: capabilitiesOf('WAP', { templates: true }),
  webhook: {
    secretOf: (secrets) => String(secrets.appSecret ?? ''),
    laneOf: laneOfDeliveryText,
    verify: ({ rawBody, headers, secret }) => {
      const header = headers['x-hub-signature-256'];
      return validMetaSignature(secret, rawBody, typeof header === 'string' ? header : undefined);
    },
    parse: parseWhatsappDelivery,
    accountAddressOf: (account) =>
      account.channel === 'WAP' && 'phoneNumberId' in account.config ? account.config.phoneNumberId : null,
  },
  createSender: whatsappCloudSender,
  markRead: whatsappMarkRead,
  media: whatsappMedia,
  templates: whatsappTemplates,
  refresh: refreshWhatsappAccount,
};
