import type { ChannelConnector } from './connector.js';
import { emailConnector } from './email/index.js';
import { instagramConnector } from './instagram/index.js';
import { lineConnector } from './line/index.js';
import { livechatConnector } from './livechat/index.js';
import { messengerConnector } from './messenger/index.js';
import { shopeeConnector } from './shopee/index.js';
import { telegramConnector } from './telegram/index.js';
import { viberConnector } from './viber/index.js';
import { whatsappCloudConnector } from './whatsapp-cloud/index.js';

/** Every channel Sapa connects, one connector each (marketplaces: Shopee so far). */
const CONNECTORS: readonly ChannelConnector[] = [
  whatsappCloudConnector,
  livechatConnector,
  telegramConnector,
  lineConnector,
  messengerConnector,
  instagramConnector,
  viberConnector,
  emailConnector,
  shopeeConnector,
];

const byCode = new Map<string, ChannelConnector>(CONNECTORS.map((c) => [c.code, c]));

/** The connector of a channel code (WAP, LVC, …); undefined: Sapa does not connect that channel (yet). */
export function connectorFor(code: string): ChannelConnector | undefined {
  return byCode.get(code);
}
