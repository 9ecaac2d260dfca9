import type { AddressInput, DeliveryMethod, PaymentMethodCode } from '@sapa/contracts';
import { useSyncExternalStore } from 'react';
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
});

/**
 * The drafts, one per chat (000 §4: resolving, reassigning or leaving a chat discards its transaction after
 * confirmation). Kept in memory for the tab's life: a reload starts afresh.
 */
const drafts = new Map<string, Draft>();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const EMPTY = newDraft();

export function updateDraft(ticketId: string, patch: Partial<Draft>) {
  drafts.set(ticketId, { ...(drafts.get(ticketId) ?? newDraft()), ...patch });
  emit();
}

export function discardCart(ticketId: string) {
  if (drafts.delete(ticketId)) emit();
}

/** Whether a cart with products is in progress in this chat. */
export function hasCartInProgress(ticketId: string | null | undefined): boolean {
  return ticketId ? (drafts.get(ticketId)?.lines.length ?? 0) > 0 : false;
}

export function useDraft(ticketId: string): Draft {
  return useSyncExternalStore(subscribe, () => drafts.get(ticketId) ?? EMPTY);
}
