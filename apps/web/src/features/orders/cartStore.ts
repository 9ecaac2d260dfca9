import {
  type AddressInput,
  type CartDraft,
  type CartResponse,
  type CatalogueOrderItem,
  cartEndpoints,
  type DeliveryMethod,
  type PaymentMethodCode,
} from '@sapa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { request } from '../../shared/api';
import { useRealtime } from '../../shared/realtime';
import type { CartLine } from './cart';

/** A transaction being built in one chat: the cart and the panel's fields, kept while the panel is closed. */
export interface Draft {
  lines: CartLine[];
  /** Null: the chat's contact name. */
  customerName: string | null;
  delivery: DeliveryMethod;
  courierId: string | null;
  address: AddressInput;
  note: string;
  /** With the payment gateway on: the summary carries a payment link for this method. */
  paymentMethod: PaymentMethodCode | null;
  /** The create request's idempotency key: a retried click never makes a second order. */
  requestId: string;
  /** Who started it: an agent, or the customer's WhatsApp catalogue order. */
  source: 'agent' | 'catalogue';
  /** A catalogue order's lines that name no product sold here. */
  unmatched: CatalogueOrderItem[];
}

const newDraft = (): Draft => ({
  lines: [],
  customerName: null,
  delivery: 'courier',
  courierId: null,
  address: { province: '', city: '', district: '', postalCode: '', fullAddress: '' },
  note: '',
  paymentMethod: null,
  requestId: crypto.randomUUID(),
  source: 'agent',
  unmatched: [],
});

/**
 * The drafts, one per chat, mirrored from the server (`/api/tickets/:id/cart`): a reload or another tab finds
 * the chat's cart again, and a customer's WhatsApp catalogue order arrives in it. 000 §4: resolving,
 * reassigning or leaving a chat discards its cart after confirmation (`discardCart`, which deletes it there).
 */
const drafts = new Map<string, Draft>();
/** The server's version each draft was read at (a newer one replaces the tab's copy when nothing is unsaved). */
const seen = new Map<string, number>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const EMPTY = newDraft();
const SAVE_DELAY_MS = 400;

const cartKey = (ticketId: string) => ['orders', 'cart', ticketId] as const;

/** The draft as the server keeps it (product ids and choices; the panel's products come back with it). */
export function toServerDraft(d: Draft): CartDraft {
  return {
    items: d.lines.map((l) => ({
      productId: l.product.id,
      quantity: l.quantity,
      choice: l.choice,
      note: l.note || null,
    })),
    customerName: d.customerName,
    delivery: d.delivery,
    courierId: d.courierId,
    address: {
      province: d.address.province,
      city: d.address.city,
      district: d.address.district,
      postalCode: d.address.postalCode,
      fullAddress: d.address.fullAddress,
      latitude: d.address.latitude ?? null,
      longitude: d.address.longitude ?? null,
    },
    note: d.note,
    paymentMethod: d.paymentMethod,
    requestId: d.requestId,
  };
}

/** The server's cart as the panel's draft: each item with its product as loaded (items of products gone are dropped). */
export function fromServerCart(cart: CartResponse): Draft | null {
  if (!cart.draft) return null;
  const byId = new Map(cart.products.map((p) => [p.id, p]));
  const lines: CartLine[] = [];
  cart.draft.items.forEach((item, i) => {
    const product = byId.get(item.productId);
    if (product)
      lines.push({
        key: `${item.productId}-${i}`,
        product,
        quantity: item.quantity,
        choice: item.choice,
        note: item.note ?? '',
      });
  });
  return {
    lines,
    customerName: cart.draft.customerName,
    delivery: cart.draft.delivery,
    courierId: cart.draft.courierId,
    address: cart.draft.address,
    note: cart.draft.note,
    paymentMethod: cart.draft.paymentMethod,
    requestId: cart.draft.requestId,
    source: cart.source ?? 'agent',
    unmatched: cart.unmatched,
  };
}

function scheduleSave(ticketId: string) {
  clearTimeout(timers.get(ticketId));
  timers.set(
    ticketId,
    setTimeout(() => {
      timers.delete(ticketId);
      const d = drafts.get(ticketId);
      if (!d) return;
      request(cartEndpoints.saveCart, { params: { id: ticketId }, body: toServerDraft(d) })
        .then((r) => seen.set(ticketId, Math.max(seen.get(ticketId) ?? 0, r.updatedAt)))
        .catch(() => {
          /* kept in the tab; the next change tries again */
        });
    }, SAVE_DELAY_MS),
  );
}

export function updateDraft(ticketId: string, patch: Partial<Draft>) {
  drafts.set(ticketId, { ...(drafts.get(ticketId) ?? newDraft()), ...patch });
  emit();
  scheduleSave(ticketId);
}

export function discardCart(ticketId: string) {
  clearTimeout(timers.get(ticketId));
  timers.delete(ticketId);
  const had = drafts.delete(ticketId);
  seen.set(ticketId, Date.now());
  request(cartEndpoints.discardCart, { params: { id: ticketId } }).catch(() => {
    /* the server's copy stays until the next discard or order */
  });
  if (had) emit();
}

/** Whether a cart with products is in progress in this chat. */
export function hasCartInProgress(ticketId: string | null | undefined): boolean {
  return ticketId ? (drafts.get(ticketId)?.lines.length ?? 0) > 0 : false;
}

/** Takes the server's cart when it is newer than what the tab holds and the tab has nothing unsaved. */
function adopt(ticketId: string, cart: CartResponse) {
  if (timers.has(ticketId)) return;
  const at = cart.updatedAt ?? 0;
  if (at <= (seen.get(ticketId) ?? 0)) return;
  seen.set(ticketId, at);
  const draft = fromServerCart(cart);
  if (draft) drafts.set(ticketId, draft);
  else drafts.delete(ticketId);
  emit();
}

/**
 * The chat's draft, read from the server once per chat and again when the customer's catalogue order arrives
 * (a `message.created` of type `order` in this chat).
 */
export function useDraft(ticketId: string): Draft {
  const client = useQueryClient();
  const cart = useQuery({
    queryKey: cartKey(ticketId),
    queryFn: ({ signal }) => request(cartEndpoints.cart, { params: { id: ticketId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (cart.data) adopt(ticketId, cart.data);
  }, [ticketId, cart.data]);
  useRealtime((event) => {
    if (
      event.type === 'message.created' &&
      event.message.ticketId === ticketId &&
      event.message.type === 'order'
    )
      void client.invalidateQueries({ queryKey: cartKey(ticketId) });
  });
  return useSyncExternalStore(subscribe, () => drafts.get(ticketId) ?? EMPTY);
}
