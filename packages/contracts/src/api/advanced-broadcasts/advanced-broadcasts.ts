import { z } from 'zod';
import type { MessageKey } from '../../messages.js';
import { defineEndpoint } from '../endpoint.js';

/**
 * Advanced broadcasts (001 §2 list with today's schedule and all, create or edit with criteria and schedule;
 * §3 name, template, recipient rules, schedule, status; §4 statuses, activate/deactivate, not editable, sync,
 * daily estimates; §5 rules; §8 messages). A template with contact variables goes, on a schedule, to every
 * contact that matches all the recipient rules.
 */

/** 001 §5, §9: name at most 30 characters and unique. */
export const ADVANCED_BROADCAST_NAME_MAX = 30;
/** Recipient rules of one advanced broadcast (Sapa's limit). */
export const ADVANCED_BROADCAST_RULES_MAX = 10;
/** Times are the business's wall clock: Asia/Jakarta (UTC+7, no daylight saving; 000 §1). */
export const ADVANCED_BROADCAST_UTC_OFFSET_MINUTES = 7 * 60;

/** 001 §4 advanced broadcast statuses: inactive, waiting to send, sent, failed, chat credits insufficient. */
export const ADVANCED_BROADCAST_STATUSES = [
  'inactive',
  'waiting',
  'sent',
  'failed',
  'credits_insufficient',
] as const;
export type AdvancedBroadcastStatus = (typeof ADVANCED_BROADCAST_STATUSES)[number];

// ---------------------------------------------------------------- recipient rules (001 §3, §5)

/** The contact variables a rule can test. */
export const RULE_VARIABLES = ['name', 'phone', 'email', 'group', 'tag', 'birthDate', 'createdAt'] as const;
export type RuleVariable = (typeof RULE_VARIABLES)[number];

export const RULE_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'starts_with',
  'is',
  'is_not',
  'on',
  'before',
  'after',
  'within_days',
] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

/** Which rules each variable takes, and what its value is. */
export const RULES_OF_VARIABLE: Record<RuleVariable, readonly RuleOperator[]> = {
  name: ['equals', 'not_equals', 'contains', 'starts_with'],
  phone: ['equals', 'starts_with', 'contains'],
  email: ['equals', 'not_equals', 'contains', 'starts_with'],
  /** value: a contact group's id. */
  group: ['is', 'is_not'],
  /** value: a contact tag's name. */
  tag: ['is', 'is_not'],
  /** value: YYYY-MM-DD. */
  birthDate: ['on', 'before', 'after'],
  /** value: YYYY-MM-DD, or a number of days for `within_days`. */
  createdAt: ['on', 'before', 'after', 'within_days'],
};

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCDate() === d && date.getUTCMonth() === m - 1;
}

export const recipientRuleSchema = z.object({
  variable: z.enum(RULE_VARIABLES, { error: 'validation.fieldRequired' }),
  rule: z.enum(RULE_OPERATORS, { error: 'validation.fieldRequired' }),
  value: z.string({ error: 'validation.fieldRequired' }).trim().min(1, 'validation.fieldRequired').max(100),
});
export type RecipientRule = z.infer<typeof recipientRuleSchema>;

/** The problem of one rule on its own (rule fits the variable, value of the right kind), or null. */
export function recipientRuleProblem(r: RecipientRule): MessageKey | null {
  if (!RULES_OF_VARIABLE[r.variable].includes(r.rule)) return 'advancedBroadcast.ruleNotForVariable';
  if (r.rule === 'within_days') {
    const n = Number(r.value);
    return /^\d+$/.test(r.value) && n >= 1 && n <= 3650 ? null : 'advancedBroadcast.valueNumber';
  }
  if (r.variable === 'birthDate' || r.variable === 'createdAt')
    return isIsoDate(r.value) ? null : 'advancedBroadcast.valueDate';
  if (r.variable === 'group') return UUID.test(r.value) ? null : 'validation.invalid';
  return null;
}

/** 001 §5: every rule complete and valid; the same variable and rule pair never twice. By rule index. */
export function recipientRulesProblems(
  rules: readonly RecipientRule[],
): { index: number; problem: MessageKey }[] {
  const problems: { index: number; problem: MessageKey }[] = [];
  const seen = new Set<string>();
  rules.forEach((r, index) => {
    const own = recipientRuleProblem(r);
    if (own) problems.push({ index, problem: own });
    const key = `${r.variable}:${r.rule}`;
    if (seen.has(key)) problems.push({ index, problem: 'advancedBroadcast.ruleDuplicate' });
    seen.add(key);
  });
  return problems;
}

// ---------------------------------------------------------------- schedule (001 §3, §4, §5)

export const SCHEDULE_FREQUENCIES = ['once', 'repeat'] as const;
export const SCHEDULE_INTERVAL_TYPES = ['daily', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];
export type ScheduleIntervalType = (typeof SCHEDULE_INTERVAL_TYPES)[number];

export const advancedBroadcastScheduleSchema = z
  .object({
    frequency: z.enum(SCHEDULE_FREQUENCIES, { error: 'validation.fieldRequired' }),
    /** Repeat only: every `interval` days, weeks or months. */
    intervalType: z
      .enum(SCHEDULE_INTERVAL_TYPES, { error: 'validation.fieldRequired' })
      .nullable()
      .default(null),
    interval: z.number().int().min(1, 'validation.invalid').max(365, 'validation.invalid').default(1),
    /** Weekly only: ISO weekdays, Monday 1 … Sunday 7. */
    days: z.array(z.number().int().min(1).max(7)).max(7).default([]),
    /** Once: the day it is sent; repeat: the first day (a monthly schedule repeats on its day of the month). */
    date: z.string({ error: 'validation.fieldRequired' }).refine(isIsoDate, 'advancedBroadcast.valueDate'),
    /** HH:mm, Asia/Jakarta. */
    time: z
      .string({ error: 'validation.fieldRequired' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.fieldRequired'),
    /** Repeat only: the last day it may be sent (none = until deactivated). */
    endDate: z.string().refine(isIsoDate, 'advancedBroadcast.valueDate').nullable().default(null),
  })
  .superRefine((s, ctx) => {
    if (s.frequency === 'repeat' && !s.intervalType)
      ctx.addIssue({ code: 'custom', path: ['intervalType'], message: 'validation.fieldRequired' });
    if (s.frequency === 'repeat' && s.intervalType === 'weekly' && s.days.length === 0)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'validation.fieldRequired' });
    if (s.endDate && s.endDate < s.date)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.invalid' });
  });
export type AdvancedBroadcastSchedule = z.output<typeof advancedBroadcastScheduleSchema>;

const MINUTE = 60_000;
const DAY_MINUTES = 1440;

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
const dayNumber = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / (DAY_MINUTES * MINUTE);
};
const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
/** The instant (epoch ms) of a local day at a local time in Asia/Jakarta. */
const instantOf = (day: number, minutes: number) =>
  (day * DAY_MINUTES + minutes - ADVANCED_BROADCAST_UTC_OFFSET_MINUTES) * MINUTE;
/** The local day (Asia/Jakarta) of an instant. */
export const localDayOf = (epochMs: number) =>
  Math.floor((epochMs / MINUTE + ADVANCED_BROADCAST_UTC_OFFSET_MINUTES) / DAY_MINUTES);
/** ISO weekday (Monday 1 … Sunday 7) of a day number (1970-01-01 was a Thursday). */
const weekdayOf = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;
/** The YYYY-MM-DD of a day number. */
export const isoOfDay = (day: number) => new Date(day * DAY_MINUTES * MINUTE).toISOString().slice(0, 10);

/** How far ahead a schedule is searched for its next sending (about 30 years). */
const SEARCH_DAYS = 11_000;

/**
 * The first sending strictly after `after` (epoch ms), or null when there is none (a one-time schedule that
 * passed, or a repeating one past its end date). Weekly schedules count weeks from the Monday of the week
 * of `date`; a monthly one on the 29th-31st goes out on the last day of shorter months.
 */
export function nextScheduledRun(s: AdvancedBroadcastSchedule, after: number): number | null {
  const start = dayNumber(s.date);
  const at = minutesOf(s.time);
  const end = s.endDate ? dayNumber(s.endDate) : Number.POSITIVE_INFINITY;
  if (s.frequency === 'once') {
    const t = instantOf(start, at);
    return t > after ? t : null;
  }
  const interval = Math.max(1, s.interval);
  if (s.intervalType === 'monthly') {
    const [y, m, d] = s.date.split('-').map(Number) as [number, number, number];
    for (let k = 0; k < 12 * 30; k += interval) {
      const monthIndex = m - 1 + k;
      const lastDay = new Date(Date.UTC(y, monthIndex + 1, 0)).getUTCDate();
      const day = Date.UTC(y, monthIndex, Math.min(d, lastDay)) / (DAY_MINUTES * MINUTE);
      if (day > end) return null;
      const t = instantOf(day, at);
      if (t > after) return t;
    }
    return null;
  }
  const from = Math.max(start, localDayOf(after));
  const startMonday = start - (weekdayOf(start) - 1);
  for (let day = from; day < from + SEARCH_DAYS; day++) {
    if (day > end) return null;
    if (s.intervalType === 'daily') {
      if ((day - start) % interval !== 0) continue;
    } else {
      if (!s.days.includes(weekdayOf(day))) continue;
      if (Math.floor((day - startMonday) / 7) % interval !== 0) continue;
    }
    const t = instantOf(day, at);
    if (t > after) return t;
  }
  return null;
}

/**
 * 001 §4 "One-time broadcasts and expired or past schedules cannot be edited": a one-time broadcast once it
 * was sent or its time passed, and a repeating one with no sending left.
 */
export function advancedBroadcastEditable(
  s: AdvancedBroadcastSchedule,
  state: { lastRunAt: number | null },
  now: number,
): boolean {
  if (s.frequency === 'once' && state.lastRunAt !== null) return false;
  return nextScheduledRun(s, now) !== null;
}

// ---------------------------------------------------------------- input and answers

export const advancedBroadcastInputSchema = z
  .object({
    name: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, 'validation.required')
      .max(ADVANCED_BROADCAST_NAME_MAX, 'validation.max30'),
    templateId: z.string('template.required').uuid('template.required'),
    channelAccountId: z.string('validation.fieldRequired').uuid('validation.fieldRequired'),
    rules: z
      .array(recipientRuleSchema)
      .min(1, 'advancedBroadcast.rulesRequired')
      .max(ADVANCED_BROADCAST_RULES_MAX, 'validation.invalid'),
    schedule: advancedBroadcastScheduleSchema,
  })
  .superRefine((b, ctx) => {
    for (const p of recipientRulesProblems(b.rules))
      ctx.addIssue({ code: 'custom', path: ['rules', p.index, 'rule'], message: p.problem });
  });
export type AdvancedBroadcastInput = z.input<typeof advancedBroadcastInputSchema>;
export type AdvancedBroadcastInputParsed = z.output<typeof advancedBroadcastInputSchema>;

export const advancedBroadcastSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  template: z.object({ id: z.string().uuid(), name: z.string(), language: z.string() }),
  channelAccountId: z.string().uuid(),
  rules: z.array(recipientRuleSchema),
  schedule: z.object({
    frequency: z.enum(SCHEDULE_FREQUENCIES),
    intervalType: z.enum(SCHEDULE_INTERVAL_TYPES).nullable(),
    interval: z.number().int(),
    days: z.array(z.number().int()),
    date: z.string(),
    time: z.string(),
    endDate: z.string().nullable(),
  }),
  status: z.enum(ADVANCED_BROADCAST_STATUSES),
  /** The next sending while active. */
  nextRunAt: z.number().nullable(),
  lastRunAt: z.number().nullable(),
  /** The broadcast its last sending created, when the broadcasts module made one. */
  lastBroadcastId: z.string().uuid().nullable(),
  /** Why the last sending failed (a message key). */
  lastError: z.string().nullable(),
  /** 001 §4: recipients matching the rules when last estimated (daily at 00:00 and on sync). */
  estimatedRecipients: z.number().int(),
  estimatedAt: z.number().nullable(),
  /** 001 §4 "A contact change prompts a sync update": contacts changed since the estimate. */
  syncNeeded: z.boolean(),
  /** 001 §4: false for a one-time broadcast that was sent or passed and for an expired schedule. */
  editable: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AdvancedBroadcast = z.infer<typeof advancedBroadcastSchema>;

export const eligibleContactSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  phone: z.string(),
});

export const advancedBroadcastEndpoints = {
  /** 001 §2 list: `today` (sendings due today, Asia/Jakarta) or `all`. */
  list: defineEndpoint({
    method: 'GET',
    path: '/api/advanced-broadcasts',
    query: z.object({
      view: z.enum(['today', 'all']).default('all'),
      search: z.string().trim().max(100).optional(),
    }),
    response: z.object({ items: z.array(advancedBroadcastSchema) }),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/advanced-broadcasts/:id',
    response: advancedBroadcastSchema,
  }),
  /** Saved inactive (001 §4 "A draft-saved broadcast is inactive"). */
  create: defineEndpoint({
    method: 'POST',
    path: '/api/advanced-broadcasts',
    body: advancedBroadcastInputSchema,
    response: advancedBroadcastSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/advanced-broadcasts/:id',
    body: advancedBroadcastInputSchema,
    response: advancedBroadcastSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/advanced-broadcasts/:id',
    response: z.object({ ok: z.literal(true) }),
  }),
  /** 001 §4: activating schedules sending. */
  activate: defineEndpoint({
    method: 'POST',
    path: '/api/advanced-broadcasts/:id/activate',
    response: advancedBroadcastSchema,
  }),
  /** 001 §4: deactivating cancels the schedule. */
  deactivate: defineEndpoint({
    method: 'POST',
    path: '/api/advanced-broadcasts/:id/deactivate',
    response: advancedBroadcastSchema,
  }),
  /** 001 §4 sync update: recounts the matching contacts now. */
  sync: defineEndpoint({
    method: 'POST',
    path: '/api/advanced-broadcasts/:id/sync',
    response: advancedBroadcastSchema,
  }),
  /** The number of contacts some rules select (the form shows it before saving). */
  estimate: defineEndpoint({
    method: 'POST',
    path: '/api/advanced-broadcasts/estimate',
    body: z
      .object({
        rules: z
          .array(recipientRuleSchema)
          .min(1, 'advancedBroadcast.rulesRequired')
          .max(ADVANCED_BROADCAST_RULES_MAX),
      })
      .superRefine((b, ctx) => {
        for (const p of recipientRulesProblems(b.rules))
          ctx.addIssue({ code: 'custom', path: ['rules', p.index, 'rule'], message: p.problem });
      }),
    response: z.object({ recipients: z.number().int() }),
  }),
  /** 001 §8 "eligible contacts": the first contacts the rules select, with the total. */
  contacts: defineEndpoint({
    method: 'GET',
    path: '/api/advanced-broadcasts/:id/contacts',
    response: z.object({ items: z.array(eligibleContactSchema), total: z.number().int() }),
  }),
} as const;
