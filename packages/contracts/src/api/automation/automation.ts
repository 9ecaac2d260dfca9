import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { DAY_MODES } from './schedule.js';

/**
 * Business settings and automatic chat (001 §2 business settings tabs; §3 business profile, auto-chat settings
 * per day; §4 features off on free status or insufficient credits, chatbot and automatic chat exclusive).
 * Served by the server's `automation` module; guarded by SETTING_STORE.
 */

/** 001 §3 "business field (count limited)"; 001 §5 industry ≤ 3. */
export const BUSINESS_FIELD_MAX = 3;
export const BUSINESS_MODES = ['RESTAURANT', 'ONLINE_SHOP'] as const;
export type BusinessMode = (typeof BUSINESS_MODES)[number];
/** The business fields a business picks from (at most three), in business settings and at sign-up. */
export const BUSINESS_FIELDS = [
  'FASHION',
  'FOOD_BEVERAGE',
  'HEALTH_BEAUTY',
  'ELECTRONICS',
  'HOUSEHOLD',
  'AUTOMOTIVE',
  'EDUCATION',
  'SERVICES',
  'HOBBY_TOYS',
  'TRAVEL',
  'OTHER',
] as const;
export const BUSINESS_TYPES = ['INDIVIDUAL', 'COMPANY'] as const;
export const BUSINESS_SERVICES = ['PRODUCTS', 'SERVICES', 'BOTH'] as const;

/** Longest automatic message: WhatsApp's text body limit. */
export const AUTO_MESSAGE_MAX = 4096;
/** Delays are whole minutes: at least 1, at most a week. */
export const AUTO_DELAY_MAX_MINUTES = 7 * 24 * 60;

const text = (max: number) => z.string().trim().max(max, 'automation.tooLong');
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'automation.timeInvalid');
const message = text(AUTO_MESSAGE_MAX);
const delay = z
  .number({ error: 'automation.delayInvalid' })
  .int('automation.delayInvalid')
  .min(1, 'automation.delayInvalid')
  .max(AUTO_DELAY_MAX_MINUTES, 'automation.delayInvalid');

export const businessProfileSchema = z.object({
  name: z.string().trim().min(1, 'validation.fieldRequired').max(100, 'automation.tooLong'),
  address: text(500),
  businessFields: z
    .array(z.enum(BUSINESS_FIELDS))
    .max(BUSINESS_FIELD_MAX, 'automation.businessFieldMax')
    .refine((a) => new Set(a).size === a.length, 'validation.invalid'),
  businessType: z.enum(BUSINESS_TYPES).nullable(),
  service: z.enum(BUSINESS_SERVICES).nullable(),
  mode: z.enum(BUSINESS_MODES),
  contactPhone: z
    .string()
    .trim()
    .regex(/^(\+?\d{8,15})?$/, 'automation.phoneInvalid'),
  contactEmail: z.union([z.literal(''), z.string().trim().email('validation.email')]),
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;

/** One weekday of the automatic chat (001 §3): hours or 24 hours or closed, and its two greetings. */
export const autoChatDaySchema = z.object({
  day: z.number().int().min(0).max(6),
  mode: z.enum(DAY_MODES),
  open: time,
  close: time,
  inHoursMessage: message,
  outOfHoursMessage: message,
});
export type AutoChatDay = z.infer<typeof autoChatDaySchema>;

export const holidaySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'automation.dateInvalid'),
  name: text(100),
});

export const autoChatSettingsSchema = z
  .object({
    /** Automatic chat on or off (001 §4: exclusive with the chatbot). */
    enabled: z.boolean(),
    /** The seven days, Sunday first. */
    days: z.array(autoChatDaySchema).length(7, 'validation.invalid'),
    applyToAllDays: z.boolean(),
    holidays: z.array(holidaySchema).max(100, 'validation.invalid'),
    /** Greet a customer at most once a WIB day (otherwise once per chat). */
    showOncePerDay: z.boolean(),
    followUp: z.object({ enabled: z.boolean(), message, delayMinutes: delay }),
    autoClose: z.object({ enabled: z.boolean(), message, description: text(500), delayMinutes: delay }),
    survey: z.object({
      enabled: z.boolean(),
      /** The question sent on resolve; the rating options follow it. */
      template: message,
      /** Sent after the customer rates. */
      thanks: message,
      /**
       * How WhatsApp asks (reply buttons hold 3 choices, a list 10): `buttons` — 3 choices (happy 5, neutral 3,
       * unhappy 1) — or `list` — the 5 ratings. Other channels with reply buttons show the 5 ratings as their
       * buttons; the live-chat widget shows stars; the rest a numbered reply.
       */
      style: z.enum(['buttons', 'list']).default('list'),
    }),
  })
  .superRefine((s, ctx) => {
    const days = new Set(s.days.map((d) => d.day));
    if (days.size !== 7) ctx.addIssue({ code: 'custom', path: ['days'], message: 'validation.invalid' });
    if (s.followUp.enabled && !s.followUp.message)
      ctx.addIssue({ code: 'custom', path: ['followUp', 'message'], message: 'validation.fieldRequired' });
    if (s.autoClose.enabled && !s.autoClose.message)
      ctx.addIssue({ code: 'custom', path: ['autoClose', 'message'], message: 'validation.fieldRequired' });
    if (s.survey.enabled && !s.survey.template)
      ctx.addIssue({ code: 'custom', path: ['survey', 'template'], message: 'validation.fieldRequired' });
  });
export type AutoChatSettings = z.infer<typeof autoChatSettingsSchema>;

/** What the settings page shows beside the form: whether auto close can run for this business now. */
export const autoChatStateSchema = z.object({
  settings: autoChatSettingsSchema,
  /** 001 §4: auto close is off on free status or with insufficient credits. */
  autoCloseAvailable: z.boolean(),
  autoCloseBlockedBy: z.enum(['free', 'credits']).nullable(),
});
export type AutoChatState = z.infer<typeof autoChatStateSchema>;

/** Survey ratings: 1 (very unhappy) … 5 (very happy). */
export const SURVEY_SCALE = [1, 2, 3, 4, 5] as const;
export type SurveyStyle = 'buttons' | 'list';

/** The rating options a survey offers (id `survey:<rating>`), best first; titles fit every channel's limits. */
export const SURVEY_OPTIONS = {
  list: [
    { id: 'survey:5', title: '😄 Sangat baik', rating: 5 },
    { id: 'survey:4', title: '🙂 Baik', rating: 4 },
    { id: 'survey:3', title: '😐 Cukup', rating: 3 },
    { id: 'survey:2', title: '🙁 Buruk', rating: 2 },
    { id: 'survey:1', title: '😞 Sangat buruk', rating: 1 },
  ],
  buttons: [
    { id: 'survey:5', title: '😄 Puas', rating: 5 },
    { id: 'survey:3', title: '😐 Biasa', rating: 3 },
    { id: 'survey:1', title: '😞 Kecewa', rating: 1 },
  ],
} as const satisfies Record<SurveyStyle, readonly { id: string; title: string; rating: number }[]>;

/** The rating an option id names (`survey:4` → 4), else null. */
export function surveyRatingOf(optionId: string): number | null {
  const match = /^survey:([1-5])$/.exec(optionId);
  return match ? Number(match[1]) : null;
}
export const SURVEY_COMMENT_MAX = 500;

/** Why an automatic message was not sent (kept in the automation log). */
export const AUTO_SKIP_REASONS = ['outsideWindow', 'ticketClosed', 'unavailable'] as const;

/** The longest survey remark. */
export const SURVEY_REMARKS_MAX = 500;
export const surveyRemarksSchema = z.object({ remarks: text(SURVEY_REMARKS_MAX) });
export type SurveyRemarks = z.infer<typeof surveyRemarksSchema>;

export const automationEndpoints = {
  getProfile: defineEndpoint({
    method: 'GET',
    path: '/api/settings/store/profile',
    response: businessProfileSchema,
  }),
  updateProfile: defineEndpoint({
    method: 'PUT',
    path: '/api/settings/store/profile',
    body: businessProfileSchema,
    response: businessProfileSchema,
  }),
  getAutoChat: defineEndpoint({
    method: 'GET',
    path: '/api/settings/store/auto-chat',
    response: autoChatStateSchema,
  }),
  updateAutoChat: defineEndpoint({
    method: 'PUT',
    path: '/api/settings/store/auto-chat',
    body: autoChatSettingsSchema,
    response: autoChatStateSchema,
  }),
  /** 001 §3 survey rating "remarks": an agent's note on a chat's survey (ticket-scoped: who sees the chat). */
  saveSurveyRemarks: defineEndpoint({
    method: 'PUT',
    path: '/api/tickets/:id/survey/remarks',
    body: surveyRemarksSchema,
    response: surveyRemarksSchema,
  }),
} as const;

export const AUTOMATION_MESSAGES = {
  'automation.tooLong': { en: 'The text is too long.', id: 'Teks terlalu panjang.' },
  'automation.timeInvalid': { en: 'Use the time format HH:mm.', id: 'Gunakan format jam HH:mm.' },
  'automation.dateInvalid': {
    en: 'Use the date format YYYY-MM-DD.',
    id: 'Gunakan format tanggal YYYY-MM-DD.',
  },
  'automation.delayInvalid': {
    en: 'The delay must be a whole number of minutes from 1 to 10080.',
    id: 'Jeda harus bilangan menit bulat dari 1 sampai 10080.',
  },
  'automation.businessFieldMax': {
    en: 'Choose at most 3 business fields.',
    id: 'Pilih maksimal 3 bidang usaha.',
  },
  'automation.phoneInvalid': {
    en: 'Enter a phone number of 8 to 15 digits.',
    id: 'Masukkan nomor telepon 8 sampai 15 digit.',
  },
  'automation.noSurvey': {
    en: 'This chat has no satisfaction survey.',
    id: 'Chat ini tidak memiliki survei kepuasan.',
  },
  'automation.followUpFailed': {
    en: 'Failed to update follow-up chat.',
    id: 'Gagal memperbarui follow up chat.',
  },
} as const;
