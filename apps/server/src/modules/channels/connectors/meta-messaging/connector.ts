import { metaMessagingConfigOf } from '../../channels.schema.js';
import { type ChannelConnector, capabilitiesOf } from '../connector.js';
import { validMetaSignature } from '../whatsapp-cloud/webhook-signature.js';
import { metaMarkSeen, metaProfileName } from './customer.js';
import { metaEventsOf, parseMetaDelivery } from './inbound-parse.js';
import { metaMedia } from './media.js';
import { refreshMetaAccount } from './meta-account.service.js';
import { metaSender } from './outbound.js';
import type { MetaPlatform } from './platform.js';

/**
 * The connector of one Messenger Platform channel (Messenger or Instagram), from the shared core: deliveries
 * checked by `X-Hub-Signature-256` (HMAC-SHA256 of the raw bytes with the app secret, constant time), split
 * into their events (every entry, every `messaging[]` item), each stored once under its `mid` (or its hash),
 * parsed by `inbound-parse.ts`; attachments downloaded from their URL (`media.ts`); sends by the Send API
 * inside the window rule of the channel table (`outbound.ts`). Verification GET: `verification.routes.ts`.
 */
export function metaMessagingConnector(platform: MetaPlatform): ChannelConnector {
  return {
    code: platform.code,
    capabilities: capabilitiesOf(platform.code, { templates: false }),
    webhook: {
      secretOf: (secrets) => String(secrets.appSecret ?? ''),
      verify: ({ rawBody, headers, secret }) => {
        const header = headers['x-hub-signature-256'];
        return (
          secret !== '' &&
          validMetaSignature(secret, rawBody, typeof header === 'string' ? header : undefined)
        );
      },
      eventsOf: metaEventsOf(platform),
      parse: parseMetaDelivery(platform),
      accountAddressOf: (account) => metaMessagingConfigOf(account).metaAccountId,
    },
    createSender: metaSender(platform),
    media: metaMedia,
    markRead: metaMarkSeen,
    profileName: metaProfileName,
    refresh: refreshMetaAccount,
  };
}
