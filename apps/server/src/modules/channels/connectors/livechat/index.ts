import { type ChannelConnector, capabilitiesOf } from '../connector.js';
import { livechatSender } from './outbound.js';

/**
 * Live chat (000 §4 LVC): Sapa is the provider. The widget's visitor API and socket (`livechat.routes.ts`,
 * `visitor-socket.ts`) hand a visitor's messages to `conversations.ingestInbound` and the widget's receipts to
 * `conversations.applyStatuses` (`visitor.service.ts`); agents' replies go to the visitor's sockets over the
 * event bus (`outbound.ts`). No webhooks, no provider media (visitors upload their files), no templates.
 */
export const livechatConnector: ChannelConnector = {
  code: 'LVC',
  capabilities: capabilitiesOf('LVC', { templates: false }),
  createSender: livechatSender,
};
