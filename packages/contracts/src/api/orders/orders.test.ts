import { describe, expect, it } from 'vitest';
import {
  canMoveTransaction,
  cartQuote,
  courierFee,
  nextTransactionStatus,
  TRANSACTION_STATUSES,
  type TransactionStatus,
  transactionInputSchema,
} from './orders.js';

/** 001 §4 "Statuses: new order, prepared, ready, done, cancelled": New Order → Prepared → Ready → Done, or Cancelled. */
const ALLOWED: [TransactionStatus, TransactionStatus][] = [
  ['new_order', 'prepared'],
  ['new_order', 'cancelled'],
  ['prepared', 'ready'],
  ['prepared', 'cancelled'],
  ['ready', 'done'],
  ['ready', 'cancelled'],
];

describe('transaction status machine (001 §4)', () => {
  const every = TRANSACTION_STATUSES.flatMap((from) => TRANSACTION_STATUSES.map((to) => [from, to] as const));
  it.each(every)('%s → %s', (from, to) => {
    const expected = ALLOWED.some(([f, t]) => f === from && t === to);
    expect(canMoveTransaction(from, to)).toBe(expected);
  });
  it.each([
    ['new_order', 'prepared'],
    ['prepared', 'ready'],
    ['ready', 'done'],
    ['done', null],
    ['cancelled', null],
  ] as const)('the step forward from %s is %s', (from, next) => {
    expect(nextTransactionStatus(from)).toBe(next);
  });
});

describe('courier fee rules (001 §3 seller courier)', () => {
  const byPrice = {
    feeType: 'by_price' as const,
    fee: 0,
    thresholds: [
      { maxPrice: 100_000, fee: 15_000 },
      { maxPrice: 50_000, fee: 20_000 },
    ],
  };
  it.each([
    [
      'flat fee whatever the price',
      { feeType: 'flat' as const, fee: 12_000, thresholds: [] },
      999_999,
      12_000,
    ],
    ['under the lowest threshold', byPrice, 30_000, 20_000],
    ['at a threshold exactly', byPrice, 50_000, 20_000],
    ['between thresholds', byPrice, 50_001, 15_000],
    ['above every threshold: the courier fee', byPrice, 100_001, 0],
  ])('%s', (_name, courier, price, fee) => {
    expect(courierFee(courier, price)).toBe(fee);
  });
});

describe('order quote (000 §9 weight in grams)', () => {
  it('adds items, weight and the courier fee', () => {
    const q = cartQuote(
      [
        { unitPrice: 23_000, quantity: 2, weightGrams: 250 },
        { unitPrice: 10_000, quantity: 1, weightGrams: 1_000 },
      ],
      { feeType: 'flat', fee: 9_000, thresholds: [] },
    );
    expect(q).toEqual({ subtotal: 56_000, weightGrams: 1_500, shippingFee: 9_000, total: 65_000 });
  });
  it('pickup has no fee', () => {
    expect(cartQuote([{ unitPrice: 5_000, quantity: 3, weightGrams: 0 }], null).total).toBe(15_000);
  });
});

describe('transaction input', () => {
  const base = {
    clientRequestId: '0190a1b2-0000-7000-8000-000000000002',
    customerName: 'Budi',
    items: [{ productId: '0190a1b2-0000-7000-8000-000000000003', quantity: 1 }],
  };
  it.each([
    ['pickup needs no address', { delivery: 'pickup' }, null],
    ['courier needs a courier', { delivery: 'courier' }, 'orders.courierRequired'],
    [
      'a postal code has 5 digits',
      {
        delivery: 'courier',
        courierId: '0190a1b2-0000-7000-8000-000000000004',
        address: {
          province: 'DKI',
          city: 'Jakarta',
          district: 'Menteng',
          postalCode: '123',
          fullAddress: 'Jl. A',
        },
      },
      'orders.postalCodeInvalid',
    ],
  ])('%s', (_name, extra, problem) => {
    const result = transactionInputSchema.safeParse({ ...base, ...extra });
    if (problem === null) expect(result.success).toBe(true);
    else expect(result.error?.issues.map((i) => i.message)).toContain(problem);
  });
});
