import { z } from 'zod';
import { LANGUAGES, type Language } from '../../messages.js';
import { defineEndpoint } from '../endpoint.js';

/**
 * A credit mutation row (001 §3: time, description, status, amount, balance). `description` is a key of
 * `CREDIT_DESCRIPTIONS`, translated where it is shown (`describeCreditMutation`); `details` fills it in.
 */
export const creditMutationSchema = z.object({
  id: z.string().uuid(),
  createdAt: z.number(),
  description: z.string(),
  details: z.record(z.string(), z.union([z.string(), z.number()])),
  /** charge, top_up, bonus, refund, expiry. */
  kind: z.string(),
  /** success; post_paid (usage billed later, the balance untouched); unpaid (an inbound fee the wallet could not cover). */
  status: z.string(),
  /** Paid credits moved (negative for a charge) and the paid balance after the row. */
  amount: z.number(),
  balanceAfter: z.number(),
  /** Bonus credits moved and the bonus balance after the row. */
  bonusAmount: z.number(),
  bonusBalanceAfter: z.number(),
  referenceType: z.string().nullable(),
  referenceId: z.string().nullable(),
});
export type CreditMutation = z.infer<typeof creditMutationSchema>;

/** 001 §2 Mutation tab filter: a time range (epoch ms, `to` excluded). */
const rangeShape = {
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
};
/** `from` after `to` is refused on `to`. */
const rangeInOrder = [
  (q: { from?: number | undefined; to?: number | undefined }) =>
    q.from === undefined || q.to === undefined || q.from <= q.to,
  { message: 'billing.rangeInvalid', path: ['to'] },
] as [
  (q: { from?: number | undefined; to?: number | undefined }) => boolean,
  { message: string; path: string[] },
];

export const billingEndpoints = {
  chatCreditBalance: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/chat-credit',
    response: z.object({ balance: z.number(), balanceBonus: z.number() }),
  }),
  /** 001 §7 GET chat-credit/list: the business's credit mutations, newest first, keyset-paged, in a range. */
  chatCreditMutations: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/chat-credit/mutations',
    query: z
      .object({
        ...rangeShape,
        cursor: z.string().max(200).optional(),
        limit: z.coerce.number().int().min(1).max(100).default(30),
      })
      .refine(...rangeInOrder),
    response: z.object({ items: z.array(creditMutationSchema), nextCursor: z.string().nullable() }),
  }),
  /** 001 §7 GET chat-credit/download: the mutations of a range as csv, described in the reader's language. */
  chatCreditDownload: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/chat-credit/mutations/download',
    query: z.object({ ...rangeShape, lang: z.enum(LANGUAGES).optional() }).refine(...rangeInOrder),
    response: z.unknown(),
  }),
} as const;

/** The most rows one download holds (newest first); a wider range is narrowed by the date filter. */
export const CREDIT_DOWNLOAD_MAX_ROWS = 50_000;

type Text = Record<Language, string>;

/** 001 §3 mutation descriptions in both languages; `{name}` is filled from the row's details. */
export const CREDIT_DESCRIPTIONS: Record<string, Text> = {
  opening: { id: 'Saldo awal', en: 'Opening balance' },
  topUp: { id: 'Isi ulang ({channel})', en: 'Top up ({channel})' },
  followUp: { id: 'Follow-up chat {ticket} ({template})', en: 'Follow-up chat {ticket} ({template})' },
  newMessage: { id: 'Pesan baru {ticket} ({template})', en: 'New message {ticket} ({template})' },
  inboundFee: { id: 'Biaya percakapan masuk {ticket}', en: 'Inbound conversation fee {ticket}' },
  chatbotReply: { id: 'Balasan khusus chatbot {ticket}', en: 'Chatbot custom reply {ticket}' },
  broadcast: {
    id: 'Broadcast {template} ({recipients} penerima)',
    en: 'Broadcast {template} ({recipients} recipients)',
  },
  monthlyBonus: { id: 'Kredit bonus {month}', en: 'Bonus credits {month}' },
  bonusExpiry: { id: 'Kredit bonus kedaluwarsa', en: 'Bonus credits expired' },
  refund: { id: 'Pengembalian {ticket}', en: 'Refund {ticket}' },
};

export const CREDIT_STATUS_TEXT: Record<string, Text> = {
  success: { id: 'Berhasil', en: 'Success' },
  post_paid: { id: 'Pascabayar', en: 'Post-paid' },
  unpaid: { id: 'Tidak terbayar', en: 'Unpaid' },
};

/**
 * A mutation's description in `language`: its key's text with the details filled in; a row stored before
 * descriptions became keys shows its stored text.
 */
export function describeCreditMutation(
  m: Pick<CreditMutation, 'description' | 'details'>,
  language: Language,
): string {
  const text = CREDIT_DESCRIPTIONS[m.description]?.[language];
  if (!text) return m.description;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(m.details[name] ?? ''));
}

export function creditStatusText(status: string, language: Language): string {
  return CREDIT_STATUS_TEXT[status]?.[language] ?? status;
}
