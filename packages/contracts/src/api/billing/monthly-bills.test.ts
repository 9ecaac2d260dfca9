import { describe, expect, it } from 'vitest';
import { splitVatIncluded } from './invoices.js';
import {
  activeGroupOf,
  addWorkingDays,
  BILL_STATUSES,
  type BillEvent,
  type BillStatus,
  billablePeriod,
  blocksBusiness,
  isWorkingDay,
  jakartaDate,
  nextBillStatus,
  periodRange,
  usageDateFor,
} from './monthly-bills.js';

/** Indonesia's 2026 national holidays (and 1 January 2027) around the cases below (as the server's calendar has them). */
const HOLIDAYS_2026 = new Set([
  '2026-01-01',
  '2026-03-19', // Nyepi
  '2026-03-20', // Idul Fitri
  '2026-03-21', // Idul Fitri (a Saturday)
  '2026-04-03', // Good Friday
  '2026-05-01',
  '2026-05-14',
  '2026-08-17', // Independence Day (a Monday)
  '2026-12-25',
  '2027-01-01',
]);

describe('working days of Indonesia (001 §4: final invoice in 7, proof verified in 2)', () => {
  it.each<[string, string, boolean]>([
    ['a Monday', '2026-03-02', true],
    ['a Saturday', '2026-03-07', false],
    ['a Sunday', '2026-03-08', false],
    ['Nyepi, a Thursday', '2026-03-19', false],
    ['Independence Day, a Monday', '2026-08-17', false],
    ['the day after', '2026-08-18', true],
  ])('%s (%s) is a working day: %s', (_label, date, expected) => {
    expect(isWorkingDay(date, HOLIDAYS_2026)).toBe(expected);
  });

  it.each<[string, string, number, string]>([
    ['Monday + 2', '2026-03-02', 2, '2026-03-04'],
    ['Thursday + 2 skips the weekend', '2026-03-05', 2, '2026-03-09'],
    ['Friday + 1 is Monday', '2026-03-06', 1, '2026-03-09'],
    ['Saturday + 1 is Monday', '2026-03-07', 1, '2026-03-09'],
    ['across Nyepi and Idul Fitri', '2026-03-18', 2, '2026-03-24'],
    ['final invoice: 7 working days from the 3rd of March', '2026-03-03', 7, '2026-03-12'],
    ['7 working days across Nyepi and Idul Fitri', '2026-03-16', 7, '2026-03-27'],
    ['across Independence Day', '2026-08-14', 1, '2026-08-18'],
    ['across Christmas and the new year', '2026-12-24', 5, '2027-01-04'],
    ['zero days is the day itself', '2026-03-07', 0, '2026-03-07'],
  ])('%s', (_label, from, n, expected) => {
    expect(addWorkingDays(from, n, HOLIDAYS_2026)).toBe(expected);
  });

  it('refuses what is not a date', () => {
    expect(() => addWorkingDays('2026-02-30', 1, HOLIDAYS_2026)).toThrow(RangeError);
    expect(() => addWorkingDays('3/3/2026', 1, HOLIDAYS_2026)).toThrow(RangeError);
    expect(() => addWorkingDays('2026-03-03', -1, HOLIDAYS_2026)).toThrow(RangeError);
  });
});

describe('bill statuses (000 §4) and the events that move them', () => {
  it.each<[BillStatus, BillEvent, BillStatus | null]>([
    ['PENDING_CONFIRMATION', 'confirm', 'WAITING_INVOICE'],
    ['PENDING_CONFIRMATION', 'reject', 'REJECT_CONFIRMATION'],
    ['REJECT_CONFIRMATION', 'reissue', 'PENDING_CONFIRMATION'],
    ['PENDING_CONFIRMATION', 'confirmationLapsed', 'WAITING_INVOICE'],
    ['WAITING_INVOICE', 'invoiceIssued', 'WAITING_PAYMENT'],
    ['WAITING_PAYMENT', 'paymentStarted', 'PAYMENT_PROCESS'],
    ['OVERDUE', 'paymentStarted', 'PAYMENT_PROCESS'],
    ['PAYMENT_PROCESS', 'paid', 'PAID'],
    ['WAITING_PAYMENT', 'paid', 'PAID'],
    ['OVERDUE', 'paid', 'PAID'],
    ['PAYMENT_PROCESS', 'paymentRefused', 'WAITING_PAYMENT'],
    ['WAITING_PAYMENT', 'paymentLapsed', 'OVERDUE'],
    ['OVERDUE', 'manualRelease', 'MANUAL_RELEASE'],
    ['WAITING_PAYMENT', 'cancel', 'CANCELLED'],
    // Repeats and events out of order change nothing.
    ['WAITING_INVOICE', 'confirm', null],
    ['REJECT_CONFIRMATION', 'confirmationLapsed', null],
    ['PAID', 'paid', null],
    ['PAID', 'cancel', null],
    ['PAID', 'manualRelease', null],
    ['PENDING_CONFIRMATION', 'paid', null],
    ['WAITING_INVOICE', 'paymentStarted', null],
    ['OVERDUE', 'paymentLapsed', null],
    ['CANCELLED', 'reissue', null],
    ['MANUAL_RELEASE', 'paid', null],
  ])('%s + %s → %s', (status, event, expected) => {
    expect(nextBillStatus(status, event)).toBe(expected);
  });

  it('sends a refused payment past its due date back to OVERDUE', () => {
    expect(nextBillStatus('PAYMENT_PROCESS', 'paymentRefused', { pastPaymentDue: true })).toBe('OVERDUE');
  });

  it('reaches every status from PENDING_CONFIRMATION by the events', () => {
    const reached = new Set<BillStatus>(['PENDING_CONFIRMATION']);
    const events: BillEvent[] = [
      'confirm',
      'reject',
      'reissue',
      'confirmationLapsed',
      'invoiceIssued',
      'paymentStarted',
      'paid',
      'paymentRefused',
      'paymentLapsed',
      'manualRelease',
      'cancel',
    ];
    for (let round = 0; round < 6; round++)
      for (const s of [...reached])
        for (const e of events) {
          const next = nextBillStatus(s, e);
          if (next) reached.add(next);
        }
    expect([...reached].sort()).toEqual([...BILL_STATUSES].sort());
  });

  it.each<[BillStatus, string | null]>([
    ['OVERDUE', 'overdue'],
    ['PENDING_CONFIRMATION', 'pendingConfirmation'],
    ['REJECT_CONFIRMATION', 'pendingConfirmation'],
    ['WAITING_INVOICE', 'pendingPayment'],
    ['WAITING_PAYMENT', 'pendingPayment'],
    ['PAYMENT_PROCESS', 'pendingPayment'],
    ['PAID', null],
    ['MANUAL_RELEASE', null],
    ['CANCELLED', null],
  ])('active group of %s: %s', (status, group) => {
    expect(activeGroupOf(status)).toBe(group);
  });
});

describe('usage date and the overdue block (000 §9)', () => {
  it.each([
    ['2026-02', '2026-03-03'],
    ['2026-12', '2027-01-03'],
  ])('the usage of %s appears on %s', (period, date) => {
    expect(usageDateFor(period)).toBe(date);
  });

  it.each<[BillStatus, string | null, string, boolean]>([
    ['OVERDUE', '2026-01-10', '2026-04-10', false],
    ['OVERDUE', '2026-01-10', '2026-04-11', true],
    ['PAYMENT_PROCESS', '2026-01-10', '2026-06-01', true],
    ['PAID', '2026-01-10', '2026-06-01', false],
    ['MANUAL_RELEASE', '2026-01-10', '2026-06-01', false],
    ['PENDING_CONFIRMATION', null, '2026-06-01', false],
  ])('%s due %s on %s blocks: %s', (status, due, today, expected) => {
    expect(blocksBusiness({ status, paymentDueDate: due }, today)).toBe(expected);
  });
});

describe("the monthly job's period and dates (Asia/Jakarta)", () => {
  it.each<[string, string]>([
    ['2026-03-02T16:59:59Z', '2026-03-02'],
    ['2026-03-02T17:00:00Z', '2026-03-03'],
    ['2026-12-31T17:30:00Z', '2027-01-01'],
  ])('%s is %s in Jakarta', (at, date) => {
    expect(jakartaDate(new Date(at))).toBe(date);
  });

  it.each<[string, string | null]>([
    ['2026-03-02', null],
    ['2026-03-03', '2026-02'],
    ['2026-03-31', '2026-02'],
    ['2027-01-03', '2026-12'],
  ])('on %s the billable period is %s', (today, period) => {
    expect(billablePeriod(today)).toBe(period);
  });

  it("spans a period from Jakarta midnight to the next month's", () => {
    expect(periodRange('2026-02')).toEqual({
      from: new Date('2026-01-31T17:00:00Z'),
      to: new Date('2026-02-28T17:00:00Z'),
    });
  });
});

describe('VAT inside a VAT-included total (credits are priced VAT included)', () => {
  it.each<[number, number, number]>([
    [111_000, 100_000, 11_000],
    [0, 0, 0],
    [1, 1, 0],
    [5, 5, 0],
    [10, 9, 1],
    [2_755, 2_482, 273],
  ])('%i = net %i + VAT %i', (total, net, vat) => {
    expect(splitVatIncluded(total)).toEqual({ net, vat, total });
  });
});
