import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';

/**
 * The product's one phone rule (001 §5, §9): wherever a person types a phone number — a contact, a
 * broadcast recipient, the new-chat window, the forgot-password form, a pre-chat form — it is read here.
 *
 * - Spaces, dashes, dots, brackets and one leading `+` are formatting and are dropped.
 * - What is left must be digits, and their count (as typed, so `0812…` counts its 0) must be within the
 *   place's limits: 9-13, and 10-13 for broadcast recipients (001 §9 "Phone digits").
 * - A number starting with 0 is an Indonesian local number: `08…` becomes `628…`. Any other number already
 *   carries its country code. libphonenumber-js then checks that the country code exists and the length
 *   is possible for that country.
 * - Places that take WhatsApp numbers of Indonesian customers (the new-chat window, forgot password) accept
 *   only `628…` / `08…` (001 §5 "formats 628xxx or 08xxx").
 *
 * The result is digits with the country code and no `+` (`6281234567890`), the form WhatsApp and the
 * database use.
 */

export type PhonePlace = 'contact' | 'broadcast' | 'newChat' | 'account';
/** What is wrong with a typed number (the place names the message for each). */
export type PhoneFault = 'characters' | 'length' | 'format';

export interface PhoneRule {
  digits: { min: number; max: number };
  /** Only Indonesian mobile numbers (628… / 08…). */
  indonesianMobile: boolean;
  /** The message key of each fault at this place. */
  messages: Readonly<Record<PhoneFault, PhoneProblem>>;
}

export type PhoneProblem =
  | 'phone.characters'
  | 'phone.length'
  | 'phone.format'
  | 'broadcast.phoneDigits'
  | 'broadcast.phoneLength'
  | 'newChat.phoneFormat'
  | 'validation.phone';

/** 001 §9 "Phone digits: 9-13 (10-13 for broadcast recipients)"; the messages are 001 §5's where given. */
export const PHONE_RULES: Readonly<Record<PhonePlace, PhoneRule>> = {
  contact: {
    digits: { min: 9, max: 13 },
    indonesianMobile: false,
    messages: { characters: 'phone.characters', length: 'phone.length', format: 'phone.format' },
  },
  broadcast: {
    digits: { min: 10, max: 13 },
    indonesianMobile: false,
    messages: {
      characters: 'broadcast.phoneDigits',
      length: 'broadcast.phoneLength',
      format: 'phone.format',
    },
  },
  // 001 §5 New message: "9-13 digits, formats 628xxx or 08xxx" — one message says it all.
  newChat: {
    digits: { min: 9, max: 13 },
    indonesianMobile: true,
    messages: {
      characters: 'newChat.phoneFormat',
      length: 'newChat.phoneFormat',
      format: 'newChat.phoneFormat',
    },
  },
  // A user's own number (forgot password by phone): the reset form's "valid format" (001 §5 Accounts).
  account: {
    digits: { min: 9, max: 13 },
    indonesianMobile: true,
    messages: { characters: 'validation.phone', length: 'validation.phone', format: 'validation.phone' },
  },
};

export type PhoneParse = { ok: true; phone: string } | { ok: false; problem: PhoneProblem };

const FORMATTING = /[\s\-.()]/g;

/** Reads a typed phone number by the rule of the place it was typed in (see above). */
export function parsePhone(input: string, place: PhonePlace): PhoneParse {
  const rule = PHONE_RULES[place];
  const fault = phoneFault(input, rule);
  return typeof fault === 'object' ? fault : { ok: false, problem: rule.messages[fault] };
}

function phoneFault(input: string, rule: PhoneRule): PhoneFault | { ok: true; phone: string } {
  const digits = input.trim().replace(FORMATTING, '').replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return 'characters';
  if (digits.length < rule.digits.min || digits.length > rule.digits.max) return 'length';
  const local = digits.startsWith('0');
  if (local && digits[1] === '0') return 'format';
  const parsed = parsePhoneNumberFromString(local ? digits : `+${digits}`, 'ID');
  if (!parsed?.isPossible()) return 'format';
  const phone = parsed.number.slice(1);
  if (rule.indonesianMobile && !phone.startsWith('628')) return 'format';
  return { ok: true, phone };
}

/** The number in its stored form, or null when it breaks the place's rule. */
export function normalisePhone(input: string, place: PhonePlace): string | null {
  const result = parsePhone(input, place);
  return result.ok ? result.phone : null;
}

/** Messages of the phone rule (merged into `messages.ts`). */
export const PHONE_MESSAGES = {
  'phone.characters': {
    en: 'Phone number must contain digits only.',
    id: 'Nomor telepon hanya boleh berisi angka.',
  },
  'phone.length': {
    en: 'Phone number must be 9-13 digits.',
    id: 'Nomor telepon harus 9-13 digit.',
  },
  'phone.format': {
    en: 'Phone number format is invalid: write it with its country code (628…) or as 08….',
    id: 'Format nomor telepon tidak valid: tulis dengan kode negara (628…) atau sebagai 08….',
  },
} as const;

/**
 * A zod field for a phone typed at `place`: the stored form, or an issue with the place's message. When
 * `optional`, an empty text means no phone (null).
 */
export function phoneSchema(place: PhonePlace, options: { requiredKey?: string } = {}) {
  return z
    .string({ error: options.requiredKey ?? PHONE_RULES[place].messages.format })
    .transform((text, ctx) => {
      const result = parsePhone(text, place);
      if (result.ok) return result.phone;
      const empty = text.trim() === '' && options.requiredKey;
      ctx.addIssue({ code: 'custom', message: empty ? options.requiredKey : result.problem });
      return z.NEVER;
    });
}

/** The same where the phone may be left empty (null). */
export function optionalPhoneSchema(place: PhonePlace) {
  return z.string().transform((text, ctx): string | null => {
    if (text.trim() === '') return null;
    const result = parsePhone(text, place);
    if (result.ok) return result.phone;
    ctx.addIssue({ code: 'custom', message: result.problem });
    return z.NEVER;
  });
}
