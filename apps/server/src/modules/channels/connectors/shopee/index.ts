import { type ChannelConnector, capabilitiesOf } from '../connector.js';
import { parseShopeeDelivery, shopeeEventKeyOf } from './inbound-parse.js';
import { shopeeMedia } from './media.js';
import { shopeeMarkRead, shopeeSender } from './outbound.js';
import { refreshShopeeAccount } from './shopee-account.service.js';
import { shopeeContext } from './shopee-context.js';

/**
 * Shopee (000 §4 SHP): a shop connected through Shopee's consent for Sapa's partner app (the server's
 * `SHOPEE_PARTNER_ID` / `SHOPEE_PARTNER_KEY`; `shopee-account.service.ts`), its tokens refreshed before they
 * expire (`shopee-tokens.ts`). Pushes come to the partner's one callback URL (`push.routes.ts`), are checked
 * by `Authorization` on the raw bytes (`shopee-sign.ts`), stored once per message id under the shop's account
 * and parsed by `inbound-parse.ts`; buyers' photos are downloaded (`media.ts`); agents' texts go with the
 * signed `sellerchat/send_message`, photos after `sellerchat/upload_image`, and an opened chat is read with
 * `read_conversation` (`outbound.ts`); missed pushes come back through `shopee-recovery.ts`. Pushes never arrive at the per-account webhook route
 * (its `verify` refuses all): the partner's callback URL names no account.
 */
export const shopeeConnector: ChannelConnector = {
  code: 'SHP',
  capabilities: capabilitiesOf('SHP', { templates: false }),
  webhook: {
    secretOf: () => '',
    verify: () => false,
    eventKeyOf: shopeeEventKeyOf,
    parse: parseShopeeDelivery,
    accountAddressOf: () => null,
  },
  createSender: shopeeSender,
  markRead: shopeeMarkRead,
  refresh: refreshShopeeAccount,
  media: shopeeMedia,
  marketplaceContext: shopeeContext,
};
