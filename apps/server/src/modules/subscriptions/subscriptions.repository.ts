import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { subscriptionOrders } from './subscriptions.schema.js';

export type OrderRow = typeof subscriptionOrders.$inferSelect;

export async function insertOrder(
  db: DbOrTx,
  row: typeof subscriptionOrders.$inferInsert,
): Promise<OrderRow> {
  const [inserted] = await db.insert(subscriptionOrders).values(row).returning();
  return inserted!;
}

/** The business's pending order (at most one). */
export async function findPendingOrder(db: DbOrTx, clientId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(subscriptionOrders)
    .where(and(eq(subscriptionOrders.clientId, clientId), eq(subscriptionOrders.status, 'pending')))
    .orderBy(desc(subscriptionOrders.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findOrder(db: DbOrTx, clientId: string, id: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(subscriptionOrders)
    .where(and(eq(subscriptionOrders.clientId, clientId), eq(subscriptionOrders.id, id)));
  return row ?? null;
}

export async function findOrderOfPayment(db: DbOrTx, clientId: string, paymentId: string) {
  const [row] = await db
    .select()
    .from(subscriptionOrders)
    .where(and(eq(subscriptionOrders.clientId, clientId), eq(subscriptionOrders.paymentId, paymentId)));
  return row ?? null;
}

/** Moves a pending order to a final status (with the validity it gave, when paid); null when it was not pending. */
export async function settleOrder(
  db: DbOrTx,
  clientId: string,
  id: string,
  change: { status: 'paid' | 'cancelled' | 'expired'; endsAt?: Date },
): Promise<OrderRow | null> {
  const [row] = await db
    .update(subscriptionOrders)
    .set({
      status: change.status,
      settledAt: new Date(),
      ...(change.endsAt ? { endsAt: change.endsAt } : {}),
    })
    .where(
      and(
        eq(subscriptionOrders.clientId, clientId),
        eq(subscriptionOrders.id, id),
        eq(subscriptionOrders.status, 'pending'),
      ),
    )
    .returning();
  return row ?? null;
}
