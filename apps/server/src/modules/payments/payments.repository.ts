import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { payments } from './payments.schema.js';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

export async function insertPayment(db: DbOrTx, row: NewPayment): Promise<PaymentRow> {
  const [inserted] = await db.insert(payments).values(row).returning();
  return inserted!;
}

/** A business's payment (null for another business's id). */
export async function findPayment(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.clientId, clientId), eq(payments.id, id)));
  return row ?? null;
}

/** The payment a gateway notification names, locked for the rest of the transaction. */
export async function lockPaymentForNotification(db: DbOrTx, gateway: string, gatewayId: string, id: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.gateway, gateway), eq(payments.gatewayId, gatewayId)))
    .for('update');
  return row ?? null;
}

/** Moves a pending payment to `status`; null when it was no longer pending (a replay or a race lost). */
export async function settlePendingPayment(
  db: DbOrTx,
  id: string,
  change: {
    status: 'paid' | 'expired' | 'failed' | 'cancelled';
    paidAt?: Date | null;
    paidChannel?: string | null;
  },
) {
  const [row] = await db
    .update(payments)
    .set({
      status: change.status,
      paidAt: change.paidAt ?? null,
      paidChannel: change.paidChannel ?? null,
      updatedAt: new Date(),
    })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function attachGatewayInvoice(
  db: DbOrTx,
  id: string,
  invoice: { gatewayId: string; checkoutUrl: string; expiresAt: Date },
) {
  const [row] = await db
    .update(payments)
    .set({ ...invoice, updatedAt: new Date() })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

/** 001 §4 Top-up: a business's pending payments that expired before `before` become `expired`. */
export async function expireOverduePayments(db: DbOrTx, clientId: string, before: Date): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(
      and(eq(payments.clientId, clientId), eq(payments.status, 'pending'), lt(payments.expiresAt, before)),
    );
}

export async function findPendingTopUp(db: DbOrTx, clientId: string) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(eq(payments.clientId, clientId), eq(payments.purpose, 'top_up'), eq(payments.status, 'pending')),
    )
    .limit(1);
  return row ?? null;
}

/** A business's payments, newest first, after the keyset position `before` when given. */
export async function selectPayments(
  db: DbOrTx,
  clientId: string,
  page: { before: { at: Date; id: string } | null; limit: number },
) {
  const where: SQL[] = [eq(payments.clientId, clientId)];
  if (page.before)
    where.push(
      sql`(${payments.createdAt}, ${payments.id}) < (${page.before.at.toISOString()}::timestamptz, ${page.before.id}::uuid)`,
    );
  return db
    .select()
    .from(payments)
    .where(and(...where))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(page.limit + 1);
}
