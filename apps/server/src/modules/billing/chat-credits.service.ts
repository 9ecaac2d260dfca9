import {
  bonusMonthOf,
  type CreditHundredths,
  type CreditMutation,
  hundredthsOf,
  monthlyBonusCredits,
  splitCharge,
} from '@sapa/contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import {
  findMutationByReference,
  findWallet,
  insertWallet,
  type LedgerEntry,
  ledgerTotals,
  lockWallet,
  type MutationRow,
  walletOf,
  writeLedgerEntry,
} from './billing.repository.js';

/** The chat-credit balance the shell shows (000 §2 Route guard): paid and bonus; 0 without a wallet. */
export async function creditBalanceOf(db: DbOrTx, clientId: string) {
  const wallet = await findWallet(db, clientId);
  return { balance: Number(wallet?.balance ?? 0), balanceBonus: Number(wallet?.balanceBonus ?? 0) };
}

/** 000 §5: credit is insufficient when the billing type is not POST_PAID and the balance is below the amount. */
export function creditsSufficient(input: { billingType: string; balance: number; amount: number }): boolean {
  if (input.amount <= 0 || input.billingType === 'POST_PAID') return true;
  return input.balance >= input.amount;
}

/** Hundredths as the numeric text the ledger stores, exactly: -51150 → '-511.50'. */
export function creditText(hundredths: CreditHundredths): string {
  const abs = Math.abs(hundredths);
  return `${hundredths < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Opens a new business's chat-credit wallet (inside the caller's transaction); a starting balance is the
 * ledger's first row, so the balance is explained by its rows from the start.
 */
export async function openWallet(tx: DbOrTx, clientId: string, balance: number): Promise<void> {
  await insertWallet(tx, clientId);
  const credits = hundredthsOf(balance);
  if (credits <= 0) return;
  await lockWallet(tx, clientId);
  await writeLedgerEntry(tx, {
    clientId,
    kind: 'top_up',
    status: 'success',
    amount: creditText(credits),
    bonusAmount: '0',
    description: 'opening',
    details: null,
    referenceType: 'opening',
    referenceId: clientId,
  });
}

/** The wallet locked for a ledger change, opened first when the business has none; null for an unknown one. */
async function lockedWallet(tx: DbOrTx, clientId: string) {
  const wallet = await lockWallet(tx, clientId);
  if (wallet) return wallet;
  const known = await walletOf(tx, clientId);
  if (!known) return null;
  await insertWallet(tx, clientId);
  return lockWallet(tx, clientId);
}

/**
 * 000 §5, §8 chat credits empty: refuses (402 `inbox.creditsEmpty`) a priced send the business cannot pay
 * for, before its transaction. Only the paid balance counts: bonus credit is usable for inbound only (001 §9).
 */
export async function assertCreditsAvailable(db: DbOrTx, clientId: string, amount: number): Promise<void> {
  if (amount <= 0) return;
  const wallet = await walletOf(db, clientId);
  if (!wallet || !creditsSufficient({ ...wallet, amount })) throw new AppError(402, 'inbox.creditsEmpty');
}

interface PricedCharge {
  clientId: string;
  price: CreditHundredths;
  bonusFirst: boolean;
  blocksWhenShort: boolean;
  description: string;
  details: Record<string, string | number> | null;
  referenceType: string;
  referenceId: string;
}

/**
 * One charge under the wallet's row lock: the split of 000 §5 / 001 §9 (`splitCharge`), refused with 402
 * `inbox.creditsEmpty` when a blocking charge finds the wallet short, else one ledger row. Never overdraws:
 * the split is computed from the locked row, and the row moves by exactly that split.
 */
async function chargeLocked(tx: DbOrTx, c: PricedCharge): Promise<MutationRow> {
  const wallet = await lockedWallet(tx, c.clientId);
  if (!wallet) throw new AppError(402, 'inbox.creditsEmpty');
  const split = splitCharge({
    billingType: wallet.billingType,
    balance: hundredthsOf(wallet.balance),
    bonus: hundredthsOf(wallet.balanceBonus),
    price: c.price,
    bonusFirst: c.bonusFirst,
    blocksWhenShort: c.blocksWhenShort,
  });
  if (split.status === 'insufficient') throw new AppError(402, 'inbox.creditsEmpty');
  return writeLedgerEntry(tx, {
    clientId: c.clientId,
    kind: 'charge',
    status: split.status,
    amount: creditText(-split.paid),
    bonusAmount: creditText(-split.bonus),
    description: c.description,
    details: split.status === 'unpaid' ? { ...c.details, price: creditText(c.price) } : c.details,
    referenceType: c.referenceType,
    referenceId: c.referenceId,
  });
}

export interface ChargeInput {
  clientId: string;
  /** Credits, at most two decimals. */
  amount: number;
  /** A description key (translated at display) and its values. */
  description: string;
  details?: Record<string, string | number>;
  /** What was paid for, e.g. `broadcast` and its id: one charge per reference. */
  referenceType: string;
  referenceId: string;
}

/**
 * Charges a flat `amount` of paid credits inside the caller's transaction (a broadcast's recipients). A business
 * on POST_PAID is never refused (usage recorded `post_paid`, billed later). Charging a reference already charged
 * changes nothing and returns the earlier row (looked up under the wallet's lock, so two at once charge once).
 */
export async function chargeCredits(tx: DbOrTx, input: ChargeInput) {
  await lockedWallet(tx, input.clientId);
  const earlier = await findMutationByReference(tx, input);
  if (earlier) return { mutation: earlier, charged: false };
  const mutation = await chargeLocked(tx, {
    clientId: input.clientId,
    price: hundredthsOf(input.amount),
    bonusFirst: false,
    blocksWhenShort: true,
    description: input.description,
    details: input.details ?? null,
    referenceType: input.referenceType,
    referenceId: input.referenceId,
  });
  return { mutation, charged: true };
}

export interface TopUpInput {
  clientId: string;
  /** Credits bought, a positive number with at most two decimals. */
  credits: number;
  /** The description's values (the channel paid with). */
  details?: Record<string, string | number>;
  /** What paid for it, e.g. `payment` and its id: one credit per reference. */
  referenceType: string;
  referenceId: string;
}

/**
 * 001 §4 Top-up: adds paid credits inside the caller's transaction — its `top_up` row and the wallet moved by
 * it under the row lock. Crediting a reference already credited changes nothing and returns the earlier row, so
 * a replayed payment notification credits once.
 */
export async function creditTopUp(tx: DbOrTx, input: TopUpInput) {
  await lockedWallet(tx, input.clientId);
  const earlier = await findMutationByReference(tx, input);
  if (earlier) return { mutation: earlier, credited: false };
  const mutation = await writeLedgerEntry(tx, {
    clientId: input.clientId,
    kind: 'top_up',
    status: 'success',
    amount: creditText(hundredthsOf(input.credits)),
    bonusAmount: '0',
    description: 'topUp',
    details: input.details ?? null,
    referenceType: input.referenceType,
    referenceId: input.referenceId,
  });
  return { mutation, credited: true };
}

/**
 * 001 §9 bonus credits, credited on the 1st (Asia/Jakarta): what is left of the last month's bonus expires (an
 * `expiry` row) and the month's bonus is credited (a `bonus` row: 300.000 free, 350.000 premium). Keyed by the
 * month, so running it again — after a restart, in two processes — credits nothing twice.
 */
export async function creditMonthlyBonus(
  tx: DbOrTx,
  business: { id: string; accountStatus: string; subscriptionPackage: string | null },
  month: string,
): Promise<boolean> {
  const wallet = await lockedWallet(tx, business.id);
  if (!wallet) return false;
  if (
    await findMutationByReference(tx, { clientId: business.id, referenceType: 'bonus', referenceId: month })
  )
    return false;
  const left = hundredthsOf(wallet.balanceBonus);
  const base = { clientId: business.id, status: 'success', amount: '0', details: { month } } as const;
  if (left > 0)
    await writeLedgerEntry(tx, {
      ...base,
      kind: 'expiry',
      bonusAmount: creditText(-left),
      description: 'bonusExpiry',
      referenceType: 'bonus_expiry',
      referenceId: month,
    });
  const entry: LedgerEntry = {
    ...base,
    kind: 'bonus',
    bonusAmount: creditText(monthlyBonusCredits(business.accountStatus, business.subscriptionPackage)),
    description: 'monthlyBonus',
    referenceType: 'bonus',
    referenceId: month,
  };
  await writeLedgerEntry(tx, entry);
  return true;
}

/** The month whose bonus is due at `now`. */
export const bonusMonthDue = bonusMonthOf;

/** What the ledger's success rows add up to against what the wallet keeps (both must always agree). */
export async function ledgerDrift(db: DbOrTx, clientId: string) {
  const t = await ledgerTotals(db, clientId);
  return {
    paid: hundredthsOf(t.balance ?? 0) - hundredthsOf(t.paid),
    bonus: hundredthsOf(t.balance_bonus ?? 0) - hundredthsOf(t.bonus),
  };
}

export function toCreditMutation(r: MutationRow): CreditMutation {
  return {
    id: r.id,
    createdAt: r.createdAt.getTime(),
    description: r.description,
    details: r.details ?? {},
    kind: r.kind,
    status: r.status,
    amount: Number(r.amount),
    balanceAfter: Number(r.balanceAfter),
    bonusAmount: Number(r.bonusAmount),
    bonusBalanceAfter: Number(r.bonusBalanceAfter),
    referenceType: r.referenceType,
    referenceId: r.referenceId,
  };
}
