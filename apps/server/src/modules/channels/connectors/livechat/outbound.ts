import type { ServerDeps } from '../../../../platform/deps.js';
import type { OutboundSender } from '../../outbound/outbound-sender.js';
import { publishToContact, toWidgetMessage } from './visitor.service.js';

/**
 * Live chat's outbound half: the message goes to the visitor's sockets through the event bus (every
 * process's widget hub delivers to its own sockets), so a worker in another process reaches the visitor.
 * The provider id is the message's own id: the widget's receipts (delivered, read) name it. A visitor who is
 * offline sees the message in the history when the widget opens again.
 */
export function livechatSender(deps: ServerDeps): OutboundSender {
  return async ({ account, contact, message }) => {
    await publishToContact(deps, account.clientId, contact.id, {
      type: 'message',
      message: { ...toWidgetMessage(account, message), status: 'sent' },
    });
    return { ok: true, providerMessageId: message.id };
  };
}
