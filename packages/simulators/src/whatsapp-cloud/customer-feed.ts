import type { ServerResponse } from 'node:http';
import type { Customer, PageButton, ThreadEntry } from './context.js';
import { key } from './context.js';
import type { OutboundStatus, ShownProduct } from './types.js';

/** The customer phone page's view of a thread, and its live (SSE) feed. */

/** Shape the customer page renders. */
export interface PageEntry {
  id: string;
  direction: 'in' | 'out';
  at: number;
  type: string;
  text: string;
  mediaUrl?: string;
  mime?: string;
  filename?: string;
  status?: OutboundStatus;
  buttons?: PageButton[];
  /** A product message's products (the page lets the customer put them in a cart). */
  products?: ShownProduct[];
  readByBusiness?: boolean;
}

export function pageEntry(e: ThreadEntry): PageEntry {
  if (e.direction === 'in') {
    return {
      id: e.id,
      direction: 'in',
      at: e.at,
      type: e.type,
      text: e.text,
      ...(e.mediaId ? { mediaUrl: `/customer/media/${e.mediaId}` } : {}),
      ...(e.mime ? { mime: e.mime } : {}),
      ...(e.filename ? { filename: e.filename } : {}),
      readByBusiness: e.readByBusiness,
    };
  }
  const m = e.message;
  const mediaUrl = m.media?.id ? `/customer/media/${m.media.id}` : m.media?.link;
  return {
    id: m.id,
    direction: 'out',
    at: m.acceptedAt,
    type: m.type,
    text: m.text,
    ...(mediaUrl ? { mediaUrl } : {}),
    ...(m.media?.mime ? { mime: m.media.mime } : {}),
    ...(m.media?.filename ? { filename: m.media.filename } : {}),
    status: m.status,
    buttons: e.buttons,
    ...(m.products ? { products: m.products } : {}),
  };
}

/** What the customer sees: everything inbound, and outbound messages that are delivered. */
export function visible(e: ThreadEntry): boolean {
  return e.direction === 'in' || e.fate === 'deliver';
}

export interface CustomerFeed {
  /** Push an entry to the customer's open pages. */
  publish(c: Customer, e: ThreadEntry): void;
  /** Attach an SSE response to a (number, customer) key; returns the detach function. */
  subscribe(k: string, res: ServerResponse): () => void;
  /** End every open stream (on close). */
  endAll(): void;
}

export function createCustomerFeed(): CustomerFeed {
  const subscribers = new Map<string, Set<ServerResponse>>();
  return {
    publish(c, e) {
      if (!visible(e)) return;
      const subs = subscribers.get(key(c.phoneNumberId, c.waId));
      if (!subs) return;
      const data = `data: ${JSON.stringify(pageEntry(e))}\n\n`;
      for (const res of subs) res.write(data);
    },
    subscribe(k, res) {
      let set = subscribers.get(k);
      if (!set) {
        set = new Set();
        subscribers.set(k, set);
      }
      set.add(res);
      return () => {
        const s = subscribers.get(k);
        s?.delete(res);
        if (s && s.size === 0) subscribers.delete(k);
      };
    },
    endAll() {
      for (const set of subscribers.values()) for (const res of set) res.end();
      subscribers.clear();
    },
  };
}
