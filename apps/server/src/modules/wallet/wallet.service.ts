import {
  estimatedDisbursementAt,
  type WalletBankCode,
  type WalletMutation,
  type WalletPending,
  withdrawalRefusal,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { GatewayCallError } from '../payments/index.js';
import {
  createXenditDisbursements,
  type DisbursementGateway,
  type DisbursementState,
} from './gateway/xendit-disbursements.js';
import * as repo from './wallet.repository.js';

/** The wallet module's state in a process: its dependencies and the gateway (null: withdrawals are off). */
export interface WalletContext {
  deps: ServerDeps;
  gateway: DisbursementGateway | null;
}

export function createWalletContext(deps: ServerDeps): WalletContext {
  const config = deps.config.paymentGateway;
  return { deps, gateway: config ? createXenditDisbursements(config) : null };
}

/** 001 §8: withdrawals temporarily off — by the platform's switch, or while no gateway is configured. */
export function withdrawalsOff(ctx: WalletContext): boolean {
  return ctx.deps.config.withdrawalsOff || !ctx.gateway;
}

/** The bank and the account number's last four digits, as a row shows its destination. */
export function destinationLabel(a: { bank: string; accountNo: string }): string {
  return `${a.bank} ••${a.accountNo.slice(-4)}`;
}

/**
 * Credits a settled online order payment (what the order costs, not the payer's fee) in the transaction that
 * settles it; a payment is credited once whatever happens after (its reference is unique in the ledger).
 */
export async function creditOrderTakings(
  tx: DbOrTx,
  p: { clientId: string; paymentId: string; amount: number; orderNumber: string },
): Promise<void> {
  const balance = await repo.lockWallet(tx, p.clientId);
  await repo.writeMutation(
    tx,
    {
      clientId: p.clientId,
      kind: 'order_payment',
      reference: p.orderNumber,
      amount: p.amount,
      referenceType: 'payment',
      referenceId: p.paymentId,
    },
    balance,
  );
}

/** Opens a wallet with a balance (the demo business's takings so far): one ledger row, once per business. */
export async function openWalletWithBalance(tx: DbOrTx, clientId: string, amount: number): Promise<void> {
  const balance = await repo.lockWallet(tx, clientId);
  await repo.writeMutation(
    tx,
    { clientId, kind: 'opening', reference: '', amount, referenceType: 'opening', referenceId: clientId },
    balance,
  );
}

export async function walletSummary(ctx: WalletContext, clientId: string) {
  const { db } = ctx.deps;
  const [balance, held, accounts] = await Promise.all([
    repo.balanceOf(db, clientId),
    repo.heldByPendingWithdrawals(db, clientId),
    repo.bankAccountsOf(db, clientId),
  ]);
  return {
    balance,
    held,
    available: Math.max(0, balance - held),
    withdrawalsOff: withdrawalsOff(ctx),
    destinations: accounts
      .filter((a) => a.inquiryStatus === 'VERIFIED')
      .map((a) => ({
        id: a.id,
        bank: a.bank as WalletBankCode,
        accountNoLast4: a.accountNo.slice(-4),
        accountHolder: a.accountHolder,
        isPrimary: a.isPrimary,
      })),
  };
}

function mutationView(r: repo.WalletMutationRow): WalletMutation {
  return {
    id: r.id,
    createdAt: r.createdAt.getTime(),
    kind: r.kind as WalletMutation['kind'],
    reference: r.reference,
    amount: r.amount,
    balanceAfter: r.balanceAfter,
  };
}

function pendingView(w: repo.WithdrawalRow): WalletPending {
  return {
    id: w.id,
    createdAt: w.createdAt.getTime(),
    amount: w.amount,
    status: 'IN_PROCESS',
    estimatedDisbursementAt: estimatedDisbursementAt(w.createdAt.getTime()),
    destination: destinationLabel(w),
  };
}

export async function mutationsPage(db: DbOrTx, clientId: string, q: { page: number; pageSize: number }) {
  const { rows, total } = await repo.mutationPage(db, clientId, q.page, q.pageSize);
  return { items: rows.map(mutationView), page: q.page, pageSize: q.pageSize, total };
}

export async function pendingPage(db: DbOrTx, clientId: string, q: { page: number; pageSize: number }) {
  const { rows, total } = await repo.pendingWithdrawalPage(db, clientId, q.page, q.pageSize);
  return { items: rows.map(pendingView), page: q.page, pageSize: q.pageSize, total };
}

/**
 * A withdrawal to a verified bank account: under the wallet's lock, refused unless the amount fits what the
 * settled balance less the pending withdrawals leaves (so parallel requests never overdraw it); then the
 * gateway is asked to disburse it. A refusal from the gateway fails it (the amount is available again); a
 * gateway that cannot be reached leaves it pending, its idempotency key making a later retry safe.
 */
export async function requestWithdrawal(
  ctx: WalletContext,
  auth: Pick<AuthContext, 'clientId' | 'userId'>,
  input: { amount: number; bankAccountId: string },
): Promise<WalletPending> {
  const gateway = ctx.gateway;
  if (withdrawalsOff(ctx) || !gateway) throw conflict('wallet.withdrawalsOff');
  const withdrawal = await ctx.deps.db.transaction(async (tx) => {
    const balance = await repo.lockWallet(tx, auth.clientId);
    const held = await repo.heldByPendingWithdrawals(tx, auth.clientId);
    const account = await repo.findBankAccount(tx, auth.clientId, input.bankAccountId);
    const refusal = withdrawalRefusal({
      amount: input.amount,
      available: balance - held,
      destination: account ? (account.inquiryStatus as 'VERIFIED') : null,
      withdrawalsOff: false,
    });
    if (refusal === 'wallet.amountRange' || refusal === 'wallet.accountMissing') throw badRequest(refusal);
    if (refusal) throw conflict(refusal);
    return repo.insertWithdrawal(tx, {
      id: uuidv7(),
      clientId: auth.clientId,
      bankAccountId: account!.id,
      bank: account!.bank,
      accountNo: account!.accountNo,
      accountHolder: account!.accountHolder,
      amount: input.amount,
      createdBy: auth.userId,
    });
  });
  if ((await sendDisbursement(ctx, gateway, withdrawal)) === 'refused')
    throw new AppError(424, 'wallet.disbursementFailed');
  return pendingView(withdrawal);
}

/**
 * Asks the gateway to pay a pending withdrawal out (its id is the idempotency key and `external_id`) and keeps
 * the disbursement's id. A refusal (4xx) fails the withdrawal, so its amount is available again; a gateway not
 * reached leaves it pending for the unsent-withdrawals sweep.
 */
export async function sendDisbursement(
  ctx: WalletContext,
  gateway: DisbursementGateway,
  withdrawal: repo.WithdrawalRow,
): Promise<'sent' | 'refused' | 'unreached'> {
  try {
    const created = await gateway.createDisbursement({
      withdrawalId: withdrawal.id,
      amount: withdrawal.amount,
      bank: withdrawal.bank,
      accountNo: withdrawal.accountNo,
      accountHolder: withdrawal.accountHolder,
      description: `Sapa withdrawal ${withdrawal.id.slice(-8)}`,
    });
    await repo.setWithdrawalGatewayId(ctx.deps.db, withdrawal.id, created.gatewayId);
    return 'sent';
  } catch (err) {
    ctx.deps.logger.warn({ err: String(err), withdrawalId: withdrawal.id }, 'disbursement not created');
    const refused =
      err instanceof GatewayCallError &&
      err.status >= 400 &&
      err.status < 500 &&
      err.errorCode !== 'DUPLICATE_TRANSACTION_ERROR';
    if (!refused) return 'unreached';
    await ctx.deps.db.transaction((tx) =>
      repo.settleWithdrawal(tx, withdrawal.id, {
        status: 'failed',
        gatewayId: `refused:${withdrawal.id}`,
        failureCode: err.errorCode,
      }),
    );
    return 'refused';
  }
}

export type DisbursementOutcome = 'completed' | 'failed' | 'unchanged' | 'unknown';

/**
 * The gateway's disbursement callback: verified on its token in constant time (403 otherwise, nothing read),
 * parsed from the raw bytes, then believed only as the gateway's own record of the disbursement says (asked by
 * its id with the secret key) — so a forged body changes nothing, and a replayed one finds the withdrawal no
 * longer pending.
 */
export async function receiveDisbursementCallback(
  ctx: WalletContext,
  headers: Record<string, string | string[] | undefined>,
  raw: Buffer,
): Promise<DisbursementOutcome> {
  const gateway = ctx.gateway;
  if (!gateway) throw notFound();
  if (!gateway.verifyCallback(headers)) throw forbidden();
  const claimed = gateway.parseCallback(raw);
  if (!claimed) throw badRequest('validation.invalid');
  let state: DisbursementState;
  try {
    state = await gateway.fetchDisbursement(claimed.gatewayId);
  } catch (err) {
    if (err instanceof GatewayCallError && err.status === 404) return 'unknown';
    ctx.deps.logger.warn({ err: String(err) }, 'disbursement not confirmed by the gateway');
    throw new AppError(424, 'wallet.disbursementFailed');
  }
  if (state.withdrawalId !== claimed.withdrawalId) return 'unknown';
  return applyDisbursement(ctx, state);
}

/** Applies the gateway's word once: only a pending withdrawal of the same amount moves. */
export async function applyDisbursement(
  ctx: WalletContext,
  s: DisbursementState,
): Promise<DisbursementOutcome> {
  if (s.status === 'pending') return 'unchanged';
  return ctx.deps.db.transaction(async (tx) => {
    const w = await repo.lockWithdrawal(tx, s.withdrawalId);
    if (!w) return 'unknown';
    if (w.status !== 'pending' || (w.gatewayId !== null && w.gatewayId !== s.gatewayId)) return 'unchanged';
    if (s.amount !== w.amount) {
      ctx.deps.logger.warn({ withdrawalId: w.id }, 'disbursement amount differs; not applied');
      return 'unchanged';
    }
    if (s.status === 'failed') {
      await repo.settleWithdrawal(tx, w.id, {
        status: 'failed',
        gatewayId: s.gatewayId,
        failureCode: s.failureCode,
      });
      return 'failed';
    }
    const balance = await repo.lockWallet(tx, w.clientId);
    await repo.settleWithdrawal(tx, w.id, { status: 'completed', gatewayId: s.gatewayId });
    await repo.writeMutation(
      tx,
      {
        clientId: w.clientId,
        kind: 'withdrawal',
        reference: destinationLabel(w),
        amount: -w.amount,
        referenceType: 'withdrawal',
        referenceId: w.id,
      },
      balance,
    );
    return 'completed';
  });
}
