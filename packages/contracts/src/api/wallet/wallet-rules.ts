import { PAYOUT_HOURS } from '../../pricing.js';

/**
 * The wallet's pure rules (001 §2 wallet, §3 wallet rows and bank account, §8 withdrawals temporarily off,
 * §9 bank payout within 24 hours): the banks a withdrawal can go to, what an account number of each looks like,
 * and when a withdrawal is refused.
 */

/**
 * The banks a withdrawal can go to, by the gateway's disbursement bank code (Xendit's `bank_code`), with the
 * length an account number of each has (digits only).
 */
export const WALLET_BANKS = [
  { code: 'BCA', name: 'Bank Central Asia (BCA)', digits: [10, 10] },
  { code: 'BNI', name: 'Bank Negara Indonesia (BNI)', digits: [10, 10] },
  { code: 'BRI', name: 'Bank Rakyat Indonesia (BRI)', digits: [15, 15] },
  { code: 'MANDIRI', name: 'Bank Mandiri', digits: [13, 13] },
  { code: 'PERMATA', name: 'Bank Permata', digits: [10, 16] },
  { code: 'CIMB', name: 'CIMB Niaga', digits: [10, 14] },
  { code: 'DANAMON', name: 'Bank Danamon', digits: [10, 12] },
  { code: 'BSI', name: 'Bank Syariah Indonesia (BSI)', digits: [10, 10] },
] as const satisfies readonly { code: string; name: string; digits: readonly [number, number] }[];

export type WalletBankCode = (typeof WALLET_BANKS)[number]['code'];
export const WALLET_BANK_CODES = WALLET_BANKS.map((b) => b.code) as [WalletBankCode, ...WalletBankCode[]];

export function walletBank(code: string) {
  return WALLET_BANKS.find((b) => b.code === code);
}

/** An account holder's name as a bank keeps it: letters, spaces and . , ' - only, 3 to 100 characters. */
export const ACCOUNT_HOLDER_PATTERN = /^[\p{L}][\p{L} .,'-]{1,98}[\p{L}.]$/u;

/** Why an account number is refused for `bank`, or null when it fits. */
export function accountNumberProblem(bank: string, accountNo: string): 'wallet.accountNoInvalid' | null {
  const rule = walletBank(bank);
  if (!rule || !/^\d+$/.test(accountNo)) return 'wallet.accountNoInvalid';
  const [min, max] = rule.digits;
  return accountNo.length < min || accountNo.length > max ? 'wallet.accountNoInvalid' : null;
}

/** The most bank accounts a business keeps. */
export const MAX_BANK_ACCOUNTS = 5;

/** The smallest and largest withdrawal, in whole rupiah (Sapa's limits; the gateway's minimum is Rp10.000). */
export const WITHDRAWAL_MIN = 10_000;
export const WITHDRAWAL_MAX = 100_000_000;

/** 001 §9 "Bank payout within 24 hours after transaction completes": the estimate a pending withdrawal shows. */
export const PAYOUT_WINDOW_MS = PAYOUT_HOURS * 3_600_000;

export function estimatedDisbursementAt(requestedAt: number): number {
  return requestedAt + PAYOUT_WINDOW_MS;
}

/** The bank account's state after the gateway's account inquiry. */
export const INQUIRY_STATUSES = ['PENDING', 'VERIFIED', 'FAILED'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export interface WithdrawalCheck {
  amount: number;
  /** Settled balance less what pending withdrawals hold. */
  available: number;
  /** The destination's inquiry status, or null when the business has no such account. */
  destination: InquiryStatus | null;
  /** 001 §8: withdrawals temporarily off (the platform's switch, or no gateway). */
  withdrawalsOff: boolean;
}

export type WithdrawalRefusal =
  | 'wallet.withdrawalsOff'
  | 'wallet.amountRange'
  | 'wallet.accountMissing'
  | 'wallet.accountNotVerified'
  | 'wallet.balanceShort';

/** Why a withdrawal is refused, first reason first, or null when it may go. */
export function withdrawalRefusal(c: WithdrawalCheck): WithdrawalRefusal | null {
  if (c.withdrawalsOff) return 'wallet.withdrawalsOff';
  if (!Number.isInteger(c.amount) || c.amount < WITHDRAWAL_MIN || c.amount > WITHDRAWAL_MAX)
    return 'wallet.amountRange';
  if (c.destination === null) return 'wallet.accountMissing';
  if (c.destination !== 'VERIFIED') return 'wallet.accountNotVerified';
  if (c.amount > c.available) return 'wallet.balanceShort';
  return null;
}

/** The inquiry status the gateway's Name Validator answer gives: the holder's name must match the bank's. */
export function inquiryOutcome(
  answer: { status: 'SUCCESS' | 'PENDING' | 'FAILURE'; holderName: string | null },
  givenHolder: string,
): InquiryStatus {
  if (answer.status === 'PENDING') return 'PENDING';
  if (answer.status === 'FAILURE' || !answer.holderName) return 'FAILED';
  return normalName(answer.holderName) === normalName(givenHolder) ? 'VERIFIED' : 'FAILED';
}

function normalName(name: string): string {
  return name
    .toUpperCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
}
