import { z } from 'zod';
import { CHANNELS } from './channels.js';
import type { ChannelCode } from './partner.js';

/**
 * Reply buttons (000 §4 channel table "reply button"): a message may carry options the customer taps instead of
 * typing. Each channel that allows them has its own wire and limits, from the providers' documentation:
 * - WhatsApp Cloud: interactive `button` (at most 3 reply buttons, title ≤ 20, id ≤ 256) or `list` (at most 10
 *   rows in all sections, row title ≤ 24, the list's button text ≤ 20); a tap arrives as `interactive.button_reply`
 *   / `list_reply` with the id and title.
 * - Telegram: an inline keyboard (`reply_markup.inline_keyboard`, `callback_data` 1–64 bytes); a tap arrives as a
 *   `callback_query` whose `data` is the id. Sapa sends at most 10 buttons of ≤ 40 characters (Telegram sets no
 *   count, a phone shows about that many comfortably).
 * - LINE: quick reply (`quickReply.items`, at most 13, action label ≤ 20) with postback actions (`data` ≤ 300,
 *   `displayText` shows the tap as the customer's message); a tap arrives as a `postback` event.
 * - Messenger and Instagram: `quick_replies` (at most 13, title ≤ 20, payload ≤ 1000); a tap arrives as a
 *   message whose `text` is the title and `quick_reply.payload` the id.
 * - Viber: a keyboard (`keyboard.Buttons`, `ActionType: reply`); the options travel in `tracking_data`, which
 *   Viber returns with the customer's reply. Sapa sends at most 10 buttons of ≤ 40 characters.
 * Other channels (live chat, email, marketplaces) get the options as a numbered text.
 */

export const REPLY_BUTTON_STYLES = ['buttons', 'list'] as const;
export type ReplyButtonStyle = (typeof REPLY_BUTTON_STYLES)[number];

export interface ReplyButtonRule {
  /** The styles the channel shows: WhatsApp has reply buttons and a list; the others one kind of button. */
  styles: readonly ReplyButtonStyle[];
  /** Most options per style. */
  max: Partial<Record<ReplyButtonStyle, number>>;
  /** Longest option title per style (characters). */
  titleMax: Partial<Record<ReplyButtonStyle, number>>;
  /** Longest text above the options, where the provider sets one (WhatsApp's interactive body: 1024). */
  textMax?: number;
}

/** WhatsApp's list opens from a button whose text is at most 20 characters. */
export const REPLY_LIST_LABEL_MAX = 20;
/** The ids Sapa gives options stay short: Telegram's `callback_data` holds 64 bytes. */
export const REPLY_BUTTON_ID_MAX = 64;

const quickReplies: ReplyButtonRule = {
  styles: ['buttons'],
  max: { buttons: 13 },
  titleMax: { buttons: 20 },
};
const keyboard: ReplyButtonRule = { styles: ['buttons'], max: { buttons: 10 }, titleMax: { buttons: 40 } };

/** Each channel's reply buttons; a channel missing here (or without the channel table's flag) has none. */
export const REPLY_BUTTON_RULES: Partial<Record<ChannelCode, ReplyButtonRule>> = {
  WAP: {
    styles: ['buttons', 'list'],
    max: { buttons: 3, list: 10 },
    titleMax: { buttons: 20, list: 24 },
    textMax: 1024,
  },
  TLG: keyboard,
  LNE: quickReplies,
  MSG: quickReplies,
  IGM: quickReplies,
  VBR: keyboard,
};

/** The channel's reply buttons, when the channel table allows them (`hasReplyButton`). */
export function replyButtonRuleOf(channel: ChannelCode): ReplyButtonRule | null {
  return CHANNELS[channel]?.hasReplyButton ? (REPLY_BUTTON_RULES[channel] ?? null) : null;
}

export const replyOptionSchema = z.object({
  id: z.string().min(1).max(REPLY_BUTTON_ID_MAX),
  title: z.string().trim().min(1, 'replyButtons.titleRequired'),
});
export type ReplyOption = z.infer<typeof replyOptionSchema>;

/** The options a message carries (stored in its payload as `replyButtons`). */
export const replyButtonsSchema = z.object({
  style: z.enum(REPLY_BUTTON_STYLES),
  /** The list's button text (WhatsApp lists). */
  listLabel: z.string().trim().max(REPLY_LIST_LABEL_MAX, 'replyButtons.listLabelTooLong').optional(),
  options: z.array(replyOptionSchema).min(1, 'replyButtons.optionsRequired'),
});
export type ReplyButtons = z.infer<typeof replyButtonsSchema>;

/** What the composer sends: the style and the titles (the server numbers the ids `reply:0`, `reply:1` …). */
export const replyButtonsInputSchema = z.object({
  style: z.enum(REPLY_BUTTON_STYLES).default('buttons'),
  listLabel: z.string().trim().max(REPLY_LIST_LABEL_MAX, 'replyButtons.listLabelTooLong').optional(),
  options: z
    .array(z.string().trim().min(1, 'replyButtons.titleRequired'))
    .min(1, 'replyButtons.optionsRequired')
    .max(13, 'replyButtons.tooMany'),
});
export type ReplyButtonsInput = z.input<typeof replyButtonsInputSchema>;

/** One refusal of a set of options on a channel: where, and the message key. */
export interface ReplyButtonsIssue {
  path: (string | number)[];
  key: ReplyButtonsMessageKey;
}

/** Every way the options break the channel's limits (empty: they can be sent as they are). */
export function replyButtonsIssues(
  channel: ChannelCode,
  buttons: { style: ReplyButtonStyle; listLabel?: string | undefined; options: readonly { title: string }[] },
  text?: string,
): ReplyButtonsIssue[] {
  const rule = replyButtonRuleOf(channel);
  if (!rule) return [{ path: [], key: 'replyButtons.notAllowed' }];
  if (!rule.styles.includes(buttons.style)) return [{ path: ['style'], key: 'replyButtons.styleNotAllowed' }];
  const issues: ReplyButtonsIssue[] = [];
  const max = rule.max[buttons.style] ?? 0;
  const titleMax = rule.titleMax[buttons.style] ?? 0;
  if (buttons.options.length === 0) issues.push({ path: ['options'], key: 'replyButtons.optionsRequired' });
  if (buttons.options.length > max) issues.push({ path: ['options'], key: 'replyButtons.tooMany' });
  const seen = new Set<string>();
  buttons.options.forEach((o, i) => {
    const title = o.title.trim();
    if (!title) issues.push({ path: ['options', i], key: 'replyButtons.titleRequired' });
    else if ([...title].length > titleMax)
      issues.push({ path: ['options', i], key: 'replyButtons.titleTooLong' });
    else if (seen.has(title.toLowerCase()))
      issues.push({ path: ['options', i], key: 'replyButtons.duplicate' });
    seen.add(title.toLowerCase());
  });
  if (rule.textMax && text && [...text].length > rule.textMax)
    issues.push({ path: ['text'], key: 'replyButtons.textTooLong' });
  if (buttons.style === 'list' && [...(buttons.listLabel ?? '')].length > REPLY_LIST_LABEL_MAX)
    issues.push({ path: ['listLabel'], key: 'replyButtons.listLabelTooLong' });
  return issues;
}

/**
 * The style a set of options gets on a channel when the sender leaves it open (the chatbot, the survey): a
 * list on WhatsApp past 3 options, else buttons; null when the channel cannot show that many (then the
 * numbered text is all the customer gets).
 */
export function replyStyleFor(
  channel: ChannelCode,
  options: readonly { title: string }[],
  preferred: ReplyButtonStyle = 'buttons',
): ReplyButtonStyle | null {
  const rule = replyButtonRuleOf(channel);
  if (!rule) return null;
  const fits = (style: ReplyButtonStyle) =>
    rule.styles.includes(style) && replyButtonsIssues(channel, { style, options }).length === 0;
  const order: ReplyButtonStyle[] = preferred === 'list' ? ['list', 'buttons'] : ['buttons', 'list'];
  return order.find(fits) ?? null;
}

/** The options stored on an outbound message (`payload.replyButtons`), if it carries valid ones. */
export function replyButtonsOf(payload: unknown): ReplyButtons | null {
  const raw = (payload as { replyButtons?: unknown } | null)?.replyButtons;
  const parsed = raw ? replyButtonsSchema.safeParse(raw) : null;
  return parsed?.success ? parsed.data : null;
}

/**
 * The option a customer tapped, from an inbound message's payload (`payload.reply`, which every connector
 * writes from its provider's shape: WhatsApp's `button_reply` / `list_reply`, Telegram's `callback_query`,
 * LINE's postback, Meta's `quick_reply`, Viber's reply with its `tracking_data`).
 */
export function tappedReplyOf(payload: unknown): ReplyOption | null {
  const reply = (payload as { reply?: unknown } | null)?.reply;
  const parsed = reply ? replyOptionSchema.safeParse(reply) : null;
  return parsed?.success ? parsed.data : null;
}

/** The options as a numbered text under the message (channels without reply buttons). */
export function numberedOptionsText(text: string, options: readonly { title: string }[]): string {
  if (options.length === 0) return text;
  return [text, '', ...options.map((o, i) => `${i + 1}. ${o.title}`)].join('\n');
}

/** LINE postback `data` (≤ 300): the option's id and title, as a query string as LINE's examples write it. */
export function linePostbackData(option: ReplyOption): string {
  return new URLSearchParams({ reply: option.id, title: option.title }).toString();
}

/** The option in a LINE postback's `data` (null: a postback Sapa did not send). */
export function linePostbackOption(data: string): ReplyOption | null {
  const params = new URLSearchParams(data);
  const id = params.get('reply');
  const title = params.get('title');
  return id && title ? { id, title } : null;
}

export const REPLY_BUTTON_MESSAGES = {
  'replyButtons.notAllowed': {
    en: 'This channel does not take reply buttons.',
    id: 'Channel ini tidak mendukung tombol balasan.',
  },
  'replyButtons.styleNotAllowed': {
    en: 'A list of choices can only be sent on WhatsApp.',
    id: 'Daftar pilihan hanya dapat dikirim di WhatsApp.',
  },
  'replyButtons.tooMany': {
    en: 'Too many choices for this channel.',
    id: 'Terlalu banyak pilihan untuk channel ini.',
  },
  'replyButtons.titleTooLong': {
    en: 'This choice is too long for this channel.',
    id: 'Pilihan ini terlalu panjang untuk channel ini.',
  },
  'replyButtons.titleRequired': { en: 'Fill in the choice.', id: 'Isi pilihan.' },
  'replyButtons.duplicate': {
    en: 'Each choice must be different.',
    id: 'Setiap pilihan harus berbeda.',
  },
  'replyButtons.optionsRequired': {
    en: 'Add at least one choice.',
    id: 'Tambahkan setidaknya satu pilihan.',
  },
  'replyButtons.listLabelTooLong': {
    en: 'The list button text is at most 20 characters.',
    id: 'Teks tombol daftar maksimal 20 karakter.',
  },
  'replyButtons.textTooLong': {
    en: 'A WhatsApp message with choices holds at most 1024 characters.',
    id: 'Pesan WhatsApp dengan pilihan maksimal 1024 karakter.',
  },
  'replyButtons.textRequired': {
    en: 'A message with choices needs a text.',
    id: 'Pesan dengan pilihan perlu teks.',
  },
} as const;
export type ReplyButtonsMessageKey = keyof typeof REPLY_BUTTON_MESSAGES;
