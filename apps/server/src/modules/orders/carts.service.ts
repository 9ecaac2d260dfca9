import {
  type CartDraft,
  type CartResponse,
  type CatalogueOrderItem,
  can,
  cartDraftSchema,
  catalogueOrderSchema,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx, Tx } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';
import { forbidden } from '../../platform/http/errors.js';
import { productsBySkus, productsInFull } from '../catalogue/index.js';
import type { MessageRow, TicketRow } from '../conversations/index.js';
import * as repo from './carts.repository.js';
import { cartItemsFromOrder } from './catalogue-order.js';

/**
 * The cart being built in a chat, kept per chat on the server (000 §2 create-transaction panel): a reload keeps
 * it, a colleague taking the chat over finds it, a customer's WhatsApp catalogue order starts it. 000 §4: the
 * panel discards it (after confirming) when the chat is resolved, reassigned or left; creating the order ends it.
 */

function assertMayTakeOrders(auth: AuthContext) {
  if (!can(auth.subject, 'TRANSACTION_BUTTON', 'CREATE')) throw forbidden();
}

export async function getCart(deps: ServerDeps, auth: AuthContext, ticket: TicketRow): Promise<CartResponse> {
  if (!can(auth.subject, 'TRANSACTION_BUTTON', 'READ')) throw forbidden();
  const row = await repo.findCart(deps.db, auth.clientId, ticket.id);
  if (!row) return { draft: null, products: [], source: null, unmatched: [], updatedAt: null };
  const products = await productsInFull(
    deps.db,
    auth.clientId,
    row.draft.items.map((i) => i.productId),
  );
  return {
    draft: row.draft,
    products,
    source: row.source,
    unmatched: row.unmatched,
    updatedAt: row.updatedAt.getTime(),
  };
}

/** The panel's draft, written whole; the products are checked when the order is created, not here. */
export async function saveCart(deps: ServerDeps, auth: AuthContext, ticket: TicketRow, draft: CartDraft) {
  assertMayTakeOrders(auth);
  const existing = await repo.findCart(deps.db, auth.clientId, ticket.id);
  const updatedAt = new Date();
  await repo.upsertCart(deps.db, {
    clientId: auth.clientId,
    ticketId: ticket.id,
    draft,
    source: existing?.source ?? 'agent',
    // Lines the agent has seen stay listed until the cart is discarded or the order created.
    unmatched: existing?.unmatched ?? [],
    orderMessageId: existing?.orderMessageId ?? null,
    updatedBy: auth.userId,
    updatedAt,
  });
  return { ok: true as const, updatedAt: updatedAt.getTime() };
}

export async function discardCart(deps: ServerDeps, auth: AuthContext, ticket: TicketRow) {
  assertMayTakeOrders(auth);
  await repo.deleteCart(deps.db, auth.clientId, ticket.id);
  return { ok: true as const };
}

/** The order was created: the chat's cart is done. */
export async function endCart(db: DbOrTx, clientId: string, ticketId: string) {
  await repo.deleteCart(db, clientId, ticketId);
}

/**
 * The inbound hook (handed to channels by app.ts): every customer's WhatsApp `order` message stored in this
 * batch becomes the cart of its chat, in the batch's transaction. A cart only the customer has filled is
 * replaced by the newer order (WhatsApp sends the whole cart each time); a cart an agent has worked on keeps
 * its lines and gets the order's added.
 */
export async function startCartsFromOrders(tx: Tx, created: readonly MessageRow[]) {
  for (const row of created) {
    if (row.type !== 'order' || row.direction !== 'in') continue;
    const order = catalogueOrderSchema.safeParse(row.payload);
    if (!order.success) continue;
    const products = await productsBySkus(
      tx,
      row.clientId,
      order.data.items.map((i) => i.retailerId),
    );
    const mapped = cartItemsFromOrder(order.data, products);
    const existing = await repo.findCart(tx, row.clientId, row.ticketId);
    const keepAgentWork = existing !== null && existing.updatedBy !== null;
    const base: CartDraft = keepAgentWork
      ? existing.draft
      : cartDraftSchema.parse({ items: [], requestId: uuidv7() });
    const items = [...(keepAgentWork ? base.items : []), ...mapped.items.map((i) => ({ ...i, note: null }))];
    const unmatched: CatalogueOrderItem[] = [
      ...(keepAgentWork ? existing.unmatched : []),
      ...mapped.unmatched,
    ];
    await repo.upsertCart(tx, {
      clientId: row.clientId,
      ticketId: row.ticketId,
      draft: {
        ...base,
        items: items.slice(0, 50),
        note: base.note || (order.data.text ?? '').slice(0, 500),
      },
      source: keepAgentWork ? existing.source : 'catalogue',
      unmatched,
      orderMessageId: row.id,
      updatedBy: keepAgentWork ? existing.updatedBy : null,
      updatedAt: new Date(),
    });
  }
}
