import type { CreditMutation } from '@sapa/contracts';
import { and, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import { AppError, badRequest } from '../../platform/http/errors.js';
import { decodeTimeCursor, encodeTimeCursor, keysetPage } from '../../platform/http/pagination.js';
import { clients } from '../tenancy/tenancy.schema.js';
import { chatCreditMutations, chatCreditWallets } from './billing.schema.js';

/** 000 §5: credit is insufficient when the billing type is not POST_PAID and the balance is below the amount. */
export function creditsSufficient(input: { billingType: string; balance: number; amount: number }): boolean {
  if (input.amount <= 0 || input.billingType === 'POST_PAID') return true;
  return input.balance >= input.amount;
}

async function walletOf(db: DbOrTx, clientId: string) {
  const [row] = await db
    .select({ billingType: clients.billingType, balance: chatCreditWallets.balance })
    .from(clients)
    .leftJoin(chatCreditWallets, eq(chatCreditWallets.clientId, clients.id))
    .where(eq(clients.id, clientId));
  return row ? { billingType: row.billingType, balance: Number(row.balance ?? 0) } : null;
}

/**
 * 000 §5, §8 chat credits empty: refuses (402 `inbox.creditsEmpty`) a priced send the business cannot pay
 * for. Only the paid balance counts: bonus credit is usable for inbound messages only (001 §9).
 */
export async function assertCreditsAvailable(db: DbOrTx, clientId: string, amount: number): Promise<void> {
  if (amount <= 0) return;
  const wallet = await walletOf(db, clientId);
  if (!wallet || !creditsSufficient({ ...wallet, amount })) throw new AppError(402, 'inbox.creditsEmpty');
}

export interface ChargeInput {
  clientId: string;
  amount: number;
  description: string;
  /** What was paid for, e.g. `message` and its id: one charge per reference. */
  referenceType: string;
  referenceId: string;
}

/**
 * Charges `amount` credits inside the caller's transaction and writes the mutation row (001 §3: time,
 * description, status, amount, balance). The deduction is one conditional UPDATE (`balance >= amount`), so
 * two concurrent charges can never overdraw; a business on POST_PAID is never refused — its usage is
 * recorded (status `post_paid`) and billed later, the prepaid balance stays as it is. Charging a reference
 * already charged changes nothing and returns the earlier row.
 */
export async function chargeCredits(tx: DbOrTx, input: ChargeInput) {
  const [earlier] = await tx
    .select()
    .from(chatCreditMutations)
    .where(
      and(
        eq(chatCreditMutations.clientId, input.clientId),
        eq(chatCreditMutations.referenceType, input.referenceType),
        eq(chatCreditMutations.referenceId, input.referenceId),
      ),
    );
  if (earlier) return { mutation: earlier, charged: false };
  const wallet = await walletOf(tx, input.clientId);
  if (!wallet) throw new AppError(402, 'inbox.creditsEmpty');
  const amount = input.amount.toFixed(2);
  let balanceAfter: string;
  let status = 'success';
  if (wallet.billingType === 'POST_PAID') {
    balanceAfter = wallet.balance.toFixed(2);
    status = 'post_paid';
  } else {
    const [updated] = await tx
      .update(chatCreditWallets)
      .set({ balance: sql`${chatCreditWallets.balance} - ${amount}::numeric`, updatedAt: new Date() })
      .where(
        and(
          eq(chatCreditWallets.clientId, input.clientId),
          gte(chatCreditWallets.balance, sql`${amount}::numeric`),
        ),
      )
      .returning({ balance: chatCreditWallets.balance });
    if (!updated) throw new AppError(402, 'inbox.creditsEmpty');
    balanceAfter = updated.balance;
  }
  const [mutation] = await tx
    .insert(chatCreditMutations)
    .values({
      clientId: input.clientId,
      id: uuidv7(),
      description: input.description,
      kind: 'charge',
      status,
      amount: `-${amount}`,
      balanceAfter,
      referenceType: input.referenceType,
      referenceId: input.referenceId,
    })
    .returning();
  return { mutation: mutation!, charged: true };
}

/** 001 §3, §7 chat-credit/list: the business's mutation rows, newest first (keyset on created_at, id). */
export async function listCreditMutations(
  db: DbOrTx,
  clientId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<{ items: CreditMutation[]; nextCursor: string | null }> {
  const where: SQL[] = [eq(chatCreditMutations.clientId, clientId)];
  if (query.cursor) {
    const c = decodeTimeCursor(query.cursor);
    if (!c) throw badRequest('validation.invalid');
    where.push(
      sql`(${chatCreditMutations.createdAt}, ${chatCreditMutations.id}) < (${c.at.toISOString()}::timestamptz, ${c.id}::uuid)`,
    );
  }
  const rows = await db
    .select()
    .from(chatCreditMutations)
    .where(and(...where))
    .orderBy(desc(chatCreditMutations.createdAt), desc(chatCreditMutations.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (last) =>
    encodeTimeCursor(last.createdAt, last.id),
  );
  return {
    items: page.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.getTime(),
      description: r.description,
      kind: r.kind,
      status: r.status,
      amount: Number(r.amount),
      balanceAfter: Number(r.balanceAfter),
      referenceType: r.referenceType,
      referenceId: r.referenceId,
    })),
    nextCursor,
  };
}
