import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  ACCOUNT_HOLDER_PATTERN,
  INQUIRY_STATUSES,
  MAX_BANK_ACCOUNTS,
  WALLET_BANK_CODES,
  WITHDRAWAL_MAX,
  WITHDRAWAL_MIN,
} from './wallet-rules.js';

/** 001 §3 wallet mutation row: what moved the settled balance, and the balance after it. */
export const walletMutationSchema = z.object({
  id: z.string().uuid(),
  createdAt: z.number(),
  /**
   * order_payment (an order paid online, credited once the gateway settled it), withdrawal (paid out), or
   * opening (a balance the wallet was opened with: the demo business's).
   */
  kind: z.enum(['order_payment', 'withdrawal', 'opening']),
  /** The order number or the destination bank account (bank and last digits). */
  reference: z.string(),
  /** Rupiah; negative for a withdrawal. */
  amount: z.number(),
  balanceAfter: z.number(),
});
export type WalletMutation = z.infer<typeof walletMutationSchema>;

/** 001 §3 wallet pending row: amount, status in process, estimated disbursement, destination bank account. */
export const walletPendingSchema = z.object({
  id: z.string().uuid(),
  createdAt: z.number(),
  amount: z.number(),
  status: z.literal('IN_PROCESS'),
  estimatedDisbursementAt: z.number(),
  destination: z.string(),
});
export type WalletPending = z.infer<typeof walletPendingSchema>;

/** 001 §3 bank account: id, bank, accountNo, accountHolder, createdAt, updatedAt, isPrimary, inquiryStatus. */
export const bankAccountSchema = z.object({
  id: z.string().uuid(),
  bank: z.enum(WALLET_BANK_CODES),
  accountNo: z.string(),
  accountHolder: z.string(),
  isPrimary: z.boolean(),
  inquiryStatus: z.enum(INQUIRY_STATUSES),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** A verified account a withdrawal can go to, as a wallet user (who may not manage bank accounts) sees it. */
export const withdrawalDestinationSchema = z.object({
  id: z.string().uuid(),
  bank: z.enum(WALLET_BANK_CODES),
  /** The account number's last four digits. */
  accountNoLast4: z.string(),
  accountHolder: z.string(),
  isPrimary: z.boolean(),
});

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number(), pageSize: z.number(), total: z.number() });

export const bankAccountInputSchema = z.object({
  bank: z.enum(WALLET_BANK_CODES, { error: 'wallet.bankRequired' }),
  accountNo: z
    .string({ error: 'wallet.accountNoInvalid' })
    .trim()
    .regex(/^\d{6,20}$/, 'wallet.accountNoInvalid'),
  accountHolder: z
    .string({ error: 'wallet.holderInvalid' })
    .trim()
    .regex(ACCOUNT_HOLDER_PATTERN, 'wallet.holderInvalid'),
});

export const walletEndpoints = {
  /** 001 §2 /wallet: the settled balance, what pending withdrawals hold, and where a withdrawal may go. */
  wallet: defineEndpoint({
    method: 'GET',
    path: '/api/wallet',
    response: z.object({
      balance: z.number(),
      held: z.number(),
      available: z.number(),
      /** 001 §8: withdrawals temporarily off. */
      withdrawalsOff: z.boolean(),
      destinations: z.array(withdrawalDestinationSchema),
    }),
  }),
  /** 001 §2 Mutation tab, newest first. */
  mutations: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/mutations',
    query: pageQuery,
    response: pageOf(walletMutationSchema),
  }),
  /** 001 §2 Pending tab: withdrawals in process, newest first. */
  pending: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/pending',
    query: pageQuery,
    response: pageOf(walletPendingSchema),
  }),
  withdraw: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/withdrawals',
    body: z.object({
      amount: z
        .number({ error: 'wallet.amountRange' })
        .int('wallet.amountRange')
        .min(WITHDRAWAL_MIN, 'wallet.amountRange')
        .max(WITHDRAWAL_MAX, 'wallet.amountRange'),
      bankAccountId: z.string({ error: 'wallet.accountMissing' }).uuid('wallet.accountMissing'),
    }),
    response: walletPendingSchema,
  }),
  /** 001 §2 Business settings › Bank account. */
  bankAccounts: defineEndpoint({
    method: 'GET',
    path: '/api/settings/bank-accounts',
    response: z.object({ items: z.array(bankAccountSchema), max: z.number() }),
  }),
  /** Adds an account and checks it at once through the gateway's account inquiry. */
  addBankAccount: defineEndpoint({
    method: 'POST',
    path: '/api/settings/bank-accounts',
    body: bankAccountInputSchema,
    response: bankAccountSchema,
  }),
  /** Asks the gateway again (an inquiry that was pending, or failed for a reason since fixed). */
  checkBankAccount: defineEndpoint({
    method: 'POST',
    path: '/api/settings/bank-accounts/:id/inquiry',
    response: bankAccountSchema,
  }),
  makePrimaryBankAccount: defineEndpoint({
    method: 'POST',
    path: '/api/settings/bank-accounts/:id/primary',
    response: bankAccountSchema,
  }),
  deleteBankAccount: defineEndpoint({
    method: 'DELETE',
    path: '/api/settings/bank-accounts/:id',
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;

const rupiah = (n: number) => `Rp${n.toLocaleString('id-ID')}`;

/** 001 §8 withdrawals temporarily off, and the wallet's other refusals, in both languages. */
export const WALLET_MESSAGES = {
  'wallet.withdrawalsOff': {
    en: 'Withdrawals are temporarily off. Please try again later.',
    id: 'Penarikan dana sedang tidak tersedia. Coba lagi nanti.',
  },
  'wallet.amountRange': {
    en: `A withdrawal is between ${rupiah(WITHDRAWAL_MIN)} and ${rupiah(WITHDRAWAL_MAX)}`,
    id: `Penarikan antara ${rupiah(WITHDRAWAL_MIN)} dan ${rupiah(WITHDRAWAL_MAX)}`,
  },
  'wallet.balanceShort': {
    en: 'The amount is more than your available balance',
    id: 'Jumlah melebihi saldo yang tersedia',
  },
  'wallet.accountMissing': { en: 'Choose a bank account', id: 'Pilih rekening bank' },
  'wallet.accountNotVerified': {
    en: 'This bank account has not been verified yet',
    id: 'Rekening bank ini belum terverifikasi',
  },
  'wallet.bankRequired': { en: 'Choose a bank', id: 'Pilih bank' },
  'wallet.accountNoInvalid': {
    en: 'The account number does not fit this bank',
    id: 'Nomor rekening tidak sesuai dengan bank ini',
  },
  'wallet.holderInvalid': {
    en: "Enter the account holder's name as the bank has it",
    id: 'Masukkan nama pemilik rekening sesuai data bank',
  },
  'wallet.accountExists': {
    en: 'This bank account is already added',
    id: 'Rekening bank ini sudah ditambahkan',
  },
  'wallet.accountsFull': {
    en: `A business keeps at most ${MAX_BANK_ACCOUNTS} bank accounts`,
    id: `Maksimal ${MAX_BANK_ACCOUNTS} rekening bank per bisnis`,
  },
  'wallet.accountInUse': {
    en: 'A withdrawal to this account is still in process',
    id: 'Masih ada penarikan ke rekening ini yang sedang diproses',
  },
  'wallet.inquiryFailed': {
    en: 'The bank account could not be checked now. Please try again.',
    id: 'Rekening bank tidak dapat diperiksa sekarang. Coba lagi.',
  },
  'wallet.disbursementFailed': {
    en: 'The withdrawal could not be sent. Please try again.',
    id: 'Penarikan tidak dapat dikirim. Coba lagi.',
  },
} as const;
