import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../messages.js';
import { bankAccountInputSchema, walletEndpoints } from './wallet.js';
import {
  accountNumberProblem,
  estimatedDisbursementAt,
  inquiryOutcome,
  WITHDRAWAL_MAX,
  WITHDRAWAL_MIN,
  type WithdrawalCheck,
  withdrawalRefusal,
} from './wallet-rules.js';

const ok: WithdrawalCheck = {
  amount: 50_000,
  available: 50_000,
  destination: 'VERIFIED',
  withdrawalsOff: false,
};

describe('withdrawalRefusal (001 §8 withdrawals temporarily off, never more than the settled balance)', () => {
  it.each<[string, Partial<WithdrawalCheck>, string | null]>([
    ['the whole available balance', {}, null],
    ['the minimum', { amount: WITHDRAWAL_MIN, available: WITHDRAWAL_MIN }, null],
    ['one rupiah over the available balance', { amount: 50_001 }, 'wallet.balanceShort'],
    ['any amount with nothing available', { available: 0 }, 'wallet.balanceShort'],
    ['below the minimum', { amount: WITHDRAWAL_MIN - 1 }, 'wallet.amountRange'],
    ['above the maximum', { amount: WITHDRAWAL_MAX + 1, available: 10 ** 12 }, 'wallet.amountRange'],
    ['a fraction of a rupiah', { amount: 10_000.5 }, 'wallet.amountRange'],
    ['no such account', { destination: null }, 'wallet.accountMissing'],
    ['an account still being checked', { destination: 'PENDING' }, 'wallet.accountNotVerified'],
    ['an account the bank did not confirm', { destination: 'FAILED' }, 'wallet.accountNotVerified'],
    ['withdrawals switched off, all else fine', { withdrawalsOff: true }, 'wallet.withdrawalsOff'],
    [
      'withdrawals off comes first',
      { withdrawalsOff: true, amount: 1, destination: null },
      'wallet.withdrawalsOff',
    ],
  ])('%s', (_label, change, expected) => {
    expect(withdrawalRefusal({ ...ok, ...change })).toBe(expected);
  });
});

describe('accountNumberProblem (digits of each bank)', () => {
  it.each<[string, string, string | null]>([
    ['BCA', '1234567890', null],
    ['BCA', '123456789', 'wallet.accountNoInvalid'],
    ['BCA', '12345678901', 'wallet.accountNoInvalid'],
    ['MANDIRI', '1234567890123', null],
    ['BRI', '123456789012345', null],
    ['BRI', '1234567890', 'wallet.accountNoInvalid'],
    ['CIMB', '12345678901', null],
    ['BCA', '12345 7890', 'wallet.accountNoInvalid'],
    ['BCA', '１２３４５６７８９０', 'wallet.accountNoInvalid'],
    ['NOPE', '1234567890', 'wallet.accountNoInvalid'],
  ])('%s %s', (bank, no, expected) => {
    expect(accountNumberProblem(bank, no)).toBe(expected);
  });
});

describe('inquiryOutcome (the gateway name validator against the holder given)', () => {
  it.each<[string, Parameters<typeof inquiryOutcome>[0], string, string]>([
    ['same name', { status: 'SUCCESS', holderName: 'BUDI SANTOSO' }, 'Budi Santoso', 'VERIFIED'],
    ['punctuation and case', { status: 'SUCCESS', holderName: 'SITI A. RAHMA' }, 'siti a rahma', 'VERIFIED'],
    ['another name', { status: 'SUCCESS', holderName: 'ANI WIJAYA' }, 'Budi Santoso', 'FAILED'],
    ['no name answered', { status: 'SUCCESS', holderName: null }, 'Budi Santoso', 'FAILED'],
    ['bank said no', { status: 'FAILURE', holderName: null }, 'Budi Santoso', 'FAILED'],
    ['still checking', { status: 'PENDING', holderName: null }, 'Budi Santoso', 'PENDING'],
  ])('%s', (_label, answer, given, expected) => {
    expect(inquiryOutcome(answer, given)).toBe(expected);
  });
});

describe('wallet contracts', () => {
  it('estimates the payout 24 hours after the request (001 §9)', () => {
    expect(estimatedDisbursementAt(1_700_000_000_000)).toBe(1_700_000_000_000 + 86_400_000);
  });

  it.each<[string, Record<string, unknown>, string | null]>([
    ['a good account', { bank: 'BCA', accountNo: ' 1234567890 ', accountHolder: 'Budi Santoso' }, null],
    ['no bank', { accountNo: '1234567890', accountHolder: 'Budi' }, 'wallet.bankRequired'],
    [
      'letters in the number',
      { bank: 'BCA', accountNo: '12345abcde', accountHolder: 'Budi' },
      'wallet.accountNoInvalid',
    ],
    [
      'digits in the name',
      { bank: 'BCA', accountNo: '1234567890', accountHolder: 'Budi 123' },
      'wallet.holderInvalid',
    ],
    [
      'a too short name',
      { bank: 'BCA', accountNo: '1234567890', accountHolder: 'Bu' },
      'wallet.holderInvalid',
    ],
  ])('bank account input: %s', (_label, input, error) => {
    const parsed = bankAccountInputSchema.safeParse(input);
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(error);
  });

  it.each<[unknown, string | null]>([
    [WITHDRAWAL_MIN, null],
    [WITHDRAWAL_MIN - 1, 'wallet.amountRange'],
    ['10000', 'wallet.amountRange'],
    [12_000.5, 'wallet.amountRange'],
  ])('withdrawal amount %s', (amount, error) => {
    const parsed = walletEndpoints.withdraw.body!.safeParse({
      amount,
      bankAccountId: '0190f4c8-0000-7000-8000-000000000001',
    });
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(error);
  });

  it('has every refusal translated in both languages', () => {
    for (const key of [
      'wallet.withdrawalsOff',
      'wallet.amountRange',
      'wallet.balanceShort',
      'wallet.accountMissing',
      'wallet.accountNotVerified',
    ] as const) {
      expect(MESSAGES[key].en.length).toBeGreaterThan(0);
      expect(MESSAGES[key].id).not.toBe(MESSAGES[key].en);
    }
  });
});
