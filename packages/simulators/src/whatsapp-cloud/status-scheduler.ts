import type { Customer, NumberState, Obj, OutboundEntry, SimContext } from './context.js';
import type { Conversations } from './conversations.js';
import type { CustomerFeed } from './customer-feed.js';
import type { BusinessMessage, OutboundStatus, WebhookErrorObject } from './types.js';
import { envelope, metadata, type WebhookSender } from './webhook-sender.js';
import { newNumericId, unixSeconds } from './wire.js';

/** Outbound message statuses: sent → delivered → read (or failed), each as a status webhook. */

const STATUS_ORDER: OutboundStatus[] = ['accepted', 'sent', 'delivered', 'read'];

function pricing(m: BusinessMessage) {
  return m.type === 'template'
    ? { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' }
    : { billable: false, pricing_model: 'PMP', category: 'service', type: 'free_customer_service' };
}

/** The `statuses[]` object; opens a (24 h) pricing conversation on sent/delivered if none is open. */
function statusObject(c: Customer, e: OutboundEntry, status: string, error?: WebhookErrorObject): Obj {
  const m = e.message;
  const s: Obj = { id: m.id, status, timestamp: unixSeconds(), recipient_id: c.waId };
  if (e.bizOpaque !== undefined) s.biz_opaque_callback_data = e.bizOpaque;
  if (status === 'sent' || status === 'delivered') {
    const now = Date.now();
    const origin = m.type === 'template' ? 'utility' : 'service';
    if (!c.conversation || c.conversation.expiresAt <= now) {
      c.conversation = { id: newNumericId(32).slice(0, 32), expiresAt: now + 24 * 3600 * 1000, origin };
    }
    const conv: Obj = { id: c.conversation.id, origin: { type: c.conversation.origin } };
    if (status === 'sent') conv.expiration_timestamp = unixSeconds(c.conversation.expiresAt);
    s.conversation = conv;
    s.pricing = pricing(m);
  }
  if (error) s.errors = [error];
  return s;
}

export interface StatusScheduler {
  /** Schedule the statuses of a newly accepted message (sent and delivered, or failed). */
  schedule(c: Customer, e: OutboundEntry): void;
  /** The customer opened the chat: every delivered outbound message becomes read. */
  customerReads(phoneNumberId: string, waId: string): void;
}

export function createStatusScheduler(
  ctx: SimContext,
  deps: {
    numbers: Map<string, NumberState>;
    conversations: Conversations;
    webhooks: WebhookSender;
    feed: CustomerFeed;
  },
): StatusScheduler {
  const { stats } = ctx;
  const { delays } = ctx.config;

  function emitStatus(c: Customer, e: OutboundEntry, status: Exclude<OutboundStatus, 'accepted'>): void {
    const num = deps.numbers.get(c.phoneNumberId);
    const error = status === 'failed' && e.fate !== 'deliver' ? e.fate : undefined;
    e.message.status = status;
    e.message.statuses.push({ status, at: Date.now(), ...(error ? { error } : {}) });
    if (error) {
      e.message.error = error;
      stats.failedByCode[String(error.code)] = (stats.failedByCode[String(error.code)] ?? 0) + 1;
    }
    if (num) {
      deps.webhooks.enqueue(
        num,
        c.waId,
        envelope(num, {
          messaging_product: 'whatsapp',
          metadata: metadata(num),
          statuses: [statusObject(c, e, status, error)],
        }),
      );
    }
    deps.feed.publish(c, e);
  }

  function advance(c: Customer, e: OutboundEntry, target: 'sent' | 'delivered' | 'read'): void {
    if (e.fate !== 'deliver' || e.message.status === 'failed') return;
    while (STATUS_ORDER.indexOf(e.message.status) < STATUS_ORDER.indexOf(target)) {
      const next = STATUS_ORDER[STATUS_ORDER.indexOf(e.message.status) + 1] as 'sent' | 'delivered' | 'read';
      emitStatus(c, e, next);
    }
  }

  return {
    schedule(c, entry) {
      if (entry.fate === 'deliver') {
        ctx.later(delays.sent, () => advance(c, entry, 'sent'));
        ctx.later(delays.sent + delays.delivered, () => advance(c, entry, 'delivered'));
      } else {
        ctx.later(delays.sent, () => emitStatus(c, entry, 'failed'));
      }
    },
    customerReads(phoneNumberId, waId) {
      const c = deps.conversations.find(phoneNumberId, waId);
      if (!c) return;
      for (const e of c.thread) if (e.direction === 'out') advance(c, e, 'read');
    },
  };
}
