import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { ticketCarts, whatsappCatalogueItems, whatsappCatalogues } from './orders.schema.js';

export type CartRow = typeof ticketCarts.$inferSelect;

export async function findCart(db: DbOrTx, clientId: string, ticketId: string) {
  const [row] = await db
    .select()
    .from(ticketCarts)
    .where(and(eq(ticketCarts.clientId, clientId), eq(ticketCarts.ticketId, ticketId)));
  return row ?? null;
}

/** Writes the chat's cart whole (one row per chat). */
export async function upsertCart(db: DbOrTx, row: typeof ticketCarts.$inferInsert) {
  await db
    .insert(ticketCarts)
    .values(row)
    .onConflictDoUpdate({
      target: [ticketCarts.clientId, ticketCarts.ticketId],
      set: {
        draft: row.draft,
        source: row.source,
        unmatched: row.unmatched ?? [],
        orderMessageId: row.orderMessageId ?? null,
        updatedBy: row.updatedBy ?? null,
        updatedAt: row.updatedAt ?? new Date(),
      },
    });
}

export async function deleteCart(db: DbOrTx, clientId: string, ticketId: string) {
  await db
    .delete(ticketCarts)
    .where(and(eq(ticketCarts.clientId, clientId), eq(ticketCarts.ticketId, ticketId)));
}

export async function findWaCatalogue(db: DbOrTx, clientId: string) {
  const [row] = await db.select().from(whatsappCatalogues).where(eq(whatsappCatalogues.clientId, clientId));
  return row ?? null;
}

export async function saveWaCatalogue(db: DbOrTx, row: typeof whatsappCatalogues.$inferInsert) {
  await db
    .insert(whatsappCatalogues)
    .values(row)
    .onConflictDoUpdate({
      target: whatsappCatalogues.clientId,
      set: {
        channelAccountId: row.channelAccountId,
        catalogId: row.catalogId,
        syncedAt: row.syncedAt ?? null,
        lastError: row.lastError ?? null,
      },
    });
}

export async function waCatalogueItems(db: DbOrTx, clientId: string) {
  return db.select().from(whatsappCatalogueItems).where(eq(whatsappCatalogueItems.clientId, clientId));
}

/** The catalogue items as synced now: `kept` written (retailer id, time), `gone` removed. */
export async function replaceWaCatalogueItems(
  db: DbOrTx,
  clientId: string,
  kept: { productId: string; retailerId: string; syncedAt: Date }[],
  gone: string[],
) {
  if (gone.length)
    await db
      .delete(whatsappCatalogueItems)
      .where(
        and(eq(whatsappCatalogueItems.clientId, clientId), inArray(whatsappCatalogueItems.productId, gone)),
      );
  if (kept.length)
    await db
      .insert(whatsappCatalogueItems)
      .values(kept.map((k) => ({ clientId, ...k })))
      .onConflictDoUpdate({
        target: [whatsappCatalogueItems.clientId, whatsappCatalogueItems.productId],
        set: {
          retailerId: sqlExcluded('retailer_id'),
          syncedAt: sqlExcluded('synced_at'),
        },
      });
}

const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);
