import type { Catalogues } from './catalogues.js';
import { isObj, type NumberState, type Obj, type OutboundEntry, type SimContext, str } from './context.js';
import type { Conversations } from './conversations.js';
import type { CustomerFeed } from './customer-feed.js';
import { invalidParam } from './graph-errors.js';
import type { MediaStore } from './media-store.js';
import { summarize } from './message-summary.js';
import type { SendLimits } from './send-limits.js';
import { validateSend } from './send-validation.js';
import type { StatusScheduler } from './status-scheduler.js';
import type { BusinessMessage } from './types.js';
import { newWamid, toWaId } from './wire.js';

/** `POST /{phone-number-id}/messages`: read receipts / typing indicators, and outbound sends. */
export type HandleSend = (num: NumberState, body: Obj) => Obj;

export function createSendHandler(
  ctx: SimContext,
  deps: {
    mediaStore: MediaStore;
    conversations: Conversations;
    limits: SendLimits;
    statuses: StatusScheduler;
    feed: CustomerFeed;
    catalogues?: Catalogues;
    /** Refuses a template the simulator knows that is not approved (templates-api.ts). */
    checkTemplate?: (num: NumberState, template: Obj) => void;
  },
): HandleSend {
  const { stats } = ctx;
  const { conversations, feed } = deps;

  return function handleSend(num, body) {
    if (body.messaging_product !== 'whatsapp') {
      throw invalidParam('(#100) The parameter messaging_product is required.');
    }
    if (body.status === 'read' || isObj(body.typing_indicator)) {
      const messageId = str(body.message_id);
      if (!messageId) throw invalidParam('(#100) The parameter message_id is required.');
      const found = conversations.lookup(messageId);
      if (!found || found.customer.phoneNumberId !== num.phoneNumberId || found.entry.direction !== 'in') {
        throw invalidParam('(#100) Invalid parameter', `Invalid message_id: ${messageId}`);
      }
      if (body.status === 'read' && !found.entry.readByBusiness) {
        // Meta marks the message and every earlier one as read.
        for (const e of found.customer.thread) {
          if (e.direction === 'in' && e.at <= found.entry.at && !e.readByBusiness) {
            e.readByBusiness = true;
            feed.publish(found.customer, e);
          }
        }
      }
      return { success: true };
    }
    const input = str(body.to) ?? str(body.recipient);
    if (!input) throw invalidParam('(#100) The parameter to is required.');
    const waId = toWaId(input);
    if (!waId) throw invalidParam('(#100) Invalid parameter', `Invalid recipient: ${input}`);
    const { type, content, mediaInfo, products } = validateSend(
      deps.mediaStore.media,
      num,
      body,
      deps.catalogues,
    );
    if (type === 'template') deps.checkTemplate?.(num, content);

    deps.limits.take(num, waId);

    const c = conversations.get(num.phoneNumberId, waId);
    const now = Date.now();
    const { text, buttons } = summarize(type, content);
    const message: BusinessMessage = {
      id: newWamid(),
      phoneNumberId: num.phoneNumberId,
      to: waId,
      type,
      request: body,
      text,
      ...(mediaInfo ? { media: mediaInfo } : {}),
      ...(products ? { products } : {}),
      status: 'accepted',
      statuses: [],
      acceptedAt: now,
    };
    const fate = conversations.fateFor(c, type, now);
    const bizOpaque = str(body.biz_opaque_callback_data);
    const entry: OutboundEntry = {
      direction: 'out',
      message,
      fate,
      buttons,
      ...(bizOpaque !== undefined ? { bizOpaque } : {}),
    };
    conversations.add(c, message.id, entry);
    stats.messagesAccepted++;
    feed.publish(c, entry);
    deps.statuses.schedule(c, entry);
    const res: Obj = {
      messaging_product: 'whatsapp',
      contacts: [{ input, wa_id: waId }],
      messages: [type === 'template' ? { id: message.id, message_status: 'accepted' } : { id: message.id }],
    };
    return res;
  };
}
