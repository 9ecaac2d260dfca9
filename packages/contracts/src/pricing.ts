/**
 * Plans, periods and prices as table-driven rules (001 §9 money constants, §4 Subscription, §6 user limits).
 * Money is whole rupiah in integers (a `number` that is always an integer, far below 2^53); chat credits are
 * counted in hundredths (`CreditHundredths`), because the spec prices them to two decimals (275.48). No float
 * arithmetic touches money: VAT and rounding are integer operations.
 */

/** Whole rupiah. */
export type Rupiah = number;
/** Hundredths of a chat credit (1 credit = 100). */
export type CreditHundredths = number;

/** 001 §9: VAT 11% on every price. */
export const VAT_PERCENT = 11;
/** 001 §9: a subscription month is 30 days. */
export const DAYS_PER_MONTH = 30;
/** 001 §9: subscription periods of 3, 6 or 12 months. */
export const SUBSCRIPTION_PERIOD_MONTHS = [3, 6, 12] as const;
export type SubscriptionPeriodMonths = (typeof SUBSCRIPTION_PERIOD_MONTHS)[number];
/** 001 §9: the free trial lasts 30 days. */
export const FREE_TRIAL_DAYS = 30;
/** 001 §9: an extra user (live agent) costs Rp199.000 per month each. */
export const EXTRA_USER_MONTHLY_PRICE: Rupiah = 199_000;
/** 001 §4, §9: switching to Starter is refused with more than 50 channels. */
export const STARTER_MAX_CHANNELS = 50;
/** 001 §9: a follow-up chat costs 511.5 credits per contact, VAT included. */
export const FOLLOW_UP_CHAT_CREDITS: CreditHundredths = 51_150;
/** 001 §9: a chatbot custom reply costs 275.48 credits per conversation per 24 hours. */
export const CHATBOT_CUSTOM_REPLY_CREDITS: CreditHundredths = 27_548;
/** 001 §9: bonus chat credits per month: up to 300.000 (free variant) and 350.000 (premium). */
export const MONTHLY_BONUS_CREDITS = { free: 30_000_000, premium: 35_000_000 } as const satisfies Record<
  string,
  CreditHundredths
>;
/** 001 §9: inbound bonus credits are credited on this day of each month. */
export const BONUS_CREDIT_DAY_OF_MONTH = 1;
/** 001 §4, §9: usage data appears on the 3rd of each month. */
export const USAGE_DATA_DAY_OF_MONTH = 3;
/** 001 §4, §9: the final invoice follows within 7 working days; a payment proof is verified within 2. */
export const FINAL_INVOICE_WORKING_DAYS = 7;
export const PAYMENT_VERIFICATION_WORKING_DAYS = 2;
/** 001 §9: bills overdue more than 90 days block the account. */
export const OVERDUE_BLOCK_DAYS = 90;
/** 001 §9: a bank payout arrives within 24 hours after the transaction completes. */
export const PAYOUT_HOURS = 24;
/** 000 §9, 001 §9: active invoices are cached 15 minutes; the first 10 are fetched. */
export const ACTIVE_INVOICES_CACHE_MS = 900_000;
export const ACTIVE_INVOICES_FETCHED = 10;

/** 000 §4, 001 §4: the plans. Free and Free Trial are account states; Starter, Pro, Enterprise are packages. */
export const PLANS = ['FREE', 'FREE_TRIAL', 'STARTER', 'PRO', 'ENTERPRISE'] as const;
export type Plan = (typeof PLANS)[number];
export const PREMIUM_PACKAGES = ['STARTER', 'PRO', 'ENTERPRISE'] as const satisfies readonly Plan[];
export type PremiumPackage = (typeof PREMIUM_PACKAGES)[number];

/**
 * A price book: the monthly price of each self-serve package and the Pro upgrade price per remaining month.
 * 001 §9 gives the upgrade price of two products (Rp71.000 and Rp300.000 per month) and no package prices;
 * the package prices are Sapa's, chosen so that Pro − Starter equals the spec's upgrade price per month.
 * Enterprise is priced on request (no self-serve price).
 */
export interface PriceBook {
  monthly: { STARTER: Rupiah; PRO: Rupiah };
  proUpgradePerMonth: Rupiah;
}
export const PRICE_BOOKS = {
  /** The product whose Pro upgrade is Rp71.000 per month (Sapa's default). */
  standard: { monthly: { STARTER: 129_000, PRO: 200_000 }, proUpgradePerMonth: 71_000 },
  /** The product whose Pro upgrade is Rp300.000 per month. */
  plus: { monthly: { STARTER: 499_000, PRO: 799_000 }, proUpgradePerMonth: 300_000 },
} as const satisfies Record<string, PriceBook>;
export type PriceBookName = keyof typeof PRICE_BOOKS;
export const DEFAULT_PRICE_BOOK: PriceBookName = 'standard';

/** A price with its VAT: `vat` is 11% of `net`, rounded half up to the rupiah; `total = net + vat`. */
export interface PriceWithVat {
  net: Rupiah;
  vat: Rupiah;
  total: Rupiah;
}

function assertWholeRupiah(value: Rupiah): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a whole rupiah amount: ${value}`);
}

/** 001 §9 VAT 11%: integer arithmetic, half up. */
export function withVat(net: Rupiah): PriceWithVat {
  assertWholeRupiah(net);
  const vat = Math.floor((net * VAT_PERCENT + 50) / 100);
  return { net, vat, total: net + vat };
}

/** Days in a period of `months` subscription months (001 §9: a month is 30 days). */
export function periodDays(months: number): number {
  return months * DAYS_PER_MONTH;
}

/** Whole subscription months covering `days`, rounded up (001 §9 "rounded up by month"). */
export function monthsRoundedUp(days: number): number {
  if (days <= 0) return 0;
  return Math.ceil(days / DAYS_PER_MONTH);
}

/** Whether `months` is one of the spec's periods. */
export function isSubscriptionPeriod(months: number): months is SubscriptionPeriodMonths {
  return (SUBSCRIPTION_PERIOD_MONTHS as readonly number[]).includes(months);
}

/** The price of a self-serve package for a period, VAT on top (001 §3 Subscription: service fee, tax). */
export function packagePrice(
  pkg: 'STARTER' | 'PRO',
  months: SubscriptionPeriodMonths,
  book: PriceBook = PRICE_BOOKS[DEFAULT_PRICE_BOOK],
): PriceWithVat {
  return withVat(book.monthly[pkg] * months);
}

const MS_PER_DAY = 86_400_000;

/**
 * 001 §4, §9: upgrading Starter to Pro costs the book's upgrade price per remaining month, the remaining
 * validity rounded up to whole 30-day months; it does not extend validity (the end date is returned as it is).
 */
export function proUpgradeQuote(
  input: { now: Date; endsAt: Date },
  book: PriceBook = PRICE_BOOKS[DEFAULT_PRICE_BOOK],
): { months: number; price: PriceWithVat; endsAt: Date } {
  const remainingDays = Math.ceil((input.endsAt.getTime() - input.now.getTime()) / MS_PER_DAY);
  const months = monthsRoundedUp(remainingDays);
  return { months, price: withVat(book.proUpgradePerMonth * months), endsAt: input.endsAt };
}

/** 001 §6, §9: extra users at Rp199.000 per month each, for a number of months, VAT on top. */
export function extraUsersPrice(users: number, months: number): PriceWithVat {
  return withVat(EXTRA_USER_MONTHLY_PRICE * users * months);
}

/** The end of a period started (or extended) at `from`: `months` × 30 days later (001 §4 start, extend). */
export function periodEnd(from: Date, months: SubscriptionPeriodMonths): Date {
  return new Date(from.getTime() + periodDays(months) * MS_PER_DAY);
}

/** The end of a free trial started at `from` (001 §9: 30 days). */
export function freeTrialEnd(from: Date): Date {
  return new Date(from.getTime() + FREE_TRIAL_DAYS * MS_PER_DAY);
}

/** Why a change of package is refused (001 §4), or null when it is allowed. */
export function packageChangeRefusal(input: {
  from: Plan;
  to: PremiumPackage;
  fromActive: boolean;
  channels: number;
}): 'downgradeWhileProActive' | 'tooManyChannelsForStarter' | null {
  if (input.to === 'STARTER' && input.from === 'PRO' && input.fromActive) return 'downgradeWhileProActive';
  if (input.to === 'STARTER' && input.channels > STARTER_MAX_CHANNELS) return 'tooManyChannelsForStarter';
  return null;
}

/** Hundredths of a credit as the credit number shown and stored (numeric(14,2)): 51150 → 511.5. */
export function creditsOf(hundredths: CreditHundredths): number {
  return hundredths / 100;
}

/** Rupiah → hundredths of a credit: a top-up buys one credit per rupiah (credit prices include VAT). */
export function creditsForRupiah(amount: Rupiah): CreditHundredths {
  assertWholeRupiah(amount);
  return amount * 100;
}

// ---------------------------------------------------------------- conversation charges (001 §3, §9)

/** 000 §9, 001 §9: a conversation (and the free reply window) lasts 24 hours. */
export const CONVERSATION_WINDOW_MS = 24 * 3_600_000;

/**
 * 001 §9 "Inbound fee: applies within 24 hours of reply". The spec does not show the figure: Sapa charges
 * 236.46 credits including VAT — WhatsApp's Indonesian service rate in the same ratio to its marketing rate
 * (0.0190 / 0.0411 in Meta's 2023 rate card) as the spec's 511.5 marketing follow-up. Bonus credit pays it first.
 */
export const INBOUND_FEE_CREDITS: CreditHundredths = 23_646;

/**
 * A chat room is charged once per category per 24-hour window (WhatsApp's conversation categories, plus the
 * chatbot's custom reply), whatever the number of messages in it.
 */
export const CONVERSATION_CATEGORIES = [
  'SERVICE',
  'MARKETING',
  'UTILITY',
  'AUTHENTICATION',
  'CHATBOT',
] as const;
export type ConversationCategory = (typeof CONVERSATION_CATEGORIES)[number];
const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;

/** What a send is charged for. */
export type ChargePurpose = 'inbound' | 'follow_up' | 'new_message' | 'chatbot_reply';

export interface ConversationCharge {
  category: ConversationCategory;
  price: CreditHundredths;
  /** Bonus credit is usable only for inbound (001 §9): it pays an inbound fee first. */
  bonusFirst: boolean;
  /** A priced send the wallet cannot pay is refused (000 §8 chat credits empty); an inbound fee is not. */
  blocksWhenShort: boolean;
}

/** The window category of a template category (an unknown one is marketing, the dearest). */
export function templateConversationCategory(
  templateCategory: string | null | undefined,
): ConversationCategory {
  const key = (templateCategory ?? '').toUpperCase();
  return (TEMPLATE_CATEGORIES as readonly string[]).includes(key)
    ? (key as ConversationCategory)
    : 'MARKETING';
}

/**
 * 001 §9 prices by purpose: the inbound fee (SERVICE window, bonus first, never blocking the reply); a follow-up
 * or a new message 511.5 credits per contact in the window of its template's category; a chatbot custom reply
 * 275.48 per conversation per 24 hours.
 */
export function conversationCharge(
  purpose: ChargePurpose,
  templateCategory?: string | null,
): ConversationCharge {
  switch (purpose) {
    case 'inbound':
      return { category: 'SERVICE', price: INBOUND_FEE_CREDITS, bonusFirst: true, blocksWhenShort: false };
    case 'chatbot_reply':
      return {
        category: 'CHATBOT',
        price: CHATBOT_CUSTOM_REPLY_CREDITS,
        bonusFirst: false,
        blocksWhenShort: true,
      };
    default:
      return {
        category: templateConversationCategory(templateCategory),
        price: FOLLOW_UP_CHAT_CREDITS,
        bonusFirst: false,
        blocksWhenShort: true,
      };
  }
}

/** Whether a window opened at `openedAt` still covers a send at `at` (24 hours, the end excluded). */
export function windowCovers(openedAt: Date, at: Date): boolean {
  const age = at.getTime() - openedAt.getTime();
  return age >= 0 && age < CONVERSATION_WINDOW_MS;
}

/** How a charge of `price` is paid from a wallet (all in hundredths). */
export type ChargeSplit =
  | { status: 'success'; paid: CreditHundredths; bonus: CreditHundredths }
  | { status: 'post_paid'; paid: CreditHundredths; bonus: 0 }
  | { status: 'unpaid'; paid: 0; bonus: 0 }
  | { status: 'insufficient' };

/**
 * 000 §5: credit is insufficient when the billing type is not POST_PAID and the balance is below the amount. A
 * POST_PAID business is never refused (its usage is recorded and billed later, the wallet untouched). Bonus
 * credit pays first when `bonusFirst` (inbound only). A charge that may not block (the inbound fee) and finds
 * the wallet short is recorded `unpaid`: the reply goes, the wallet is never overdrawn.
 */
export function splitCharge(input: {
  billingType: string;
  balance: CreditHundredths;
  bonus: CreditHundredths;
  price: CreditHundredths;
  bonusFirst: boolean;
  blocksWhenShort: boolean;
}): ChargeSplit {
  const { price } = input;
  if (input.billingType === 'POST_PAID') return { status: 'post_paid', paid: price, bonus: 0 };
  const bonus = input.bonusFirst ? Math.min(Math.max(input.bonus, 0), price) : 0;
  const paid = price - bonus;
  if (paid <= Math.max(input.balance, 0)) return { status: 'success', paid, bonus };
  return input.blocksWhenShort ? { status: 'insufficient' } : { status: 'unpaid', paid: 0, bonus: 0 };
}

/** 001 §9: the bonus of a month — 300.000 for a free account, 350.000 for a premium one. */
export function monthlyBonusCredits(
  accountStatus: string,
  subscriptionPackage: string | null,
): CreditHundredths {
  const premium =
    accountStatus === 'Active' && subscriptionPackage !== null && subscriptionPackage !== 'FREE';
  return premium ? MONTHLY_BONUS_CREDITS.premium : MONTHLY_BONUS_CREDITS.free;
}

/** The bonus month (YYYY-MM) of an instant, on the calendar of Asia/Jakarta (UTC+7, no daylight saving). */
export function bonusMonthOf(at: Date): string {
  const jakarta = new Date(at.getTime() + 7 * 3_600_000);
  return `${jakarta.getUTCFullYear()}-${String(jakarta.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Credits as the hundredths the ledger computes with: '511.50' → 51150 (numeric(14,2) text or a number). */
export function hundredthsOf(credits: string | number): CreditHundredths {
  return Math.round(Number(credits) * 100);
}
