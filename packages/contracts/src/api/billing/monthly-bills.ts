import { OVERDUE_BLOCK_DAYS, USAGE_DATA_DAY_OF_MONTH } from '../../pricing.js';

/**
 * The monthly bill's pure rules (issue 21 point 2; 000 §3, §4, §9; 001 §4, §9): its statuses and the events
 * that move them, the active-bill groups, the overdue block, and the working days of Indonesia the deadlines
 * are counted in (`FINAL_INVOICE_WORKING_DAYS`, `PAYMENT_VERIFICATION_WORKING_DAYS` in pricing.ts). Dates are calendar dates in Asia/Jakarta, written `YYYY-MM-DD`; the holidays are handed in
 * (the server reads Indonesia's national holidays from its calendar), so the rules stay pure.
 */

/** 000 §4 invoice and billing statuses. */
export const BILL_STATUSES = [
  'MANUAL_RELEASE',
  'PENDING_CONFIRMATION',
  'REJECT_CONFIRMATION',
  'WAITING_INVOICE',
  'WAITING_PAYMENT',
  'PAYMENT_PROCESS',
  'PAID',
  'OVERDUE',
  'CANCELLED',
] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** 000 §4 document kinds and approval answers. */
export const BILL_DOCUMENT_KINDS = [
  'SUMMARY_USAGE',
  'FORM_INVOICE',
  'BAST',
  'FINAL_INVOICE',
  'PAYMENT_PROOF_IMAGE',
] as const;
export const BILL_APPROVALS = ['APPROVED', 'REJECTED'] as const;

/** What happens to a bill. */
export type BillEvent =
  /** The business signs the acceptance certificate (BAST). */
  | 'confirm'
  /** The business rejects the usage summary (finance is e-mailed). */
  | 'reject'
  /** Finance sends a corrected summary after a rejection. */
  | 'reissue'
  /** The confirmation due date passed unanswered. */
  | 'confirmationLapsed'
  /** The final invoice is issued. */
  | 'invoiceIssued'
  /** A payment proof is uploaded, or a gateway payment is started. */
  | 'paymentStarted'
  /** The gateway settled the payment, or finance verified the proof. */
  | 'paid'
  /** Finance refused the proof, or the gateway payment expired. */
  | 'paymentRefused'
  /** The payment due date passed unpaid. */
  | 'paymentLapsed'
  /** The platform's finance releases the bill by hand. */
  | 'manualRelease'
  | 'cancel';

const UNPAID: readonly BillStatus[] = ['WAITING_PAYMENT', 'PAYMENT_PROCESS', 'OVERDUE'];
const OPEN: readonly BillStatus[] = [
  'PENDING_CONFIRMATION',
  'REJECT_CONFIRMATION',
  'WAITING_INVOICE',
  'WAITING_PAYMENT',
  'PAYMENT_PROCESS',
  'OVERDUE',
];

/** Each event's moves: from which statuses, to which. */
const MOVES: Record<BillEvent, { from: readonly BillStatus[]; to: BillStatus | 'BACK_TO_PAYMENT' }> = {
  confirm: { from: ['PENDING_CONFIRMATION'], to: 'WAITING_INVOICE' },
  reject: { from: ['PENDING_CONFIRMATION'], to: 'REJECT_CONFIRMATION' },
  reissue: { from: ['REJECT_CONFIRMATION'], to: 'PENDING_CONFIRMATION' },
  confirmationLapsed: { from: ['PENDING_CONFIRMATION'], to: 'WAITING_INVOICE' },
  invoiceIssued: { from: ['WAITING_INVOICE'], to: 'WAITING_PAYMENT' },
  paymentStarted: { from: ['WAITING_PAYMENT', 'OVERDUE'], to: 'PAYMENT_PROCESS' },
  paid: { from: UNPAID, to: 'PAID' },
  paymentRefused: { from: ['PAYMENT_PROCESS'], to: 'BACK_TO_PAYMENT' },
  paymentLapsed: { from: ['WAITING_PAYMENT'], to: 'OVERDUE' },
  manualRelease: { from: UNPAID, to: 'MANUAL_RELEASE' },
  cancel: { from: OPEN, to: 'CANCELLED' },
};

/**
 * The status `event` moves a bill in `status` to, or null when the event does not apply (a repeat, or out of
 * order). A refused payment goes back to OVERDUE when the payment due date has passed, else WAITING_PAYMENT.
 */
export function nextBillStatus(
  status: BillStatus,
  event: BillEvent,
  ctx: { pastPaymentDue?: boolean } = {},
): BillStatus | null {
  const move = MOVES[event];
  if (!move.from.includes(status)) return null;
  if (move.to === 'BACK_TO_PAYMENT') return ctx.pastPaymentDue ? 'OVERDUE' : 'WAITING_PAYMENT';
  return move.to;
}

/** 000 §3 active bills, grouped overdue / pending confirmation / pending payment; others are history. */
export type ActiveBillGroup = 'overdue' | 'pendingConfirmation' | 'pendingPayment';

export function activeGroupOf(status: BillStatus): ActiveBillGroup | null {
  if (status === 'OVERDUE') return 'overdue';
  if (status === 'PENDING_CONFIRMATION' || status === 'REJECT_CONFIRMATION') return 'pendingConfirmation';
  if (status === 'WAITING_INVOICE' || status === 'WAITING_PAYMENT' || status === 'PAYMENT_PROCESS')
    return 'pendingPayment';
  return null;
}

/** Days a usage summary waits for the business's answer before it confirms itself (Sapa's choice). */
export const CONFIRMATION_DAYS = 7;

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function toUtc(date: string): number {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(t).toISOString().slice(0, 10) !== date) throw new RangeError(`no such date: ${date}`);
  return t;
}

const fromUtc = (t: number) => new Date(t).toISOString().slice(0, 10);

export function addCalendarDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** A working day of Indonesia: not Saturday or Sunday, and not a national holiday. */
export function isWorkingDay(date: string, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(toUtc(date)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(date);
}

/** The date `n` working days after `date` (the day itself not counted). */
export function addWorkingDays(date: string, n: number, holidays: ReadonlySet<string>): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('n must be a whole number of days');
  let t = toUtc(date);
  for (let left = n; left > 0; ) {
    t += DAY_MS;
    if (isWorkingDay(fromUtc(t), holidays)) left--;
  }
  return fromUtc(t);
}

/** The usage date of the month after `period` (`YYYY-MM`): its bill is built then. */
export function usageDateFor(period: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  if (!m) throw new RangeError(`not a YYYY-MM period: ${period}`);
  const next = new Date(Date.UTC(Number(m[1]), Number(m[2]), USAGE_DATA_DAY_OF_MONTH));
  return fromUtc(next.getTime());
}

/** 000 §9 overdue block: a bill unpaid more than 90 days past its payment due date blocks the business. */
export function blocksBusiness(bill: { status: BillStatus; paymentDueDate: string | null }, today: string) {
  if (!bill.paymentDueDate || !UNPAID.includes(bill.status)) return false;
  return daysBetween(bill.paymentDueDate, today) > OVERDUE_BLOCK_DAYS;
}

/** Asia/Jakarta is UTC+7 all year (no daylight saving). */
const JAKARTA_OFFSET_MS = 7 * 3_600_000;

/** The calendar date in Asia/Jakarta at `at`. */
export function jakartaDate(at: Date): string {
  return fromUtc(at.getTime() + JAKARTA_OFFSET_MS);
}

/**
 * The month whose bill is due on `today` (the month before it, from its usage date, the 3rd), or null before
 * the 3rd — then the month before that was billed already.
 */
export function billablePeriod(today: string): string | null {
  const t = toUtc(today);
  const d = new Date(t);
  if (d.getUTCDate() < USAGE_DATA_DAY_OF_MONTH) return null;
  const prev = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
  return fromUtc(prev.getTime()).slice(0, 7);
}

/** The instants a period (`YYYY-MM`) spans in Asia/Jakarta: [from, to). */
export function periodRange(period: string): { from: Date; to: Date } {
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  if (!m) throw new RangeError(`not a YYYY-MM period: ${period}`);
  const from = Date.UTC(Number(m[1]), Number(m[2]) - 1, 1) - JAKARTA_OFFSET_MS;
  const to = Date.UTC(Number(m[1]), Number(m[2]), 1) - JAKARTA_OFFSET_MS;
  return { from: new Date(from), to: new Date(to) };
}
