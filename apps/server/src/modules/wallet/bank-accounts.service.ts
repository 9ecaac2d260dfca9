import {
  accountNumberProblem,
  type BankAccount,
  type InquiryStatus,
  inquiryOutcome,
  MAX_BANK_ACCOUNTS,
  type WalletBankCode,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import * as repo from './wallet.repository.js';
import type { WalletContext } from './wallet.service.js';

function view(r: repo.BankAccountRow): BankAccount {
  return {
    id: r.id,
    bank: r.bank as WalletBankCode,
    accountNo: r.accountNo,
    accountHolder: r.accountHolder,
    isPrimary: r.isPrimary,
    inquiryStatus: r.inquiryStatus as InquiryStatus,
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
  };
}

export async function listBankAccounts(ctx: WalletContext, clientId: string) {
  const rows = await repo.bankAccountsOf(ctx.deps.db, clientId);
  return { items: rows.map(view), max: MAX_BANK_ACCOUNTS };
}

/**
 * Asks the gateway's account inquiry whether the bank holds the account under the holder's name, and keeps the
 * answer. A gateway that cannot be reached leaves the status as it was and says so (424).
 */
async function inquire(ctx: WalletContext, row: repo.BankAccountRow): Promise<repo.BankAccountRow> {
  if (!ctx.gateway) throw new AppError(424, 'wallet.inquiryFailed');
  let status: InquiryStatus;
  try {
    status = inquiryOutcome(await ctx.gateway.inquireAccount(row.bank, row.accountNo), row.accountHolder);
  } catch (err) {
    ctx.deps.logger.warn({ err: String(err), bankAccountId: row.id }, 'bank account inquiry failed');
    throw new AppError(424, 'wallet.inquiryFailed');
  }
  return (await repo.setInquiryStatus(ctx.deps.db, row.clientId, row.id, status)) ?? row;
}

/**
 * 001 §2 Business settings › Bank account: adds an account (the first one is the primary one) and checks it
 * through the gateway's account inquiry at once; an inquiry that could not be made leaves it PENDING, to be
 * checked again.
 */
export async function addBankAccount(
  ctx: WalletContext,
  clientId: string,
  input: { bank: WalletBankCode; accountNo: string; accountHolder: string },
): Promise<BankAccount> {
  const problem = accountNumberProblem(input.bank, input.accountNo);
  if (problem) throw badRequest(problem, { accountNo: problem });
  const row = await ctx.deps.db
    .transaction(async (tx) => {
      await repo.lockWallet(tx, clientId);
      const existing = await repo.bankAccountsOf(tx, clientId);
      if (existing.length >= MAX_BANK_ACCOUNTS) throw conflict('wallet.accountsFull');
      return repo.insertBankAccount(tx, {
        id: uuidv7(),
        clientId,
        bank: input.bank,
        accountNo: input.accountNo,
        accountHolder: input.accountHolder.replace(/\s+/g, ' '),
        isPrimary: existing.length === 0,
      });
    })
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? conflict('wallet.accountExists') : err;
    });
  try {
    return view(await inquire(ctx, row));
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 424) return view(row);
    throw err;
  }
}

export async function checkBankAccount(ctx: WalletContext, clientId: string, id: string) {
  const row = await repo.findBankAccount(ctx.deps.db, clientId, id);
  if (!row) throw notFound();
  return view(await inquire(ctx, row));
}

export async function makePrimaryBankAccount(ctx: WalletContext, clientId: string, id: string) {
  const row = await ctx.deps.db.transaction(async (tx) => {
    await repo.lockWallet(tx, clientId);
    return repo.makePrimary(tx, clientId, id);
  });
  if (!row) throw notFound();
  return view(row);
}

/**
 * Deletes an account, refused while a withdrawal to it is in process; when it was the primary one, the oldest
 * remaining account becomes primary.
 */
export async function removeBankAccount(ctx: WalletContext, clientId: string, id: string) {
  await ctx.deps.db.transaction(async (tx) => {
    await repo.lockWallet(tx, clientId);
    if (!(await repo.findBankAccount(tx, clientId, id))) throw notFound();
    if (await repo.hasPendingWithdrawalTo(tx, clientId, id)) throw conflict('wallet.accountInUse');
    const deleted = await repo.deleteBankAccount(tx, clientId, id);
    if (deleted?.isPrimary) {
      const [next] = await repo.bankAccountsOf(tx, clientId);
      if (next) await repo.makePrimary(tx, clientId, next.id);
    }
  });
  return { ok: true as const };
}
