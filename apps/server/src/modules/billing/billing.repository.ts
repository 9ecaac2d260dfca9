import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { pgArray } from '../../platform/db/array-literal.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/rows.js';
import { clients } from '../tenancy/tenancy.schema.js';
import { chatCreditMutations, chatCreditWallets, chatCreditWindows } from './billing.schema.js';

export type MutationRow = typeof chatCreditMutations.$inferSelect;

export async function insertWallet(db: DbOrTx, clientId: string): Promise<void> {
  await db.insert(chatCreditWallets).values({ clientId }).onConflictDoNothing();
}

export async function findWallet(db: DbOrTx, clientId: string) {
  const [row] = await db
    .select()
    .from(chatCreditWallets)
    .where(eq(chatCreditWallets.clientId, clientId))
    .limit(1);
  return row;
}

/** The business's billing type and paid balance (0 without a wallet); null for an unknown business. */
export async function walletOf(db: DbOrTx, clientId: string) {
  const [row] = await db
    .select({ billingType: clients.billingType, balance: chatCreditWallets.balance })
    .from(clients)
    .leftJoin(chatCreditWallets, eq(chatCreditWallets.clientId, clients.id))
    .where(eq(clients.id, clientId));
  return row ? { billingType: row.billingType, balance: Number(row.balance ?? 0) } : null;
}

export interface LockedWallet {
  billingType: string;
  balance: string;
  balanceBonus: string;
}

/**
 * Locks the business's wallet row (`FOR UPDATE`) until the caller's transaction ends, with its billing type:
 * every ledger change of one business is serialised here, so a balance and its rows always agree. Null when the
 * business has no wallet.
 */
export async function lockWallet(tx: DbOrTx, clientId: string): Promise<LockedWallet | null> {
  const [row] = rowsOf<{ billing_type: string; balance: string; balance_bonus: string }>(
    await tx.execute(sql`
      select c.billing_type, w.balance::text as balance, w.balance_bonus::text as balance_bonus
      from ${chatCreditWallets} w join ${clients} c on c.id = w.client_id
      where w.client_id = ${clientId}
      for update of w`),
  );
  return row
    ? { billingType: row.billing_type, balance: row.balance, balanceBonus: row.balance_bonus }
    : null;
}

export interface LedgerEntry {
  /** The row's id when the caller names it first (a window records it); a new uuidv7 otherwise. */
  id?: string;
  clientId: string;
  kind: 'top_up' | 'bonus' | 'charge' | 'refund' | 'expiry';
  status: 'success' | 'post_paid' | 'unpaid';
  /** Credits as numeric text, signed: what moves the paid and the bonus balance when `status` is success. */
  amount: string;
  bonusAmount: string;
  description: string;
  details: Record<string, string | number> | null;
  referenceType: string;
  referenceId: string;
}

/**
 * Moves the (locked) wallet by a success entry's amounts and writes the entry with the balances after it, in
 * one statement; other statuses leave the wallet as it is and record its balances.
 */
export async function writeLedgerEntry(tx: DbOrTx, e: LedgerEntry): Promise<MutationRow> {
  const moves = e.status === 'success';
  const paid = moves ? e.amount : '0';
  const bonus = moves ? e.bonusAmount : '0';
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      with w as (
        update ${chatCreditWallets}
        set balance = balance + ${paid}::numeric, balance_bonus = balance_bonus + ${bonus}::numeric,
            updated_at = now()
        where client_id = ${e.clientId}
        returning balance, balance_bonus
      )
      insert into ${chatCreditMutations}
        (client_id, id, description, details, kind, status, amount, balance_after, bonus_amount,
         bonus_balance_after, reference_type, reference_id)
      select ${e.clientId}, ${e.id ?? uuidv7()}, ${e.description}, ${e.details ? JSON.stringify(e.details) : null}::jsonb,
        ${e.kind}, ${e.status}, ${e.amount}::numeric, w.balance, ${e.bonusAmount}::numeric, w.balance_bonus,
        ${e.referenceType}, ${e.referenceId}
      from w
      returning *`),
  );
  if (!row) throw new Error(`no chat-credit wallet for ${e.clientId}`);
  return mutationFromRaw(row);
}

function mutationFromRaw(r: Record<string, unknown>): MutationRow {
  return {
    clientId: r.client_id as string,
    id: r.id as string,
    description: r.description as string,
    details: (r.details as MutationRow['details']) ?? null,
    kind: r.kind as string,
    status: r.status as string,
    amount: String(r.amount),
    balanceAfter: String(r.balance_after),
    bonusAmount: String(r.bonus_amount),
    bonusBalanceAfter: String(r.bonus_balance_after),
    referenceType: (r.reference_type as string | null) ?? null,
    referenceId: (r.reference_id as string | null) ?? null,
    createdAt: new Date(r.created_at as string),
  };
}

export async function findMutationByReference(
  db: DbOrTx,
  ref: { clientId: string; referenceType: string; referenceId: string },
): Promise<MutationRow | undefined> {
  const [row] = await db
    .select()
    .from(chatCreditMutations)
    .where(
      and(
        eq(chatCreditMutations.clientId, ref.clientId),
        eq(chatCreditMutations.referenceType, ref.referenceType),
        eq(chatCreditMutations.referenceId, ref.referenceId),
      ),
    );
  return row;
}

export interface MutationFilter {
  clientId: string;
  from?: Date | undefined;
  to?: Date | undefined;
  before?: { at: Date; id: string } | null;
  limit: number;
}

/** Mutation rows newest first, within [from, to), keyset after `before`. */
export async function selectMutations(db: DbOrTx, f: MutationFilter): Promise<MutationRow[]> {
  const where: SQL[] = [eq(chatCreditMutations.clientId, f.clientId)];
  if (f.from) where.push(gte(chatCreditMutations.createdAt, f.from));
  if (f.to) where.push(lt(chatCreditMutations.createdAt, f.to));
  if (f.before)
    where.push(
      sql`(${chatCreditMutations.createdAt}, ${chatCreditMutations.id}) < (${f.before.at.toISOString()}::timestamptz, ${f.before.id}::uuid)`,
    );
  return db
    .select()
    .from(chatCreditMutations)
    .where(and(...where))
    .orderBy(desc(chatCreditMutations.createdAt), desc(chatCreditMutations.id))
    .limit(f.limit);
}

/** The sums of the success rows against the wallet: what the ledger says and what the wallet keeps. */
export async function ledgerTotals(db: DbOrTx, clientId: string) {
  const [row] = rowsOf<{ paid: string; bonus: string; balance: string | null; balance_bonus: string | null }>(
    await db.execute(sql`
      select coalesce(sum(amount) filter (where status = 'success'), 0)::text as paid,
             coalesce(sum(bonus_amount) filter (where status = 'success'), 0)::text as bonus,
             (select balance::text from ${chatCreditWallets} where client_id = ${clientId}) as balance,
             (select balance_bonus::text from ${chatCreditWallets} where client_id = ${clientId}) as balance_bonus
      from ${chatCreditMutations} where client_id = ${clientId}`),
  );
  return row!;
}

/**
 * Businesses whose bonus of `month` is not credited yet, with what decides its size (001 §9), a batch at a time.
 */
export async function businessesAwaitingBonus(db: DbOrTx, month: string, limit: number) {
  return rowsOf<{ id: string; account_status: string; subscription_package: string | null }>(
    await db.execute(sql`
      select c.id, c.account_status, c.subscription_package
      from ${clients} c join ${chatCreditWallets} w on w.client_id = c.id
      where not exists (
        select 1 from ${chatCreditMutations} m
        where m.client_id = c.id and m.reference_type = 'bonus' and m.reference_id = ${month})
      order by c.id
      limit ${limit}`),
  );
}

/** A locked wallet of a batch, with its business id. */
export interface BatchWallet extends LockedWallet {
  clientId: string;
}

/**
 * Locks the wallets of `clientIds` (`FOR UPDATE`, in id order so two batches never deadlock), opening one first
 * for a known business without; unknown businesses are left out.
 */
export async function lockWallets(tx: DbOrTx, clientIds: string[]): Promise<Map<string, BatchWallet>> {
  const ids = JSON.stringify([...new Set(clientIds)].sort());
  const lock = async () =>
    rowsOf<{ client_id: string; billing_type: string; balance: string; balance_bonus: string }>(
      await tx.execute(sql`
        select w.client_id, c.billing_type, w.balance::text as balance, w.balance_bonus::text as balance_bonus
        from ${chatCreditWallets} w join ${clients} c on c.id = w.client_id
        where w.client_id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb))
        order by w.client_id
        for update of w`),
    );
  let rows = await lock();
  if (rows.length < new Set(clientIds).size) {
    await tx.execute(sql`
      insert into ${chatCreditWallets} (client_id)
      select id from ${clients} where id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb))
      on conflict do nothing`);
    rows = await lock();
  }
  return new Map(
    rows.map((r) => [
      r.client_id,
      {
        clientId: r.client_id,
        billingType: r.billing_type,
        balance: r.balance,
        balanceBonus: r.balance_bonus,
      },
    ]),
  );
}

export interface WindowKey {
  clientId: string;
  chatRoomId: string;
  category: string;
}

export const windowKeyOf = (k: WindowKey) => `${k.clientId}:${k.chatRoomId}:${k.category}`;

/** The current windows of these chat rooms and categories (read under their businesses' wallet locks). */
export async function windowsEndingAt(tx: DbOrTx, keys: WindowKey[]): Promise<Map<string, Date>> {
  if (keys.length === 0) return new Map();
  const rows = rowsOf<{
    client_id: string;
    chat_room_id: string;
    category: string;
    expires_at: string | Date;
  }>(
    await tx.execute(sql`
      select w.client_id, w.chat_room_id, w.category, w.expires_at
      from unnest(${pgArray(keys.map((k) => k.clientId))}::uuid[], ${pgArray(keys.map((k) => k.chatRoomId))}::uuid[],
        ${pgArray(keys.map((k) => k.category))}::text[]) as k(client_id, chat_room_id, category)
      join ${chatCreditWindows} w
        on w.client_id = k.client_id and w.chat_room_id = k.chat_room_id and w.category = k.category`),
  );
  return new Map(
    rows.map((r) => [
      windowKeyOf({ clientId: r.client_id, chatRoomId: r.chat_room_id, category: r.category }),
      new Date(r.expires_at),
    ]),
  );
}

export interface OpenedWindow extends WindowKey {
  mediaPlatform: string;
  openedAt: string;
  expiresAt: string;
  messageId: string | null;
  mutationId: string;
}

/** A ledger row as stored, with the balances after it, computed by the caller under the wallet lock. */
export type ComputedEntry = MutationRow & LedgerEntry & { id: string };

/**
 * Writes what a batch of charges decided in ONE statement (one round trip under the wallet lock): the windows
 * it opened (inserted, or replacing ended ones), its ledger rows exactly as computed, and the wallets set to
 * the balances after them. Each column travels as one array parameter read by `unnest` (`pgArray`), which the
 * server parses several times faster than the same rows as jsonb records.
 */
export async function writeChargeBatch(
  tx: DbOrTx,
  batch: {
    windows: OpenedWindow[];
    entries: ComputedEntry[];
    wallets: { clientId: string; balance: string; balanceBonus: string }[];
  },
): Promise<void> {
  const { windows: w, entries: e, wallets: v } = batch;
  if (w.length === 0 && e.length === 0 && v.length === 0) return;
  const col = <T>(rows: T[], pick: (r: T) => string | number | null | undefined) => pgArray(rows.map(pick));
  await tx.execute(sql`
    with opened as (
      insert into ${chatCreditWindows}
        (client_id, chat_room_id, category, media_platform, opened_at, expires_at, opened_by_message_id, mutation_id)
      select * from unnest(${col(w, (r) => r.clientId)}::uuid[], ${col(w, (r) => r.chatRoomId)}::uuid[],
        ${col(w, (r) => r.category)}::text[], ${col(w, (r) => r.mediaPlatform)}::text[],
        ${col(w, (r) => r.openedAt)}::timestamptz[], ${col(w, (r) => r.expiresAt)}::timestamptz[],
        ${col(w, (r) => r.messageId)}::uuid[], ${col(w, (r) => r.mutationId)}::uuid[])
      on conflict (client_id, chat_room_id, category) do update
        set opened_at = excluded.opened_at, expires_at = excluded.expires_at,
            opened_by_message_id = excluded.opened_by_message_id, mutation_id = excluded.mutation_id,
            media_platform = excluded.media_platform, settled_at = null
    ), ledger as (
      insert into ${chatCreditMutations}
        (client_id, id, description, details, kind, status, amount, balance_after, bonus_amount,
         bonus_balance_after, reference_type, reference_id, created_at)
      select * from unnest(${col(e, (r) => r.clientId)}::uuid[], ${col(e, (r) => r.id)}::uuid[],
        ${col(e, (r) => r.description)}::text[],
        ${col(e, (r) => (r.details ? JSON.stringify(r.details) : null))}::jsonb[],
        ${col(e, (r) => r.kind)}::text[], ${col(e, (r) => r.status)}::text[], ${col(e, (r) => r.amount)}::numeric[],
        ${col(e, (r) => r.balanceAfter)}::numeric[], ${col(e, (r) => r.bonusAmount)}::numeric[],
        ${col(e, (r) => r.bonusBalanceAfter)}::numeric[], ${col(e, (r) => r.referenceType)}::text[],
        ${col(e, (r) => r.referenceId)}::text[], ${col(e, (r) => r.createdAt.toISOString())}::timestamptz[])
    )
    update ${chatCreditWallets} w
    set balance = v.balance, balance_bonus = v.bonus, updated_at = now()
    from unnest(${col(v, (r) => r.clientId)}::uuid[], ${col(v, (r) => r.balance)}::numeric[],
      ${col(v, (r) => r.balanceBonus)}::numeric[]) as v(client_id, balance, bonus)
    where w.client_id = v.client_id`);
}

/** The window a message opened and its charge row (the refund of a failed send reads it). */
export async function windowOpenedBy(tx: DbOrTx, clientId: string, messageId: string) {
  const [row] = await tx
    .select()
    .from(chatCreditWindows)
    .where(and(eq(chatCreditWindows.clientId, clientId), eq(chatCreditWindows.openedByMessageId, messageId)));
  return row;
}

export async function findMutation(tx: DbOrTx, clientId: string, id: string) {
  const [row] = await tx
    .select()
    .from(chatCreditMutations)
    .where(and(eq(chatCreditMutations.clientId, clientId), eq(chatCreditMutations.id, id)));
  return row;
}

/** Ends the window a charge opened (its charge refunded): it covers no later send. */
export async function endWindow(tx: DbOrTx, clientId: string, mutationId: string): Promise<void> {
  await tx
    .update(chatCreditWindows)
    .set({ expiresAt: chatCreditWindows.openedAt })
    .where(and(eq(chatCreditWindows.clientId, clientId), eq(chatCreditWindows.mutationId, mutationId)));
}

/** A window charge whose message the orphan-charge sweep has not found yet. */
export interface UnsettledWindowCharge {
  clientId: string;
  chatRoomId: string;
  category: string;
  messageId: string;
  mutationId: string;
}

/**
 * The oldest window charges opened by a message before `before` whose message was not checked yet (partial
 * index `chat_credit_windows_unsettled_idx`), at most `limit`.
 */
export async function unsettledWindowCharges(
  db: DbOrTx,
  before: Date,
  limit: number,
): Promise<UnsettledWindowCharge[]> {
  return rowsOf<UnsettledWindowCharge>(
    await db.execute(sql`
      select client_id as "clientId", chat_room_id as "chatRoomId", category,
        opened_by_message_id as "messageId", mutation_id as "mutationId"
      from ${chatCreditWindows}
      where settled_at is null and opened_by_message_id is not null and mutation_id is not null
        and opened_at < ${before.toISOString()}::timestamptz
      order by opened_at
      limit ${limit}`),
  );
}

/** Marks these windows checked — only while each is still the one its charge opened. */
export async function settleWindowCharges(db: DbOrTx, windows: UnsettledWindowCharge[]): Promise<void> {
  if (windows.length === 0) return;
  await db.execute(sql`
    update ${chatCreditWindows} w set settled_at = now()
    from unnest(${pgArray(windows.map((x) => x.clientId))}::uuid[], ${pgArray(windows.map((x) => x.chatRoomId))}::uuid[],
      ${pgArray(windows.map((x) => x.category))}::text[], ${pgArray(windows.map((x) => x.mutationId))}::uuid[])
      as v(client_id, chat_room_id, category, mutation_id)
    where w.client_id = v.client_id and w.chat_room_id = v.chat_room_id and w.category = v.category
      and w.mutation_id = v.mutation_id`);
}

/** A post-paid business's usage of a month (issue 21: its monthly bill), with the subscription it ran on. */
export interface MonthlyUsage {
  clientId: string;
  subscriptionPackage: string | null;
  accountStatus: string;
  extraUsers: number;
  /** Hundredths of a credit charged post-paid in the month (refunds deducted). */
  usedHundredths: number;
  charges: number;
}

/**
 * The usage of every POST_PAID business in [from, to), a page at a time in client id order: the post-paid
 * charges of the ledger (a charge is negative, so its usage is the negated sum).
 */
export async function postPaidUsage(
  db: DbOrTx,
  range: { from: Date; to: Date },
  page: { afterClientId: string | null; limit: number },
): Promise<MonthlyUsage[]> {
  const rows = rowsOf<{
    id: string;
    subscription_package: string | null;
    account_status: string;
    extra_users: number;
    used: string;
    charges: number;
  }>(
    await db.execute(sql`
      select c.id, c.subscription_package, c.account_status, c.extra_users,
             coalesce(-sum(m.amount), 0)::text as used, count(m.id)::int as charges
      from ${clients} c
      left join ${chatCreditMutations} m on m.client_id = c.id and m.status = 'post_paid'
        and m.created_at >= ${range.from.toISOString()} and m.created_at < ${range.to.toISOString()}
      where c.billing_type = 'POST_PAID'
        and (${page.afterClientId}::uuid is null or c.id > ${page.afterClientId}::uuid)
      group by c.id
      order by c.id
      limit ${page.limit}`),
  );
  return rows.map((r) => ({
    clientId: r.id,
    subscriptionPackage: r.subscription_package,
    accountStatus: r.account_status,
    extraUsers: r.extra_users,
    usedHundredths: Math.round(Number(r.used) * 100),
    charges: r.charges,
  }));
}
