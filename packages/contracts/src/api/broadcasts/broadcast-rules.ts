import { normalisePhone, PHONE_RULES, parsePhone } from '../../phone.js';

/** Broadcast limits, prices and recipient rules (001 §5, §9). */

// ---------------------------------------------------------------- limits (001 §5, §9)

/** 001 §5, §9: a recipient number in the broadcast list has 10-13 digits (another statement gives 9-13). */
export const BROADCAST_PHONE_DIGITS = PHONE_RULES.broadcast.digits;
/** 001 §5, §9: broadcast image at most 2 MB and 500x500 px. */
export const BROADCAST_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const BROADCAST_IMAGE_MAX_PX = 500;
/** 001 §5: a broadcast image is a jpeg or a png ('Invalid file format'). */
export const BROADCAST_IMAGE_MIMES = ['image/jpeg', 'image/png'] as const;

/**
 * The problem of a broadcast image, or null when it is within 001 §5, §9's limits: jpeg or png, at most 2 MB
 * and 500x500. The browser checks type and size before uploading; the server also reads the dimensions.
 */
export function broadcastImageProblem(file: {
  mime: string;
  size: number;
  width?: number | undefined;
  height?: number | undefined;
}): 'broadcast.imageFormat' | 'broadcast.imageTooLarge' | null {
  if (!(BROADCAST_IMAGE_MIMES as readonly string[]).includes(file.mime)) return 'broadcast.imageFormat';
  if (
    file.size > BROADCAST_IMAGE_MAX_BYTES ||
    (file.width ?? 0) > BROADCAST_IMAGE_MAX_PX ||
    (file.height ?? 0) > BROADCAST_IMAGE_MAX_PX
  )
    return 'broadcast.imageTooLarge';
  return null;
}

/** Numbers typed or pasted into one broadcast (Sapa's limit: larger lists come as a group or a sheet). */
export const BROADCAST_TYPED_NUMBERS_MAX = 10_000;
/** Contacts or groups named one by one in one request. */
export const BROADCAST_CONTACT_IDS_MAX = 1_000;
export const BROADCAST_GROUP_IDS_MAX = 50;
/** Recipients of one broadcast after merging every source (Sapa's limit). */
export const BROADCAST_MAX_RECIPIENTS = 200_000;
/** The note on a broadcast (001 §3: note; the spec gives no length). */
export const BROADCAST_NOTE_MAX = 300;
/** Template variables a broadcast fills (WhatsApp allows many; Sapa's templates stay below this). */
export const BROADCAST_VARIABLES_MAX = 20;
/** A template variable's value (WhatsApp: a body parameter up to 1024 characters with the body). */
export const BROADCAST_VALUE_MAX = 1024;
export const BROADCAST_PAGE_SIZE = 30;
export const BROADCAST_RECIPIENTS_PAGE_SIZE = 50;
/**
 * 001 §4: sending throughput of a phone number. WhatsApp's default is 80 messages per second per number,
 * upgraded to at most 1,000 (reference: WhatsApp Cloud API throughput).
 */
export const BROADCAST_THROUGHPUT = { default: 80, min: 1, max: 1_000 } as const;
/**
 * 001 §8 "Daily quota exhausted": the spec does not show the number (001 §9 "not shown: daily broadcast
 * quota number"). Sapa's default per sending number per rolling 24 hours is WhatsApp's 100K messaging
 * tier; it is configurable per number.
 */
export const BROADCAST_DAILY_QUOTA_DEFAULT = 100_000;

/**
 * Chat credits charged per recipient by template category (001 §3 outbound price per template category;
 * 001 §9 does not show the broadcast price per contact by category). Marketing takes the spec's one
 * figure for a business-initiated conversation (511.5 including 11% VAT); utility and authentication
 * take WhatsApp Indonesia's lower rates with VAT, as Sapa's defaults.
 */
export const BROADCAST_PRICE_PER_RECIPIENT = {
  MARKETING: 511.5,
  UTILITY: 396.05,
  AUTHENTICATION: 396.05,
} as const satisfies Record<string, number>;

/** The price of one recipient of a template in `category` (an unknown category is priced as marketing). */
export function broadcastPricePerRecipient(category: string): number {
  const key = category.toUpperCase() as keyof typeof BROADCAST_PRICE_PER_RECIPIENT;
  return BROADCAST_PRICE_PER_RECIPIENT[key] ?? BROADCAST_PRICE_PER_RECIPIENT.MARKETING;
}

/** The total charge of `recipients` recipients, rounded to the credit's two decimals. */
export function broadcastCost(category: string, recipients: number): number {
  return Math.round(broadcastPricePerRecipient(category) * recipients * 100) / 100;
}

// ---------------------------------------------------------------- recipient rules (001 §5)

export type RecipientNumberProblem =
  | 'broadcast.phoneDigits'
  | 'broadcast.phoneLength'
  | 'phone.format'
  | 'broadcast.phoneDuplicate';

/**
 * 001 §5: a recipient number is digits only and 10-13 digits long, read by the product's phone rule
 * (`phone.ts`: formatting and one leading `+` are ignored, 08… becomes 628…).
 */
export function recipientNumberProblem(
  input: string,
): Exclude<RecipientNumberProblem, 'broadcast.phoneDuplicate'> | null {
  const result = parsePhone(input, 'broadcast');
  return result.ok ? null : (result.problem as Exclude<RecipientNumberProblem, 'broadcast.phoneDuplicate'>);
}

/** The number as WhatsApp knows it (628…). Call it on a number without a problem. */
export function normaliseRecipientNumber(input: string): string {
  return normalisePhone(input, 'broadcast') ?? input.trim();
}

/** Splits pasted text into numbers: one per line, or separated by commas or semicolons. */
export function splitRecipientNumbers(text: string): string[] {
  return text
    .split(/[\n\r,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export interface RecipientListCheck {
  /** The valid numbers, normalised, in the order given, each once. */
  numbers: string[];
  /** Every problem, by the index of the entry in the input. */
  problems: { index: number; value: string; problem: RecipientNumberProblem }[];
}

/**
 * 001 §5 broadcast recipient list: digits only, 10-13 digits, no duplicates (the same number written as
 * 08… and 628… is a duplicate). A duplicate is reported on its second and later occurrences.
 */
export function checkRecipientNumbers(entries: readonly string[]): RecipientListCheck {
  const seen = new Set<string>();
  const numbers: string[] = [];
  const problems: RecipientListCheck['problems'] = [];
  entries.forEach((value, index) => {
    const problem = recipientNumberProblem(value);
    if (problem) {
      problems.push({ index, value, problem });
      return;
    }
    const number = normaliseRecipientNumber(value);
    if (seen.has(number)) {
      problems.push({ index, value, problem: 'broadcast.phoneDuplicate' });
      return;
    }
    seen.add(number);
    numbers.push(number);
  });
  return { numbers, problems };
}

/** 001 §5: the scheduled time must be in the future ('Selected time has passed current time.'). */
export function scheduleProblem(
  scheduledAt: number | null | undefined,
  now: number,
): 'broadcast.timePassed' | null {
  if (scheduledAt === null || scheduledAt === undefined) return null;
  return scheduledAt <= now ? 'broadcast.timePassed' : null;
}
