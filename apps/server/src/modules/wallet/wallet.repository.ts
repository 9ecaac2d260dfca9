import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import { bankAccounts, walletMutations, wallets, withdrawals } from './wallet.schema.js';

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WalletMutationRow = typeof walletMutations.$inferSelect;

/**
 * Locks the business's wallet row (`FOR UPDATE`), opening it first: every change of one business's balance
 * and every withdrawal request is serialised here. Answers the settled balance.
 */
export async function lockWallet(tx: DbOrTx, clientId: string): Promise<number> {
  await tx.insert(wallets).values({ clientId }).onConflictDoNothing();
  const [row] = await tx
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.clientId, clientId))
    .for('update');
  return row?.balance ?? 0;
}

export async function balanceOf(db: DbOrTx, clientId: string): Promise<number> {
  const [row] = await db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.clientId, clientId));
  return row?.balance ?? 0;
}

/** What the business's pending withdrawals hold out of the balance. */
export async function heldByPendingWithdrawals(db: DbOrTx, clientId: string): Promise<number> {
  const [row] = await db
    .select({ held: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(and(eq(withdrawals.clientId, clientId), eq(withdrawals.status, 'pending')));
  return Number(row?.held ?? 0);
}

export interface MutationEntry {
  clientId: string;
  kind: 'order_payment' | 'withdrawal' | 'opening';
  reference: string;
  amount: number;
  referenceType: 'payment' | 'withdrawal' | 'opening';
  referenceId: string;
}

/**
 * Writes one ledger row on the (locked) wallet and moves its balance, unless a row for the same reference is
 * there already; answers the row written, or null when it was a repeat.
 */
export async function writeMutation(tx: DbOrTx, e: MutationEntry, balance: number) {
  const [row] = await tx
    .insert(walletMutations)
    .values({ ...e, id: uuidv7(), balanceAfter: balance + e.amount })
    .onConflictDoNothing({ target: [walletMutations.referenceType, walletMutations.referenceId] })
    .returning();
  if (!row) return null;
  await tx
    .update(wallets)
    .set({ balance: row.balanceAfter, updatedAt: sql`now()` })
    .where(eq(wallets.clientId, e.clientId));
  return row;
}

export async function mutationPage(db: DbOrTx, clientId: string, page: number, size: number) {
  const where = eq(walletMutations.clientId, clientId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(walletMutations)
      .where(where)
      .orderBy(desc(walletMutations.createdAt), desc(walletMutations.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(walletMutations).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function pendingWithdrawalPage(db: DbOrTx, clientId: string, page: number, size: number) {
  const where = and(eq(withdrawals.clientId, clientId), eq(withdrawals.status, 'pending'));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertWithdrawal(tx: DbOrTx, row: typeof withdrawals.$inferInsert) {
  const [inserted] = await tx.insert(withdrawals).values(row).returning();
  return inserted!;
}

export async function setWithdrawalGatewayId(db: DbOrTx, id: string, gatewayId: string) {
  await db
    .update(withdrawals)
    .set({ gatewayId, updatedAt: sql`now()` })
    .where(and(eq(withdrawals.id, id), sql`${withdrawals.gatewayId} is null`));
}

/** Locks a withdrawal for a gateway notification (by Sapa's id, the disbursement's `external_id`). */
export async function lockWithdrawal(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row ?? null;
}

/** Moves a pending withdrawal to its final status; null when it was no longer pending. */
export async function settleWithdrawal(
  tx: DbOrTx,
  id: string,
  to: { status: 'completed' | 'failed'; gatewayId: string; failureCode?: string | null },
) {
  const [row] = await tx
    .update(withdrawals)
    .set({
      status: to.status,
      gatewayId: to.gatewayId,
      failureCode: to.failureCode ?? null,
      settledAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function bankAccountsOf(db: DbOrTx, clientId: string) {
  return db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.clientId, clientId))
    .orderBy(desc(bankAccounts.isPrimary), asc(bankAccounts.createdAt));
}

export async function findBankAccount(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.clientId, clientId), eq(bankAccounts.id, id)));
  return row ?? null;
}

export async function insertBankAccount(db: DbOrTx, row: typeof bankAccounts.$inferInsert) {
  const [inserted] = await db.insert(bankAccounts).values(row).returning();
  return inserted!;
}

export async function setInquiryStatus(db: DbOrTx, clientId: string, id: string, status: string) {
  const [row] = await db
    .update(bankAccounts)
    .set({ inquiryStatus: status, updatedAt: sql`now()` })
    .where(and(eq(bankAccounts.clientId, clientId), eq(bankAccounts.id, id)))
    .returning();
  return row ?? null;
}

/** Makes one account the primary one (the others stop being it first, so the unique index holds). */
export async function makePrimary(tx: DbOrTx, clientId: string, id: string) {
  await tx
    .update(bankAccounts)
    .set({ isPrimary: false, updatedAt: sql`now()` })
    .where(and(eq(bankAccounts.clientId, clientId), eq(bankAccounts.isPrimary, true)));
  const [row] = await tx
    .update(bankAccounts)
    .set({ isPrimary: true, updatedAt: sql`now()` })
    .where(and(eq(bankAccounts.clientId, clientId), eq(bankAccounts.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteBankAccount(tx: DbOrTx, clientId: string, id: string) {
  const [row] = await tx
    .delete(bankAccounts)
    .where(and(eq(bankAccounts.clientId, clientId), eq(bankAccounts.id, id)))
    .returning();
  return row ?? null;
}

export async function hasPendingWithdrawalTo(db: DbOrTx, clientId: string, bankAccountId: string) {
  const [row] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.clientId, clientId),
        eq(withdrawals.bankAccountId, bankAccountId),
        eq(withdrawals.status, 'pending'),
      ),
    )
    .limit(1);
  return !!row;
}

/** Pending withdrawals the gateway never confirmed taking (no disbursement id), older than `before`. */
export async function unsentWithdrawals(db: DbOrTx, before: Date, limit: number) {
  return db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, 'pending'),
        sql`${withdrawals.gatewayId} is null`,
        sql`${withdrawals.createdAt} < ${before.toISOString()}`,
      ),
    )
    .orderBy(asc(withdrawals.createdAt))
    .limit(limit);
}
