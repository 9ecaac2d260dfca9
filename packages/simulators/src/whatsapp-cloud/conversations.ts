import type { Customer, InboundEntry, OutboundEntry, SimContext } from './context.js';
import { key } from './context.js';
import type { BusinessMessage } from './types.js';
import { REENGAGEMENT_ERROR, toWaId, UNDELIVERABLE_ERROR } from './wire.js';

/** Customers, their threads with each business number, the message index and the service window. */
export interface Conversations {
  /** The customer (created if new) for a number and a wa_id (digits). */
  get(phoneNumberId: string, waId: string): Customer;
  /** An existing customer; `waId` may be formatted ("+62 812-…"). */
  find(phoneNumberId: string, waId: string): Customer | undefined;
  /** Append to the thread and index the message id. */
  add(c: Customer, id: string, entry: InboundEntry | OutboundEntry): void;
  lookup(messageId: string): { customer: Customer; entry: InboundEntry | OutboundEntry } | undefined;
  /** What happens to a new outbound message: delivered, or the async error it fails with. */
  fateFor(c: Customer, type: string, now: number): OutboundEntry['fate'];
  setUndeliverable(waId: string, value?: boolean): void;
  /** The customer's 24-hour window closes now, as if their last message were a day old. */
  closeWindow(phoneNumberId: string, waId: string): boolean;
  /** The business messages sent to a customer (copies). */
  businessMessages(phoneNumberId: string, waId: string): BusinessMessage[];
}

export function createConversations(ctx: SimContext): Conversations {
  const customers = new Map<string, Customer>();
  const undeliverable = new Set<string>();
  const messageIndex = new Map<string, { customer: Customer; entry: InboundEntry | OutboundEntry }>();
  const { windowMs } = ctx.config;

  return {
    get(phoneNumberId, waId) {
      const k = key(phoneNumberId, waId);
      let c = customers.get(k);
      if (!c) {
        c = { phoneNumberId, waId, name: '', thread: [] };
        customers.set(k, c);
      }
      return c;
    },
    find: (phoneNumberId, waId) => customers.get(key(phoneNumberId, toWaId(waId))),
    add(c, id, entry) {
      c.thread.push(entry);
      messageIndex.set(id, { customer: c, entry });
    },
    lookup: (messageId) => messageIndex.get(messageId),
    fateFor(c, type, now) {
      if (undeliverable.has(c.waId)) return UNDELIVERABLE_ERROR();
      if (type !== 'template' && (c.lastInboundAt === undefined || now - c.lastInboundAt > windowMs)) {
        return REENGAGEMENT_ERROR();
      }
      return 'deliver';
    },
    closeWindow(phoneNumberId, waId) {
      const c = customers.get(key(phoneNumberId, toWaId(waId)));
      if (!c) return false;
      c.lastInboundAt = undefined;
      return true;
    },
    setUndeliverable(waId, value = true) {
      if (value) undeliverable.add(toWaId(waId));
      else undeliverable.delete(toWaId(waId));
    },
    businessMessages(phoneNumberId, waId) {
      const c = customers.get(key(phoneNumberId, toWaId(waId)));
      if (!c) return [];
      return c.thread.flatMap((e) =>
        e.direction === 'out' ? [{ ...e.message, statuses: [...e.message.statuses] }] : [],
      );
    },
  };
}
