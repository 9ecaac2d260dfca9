import { z } from 'zod';
import { EMAIL_SUBJECT_MAX } from '../../constants.js';
import type { MessageKey } from '../../messages.js';
import { normalisePhone, PHONE_RULES } from '../../phone.js';
import { creditsOf, FOLLOW_UP_CHAT_CREDITS } from '../../pricing.js';
import { messageSchema, ticketSummarySchema } from '../conversations/conversations.js';
import { defineEndpoint } from '../endpoint.js';
import { timeTrackingInputSchema } from '../ticket-forms/ticket-forms.js';

/**
 * WhatsApp message templates as the inbox uses them (000 §2 follow-up chat template and new message;
 * 001 §3 templates, §4 template review). Template management and broadcasts extend this file.
 */

/** 001 §9: a follow-up chat costs 511.5 credits per contact, including 11% VAT (`pricing.ts`). */
export const FOLLOW_UP_CHAT_COST = creditsOf(FOLLOW_UP_CHAT_CREDITS);
/** A new message is a template opening a chat, priced like a follow-up (001 §9 gives one figure). */
export const NEW_MESSAGE_COST = FOLLOW_UP_CHAT_COST;
/** 000 §5, 001 §5 New message: phone 9-13 digits. */
export const NEW_MESSAGE_PHONE_DIGITS = PHONE_RULES.newChat.digits;

/** Which inbox action a template is offered for. */
export const templateUsageSchema = z.enum(['follow_up', 'new_message']);
export type TemplateUsage = z.infer<typeof templateUsageSchema>;

/** Contact fields a contact-variable template can be filled from (001 §3 contact custom variables). */
export const TEMPLATE_CONTACT_FIELDS = ['name', 'phone', 'email'] as const;
export type TemplateContactField = (typeof TEMPLATE_CONTACT_FIELDS)[number];

export const templateVariableSchema = z.object({
  name: z.string(),
  sample: z.string(),
  /** A contact field that fills it, or null for a value the agent types. */
  contactField: z.string().nullable(),
});
export type TemplateVariable = z.infer<typeof templateVariableSchema>;

export const templateSchema = z.object({
  id: z.string().uuid(),
  channelAccountId: z.string().uuid().nullable(),
  name: z.string(),
  language: z.string(),
  /** AUTHENTICATION, UTILITY or MARKETING. */
  category: z.string(),
  headerText: z.string().nullable(),
  /** The body with `{{1}}`, `{{2}}` … placeholders, one per variable in order. */
  body: z.string(),
  footer: z.string().nullable(),
  variables: z.array(templateVariableSchema),
  isFollowUp: z.boolean(),
  isNewMessage: z.boolean(),
});
export type Template = z.infer<typeof templateSchema>;

/** Values typed by the agent, one per variable in order; an empty one is filled from the contact. */
const variableValues = z.array(z.string().trim().max(1024)).max(20).default([]);

/**
 * 001 §5 New message: 9-13 digits in the form 628xxx or 08xxx, read by the product's phone rule
 * (`phone.ts`). Returns the number as WhatsApp knows it (628…), or null when it is not one.
 */
export function normaliseNewMessagePhone(input: string): string | null {
  return normalisePhone(input, 'newChat');
}

/** The template body with `{{n}}` replaced by the n-th value (a missing value keeps its placeholder). */
export function renderTemplateBody(body: string, values: readonly string[]): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => {
    const value = values[Number(n) - 1];
    return value === undefined || value === '' ? whole : value;
  });
}

/**
 * The value of each variable: the agent's, else the contact's field (000 §2 follow-up template; 001 §3
 * contact variables). An empty string means the variable is still missing.
 */
export function templateValuesOf(
  variables: readonly TemplateVariable[],
  typed: readonly string[],
  contact: Partial<Record<TemplateContactField, string | null>>,
): string[] {
  return variables.map((v, i) => {
    const own = typed[i]?.trim();
    if (own) return own;
    const field = v.contactField as TemplateContactField | null;
    return (field && contact[field]?.trim()) || '';
  });
}

export const templateEndpoints = {
  /** Approved, not deleted templates offered for an inbox action (001 §4: rejected ones never). */
  list: defineEndpoint({
    method: 'GET',
    path: '/api/templates',
    query: z.object({
      usage: templateUsageSchema,
      channelAccountId: z.string().uuid().optional(),
    }),
    response: z.object({ items: z.array(templateSchema) }),
  }),
  /** 000 §2, §4: on an expired WhatsApp chat, a follow-up template (charged, 001 §9). */
  followUp: defineEndpoint({
    method: 'POST',
    path: '/api/tickets/:id/follow-up',
    body: z.object({
      templateId: z.string('template.followUpRequired').uuid('template.followUpRequired'),
      variables: variableValues,
      /** Idempotency key: a retried request never sends or charges twice. */
      clientMessageId: z.string().uuid(),
    }),
    response: messageSchema,
  }),
  /**
   * 000 §2 new chat window; 000 §7 POST chatRoom. WhatsApp: a 628/08 number and a new-message template,
   * charged and sent. Other channels: the ticket is created without sending.
   */
  newChat: defineEndpoint({
    method: 'POST',
    path: '/api/inbox/new-chat',
    body: z.object({
      channelAccountId: z.string('newChat.accountRequired').uuid('newChat.accountRequired'),
      recipient: z.string().trim().max(100).default(''),
      templateId: z.string().uuid('template.required').optional(),
      variables: variableValues,
      clientMessageId: z.string().uuid(),
      /** 000 §2 new chat window on email: the subject (001 §9: 60) and the first email's text. */
      subject: z.string().trim().max(EMAIL_SUBJECT_MAX, 'email.subjectMax').optional(),
      text: z.string().trim().max(4096).optional(),
      /** 000 §3 time tracker: the time spent creating the chat, recorded as `create_ticket` on it. */
      timeTracking: timeTrackingInputSchema.optional(),
    }),
    response: z.object({ ticket: ticketSummarySchema, message: messageSchema.nullable() }),
  }),
} as const;

// ---------------------------------------------------------------------------------------------------------
// Template management (001 §2 template tab, §3 templates, §4 template review, §5 templates, §8, §9)
// ---------------------------------------------------------------------------------------------------------

/** 001 §5, §9: template name and header text at most 150, body at most 1024, button text at most 25. */
export const TEMPLATE_NAME_MAX = 150;
export const TEMPLATE_HEADER_TEXT_MAX = 150;
export const TEMPLATE_BODY_MAX = 1024;
export const TEMPLATE_BUTTON_TEXT_MAX = 25;
/** WhatsApp's own limits (developers.facebook.com templates/components): footer 60, 10 buttons. */
export const TEMPLATE_FOOTER_MAX = 60;
export const TEMPLATE_BUTTONS_MAX = 10;
/** Sapa's limit on variables of one template (WhatsApp gives none; 20 keeps the send form usable). */
export const TEMPLATE_VARIABLES_MAX = 20;
/** 001 §4, §9: a deleted template's name cannot be used again for 30 days. */
export const TEMPLATE_NAME_BLOCK_DAYS = 30;
/** WhatsApp's name format: lowercase letters, digits and underscores. */
export const TEMPLATE_NAME_PATTERN = /^[a-z0-9_]+$/;

/** 001 §3 category; the subcategories are WhatsApp Manager's (the spec names none). */
export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export const TEMPLATE_SUBCATEGORIES = {
  MARKETING: ['custom', 'catalogue', 'flows', 'call_permission_request'],
  UTILITY: ['custom', 'flows', 'order_details', 'order_status'],
  AUTHENTICATION: ['one_time_passcode'],
} as const satisfies Record<TemplateCategory, readonly string[]>;

/** Languages offered by the form (WhatsApp language codes). */
export const TEMPLATE_LANGUAGES = ['id', 'en', 'en_US', 'en_GB', 'ms'] as const;

/** 001 §3 header type. */
export const TEMPLATE_HEADER_TYPES = ['none', 'text', 'image', 'video', 'document'] as const;
export type TemplateHeaderType = (typeof TEMPLATE_HEADER_TYPES)[number];

/** 001 §3 template types. */
export const TEMPLATE_TYPES = ['static', 'contact_variables', 'manual_variables'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/**
 * 001 §4 review outcome, WhatsApp's statuses in lower case (reference/channel-protocols.md §1g). `pending`
 * is "pending verification"; `rejected` covers declined.
 */
export const TEMPLATE_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'paused',
  'disabled',
  'in_appeal',
  'pending_deletion',
  'deleted',
  'limit_exceeded',
  'archived',
  'flagged',
  'reinstated',
  'locked',
] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/** A provider status or event (`APPROVED`, `REJECTED` …) as Sapa stores it; unknown ones are kept lower-cased. */
export function templateStatusOf(providerStatus: string): string {
  return providerStatus.trim().toLowerCase() || 'pending';
}

/** 001 §5 header media: image png/jpeg/bmp at most 5 MB and 500×500; video mp4/avi/mkv/3gp 16 MB; document 100 MB. */
export const TEMPLATE_MEDIA_LIMITS = {
  image: { mimes: ['image/png', 'image/jpeg', 'image/bmp'], maxBytes: 5 * 1024 * 1024, maxSide: 500 },
  video: {
    mimes: ['video/mp4', 'video/x-msvideo', 'video/avi', 'video/x-matroska', 'video/3gpp'],
    maxBytes: 16 * 1024 * 1024,
    maxSide: null,
  },
  document: { mimes: null, maxBytes: 100 * 1024 * 1024, maxSide: null },
} as const;

/** The problem of a header file chosen for a media header, or null when it is within 001 §5's limits. */
export function templateHeaderFileProblem(
  kind: 'image' | 'video' | 'document',
  file: { mime: string; size: number; width?: number | undefined; height?: number | undefined },
): 'template.mediaType' | 'template.mediaTooLarge' | 'template.imageSize' | null {
  const limit = TEMPLATE_MEDIA_LIMITS[kind];
  if (limit.mimes && !(limit.mimes as readonly string[]).includes(file.mime)) return 'template.mediaType';
  if (file.size > limit.maxBytes) return 'template.mediaTooLarge';
  if (limit.maxSide && ((file.width ?? 0) > limit.maxSide || (file.height ?? 0) > limit.maxSide))
    return 'template.imageSize';
  return null;
}

export const templateButtonSchema = z.object({
  type: z.enum(['QUICK_REPLY', 'PHONE_NUMBER', 'URL']),
  text: z.string().trim(),
  phoneNumber: z.string().trim().optional(),
  url: z.string().trim().optional(),
});
export type TemplateButtonInput = z.infer<typeof templateButtonSchema>;

export const templateVariableInputSchema = z.object({
  name: z.string().trim(),
  sample: z.string().trim(),
  contactField: z.enum(TEMPLATE_CONTACT_FIELDS).nullable().default(null),
});

/** The placeholders of a text in order of appearance: `{{1}}` → '1', `{{nama}}` → 'nama' (raw inside). */
export function templatePlaceholders(text: string): string[] {
  return [...text.matchAll(/\{\{([^{}]*)\}\}/g)].map((m) => m[1]!.trim());
}

/** 001 §5 "no special characters": letters, digits and underscores. */
export const TEMPLATE_VARIABLE_NAME_PATTERN = /^[A-Za-z0-9_]+$/;

/**
 * The body with named placeholders (`{{nama}}`) turned into positional ones (`{{1}}`) by the order of the
 * variables, so that stored and sent templates are always positional. Positional bodies come back as is.
 */
export function positionalTemplateBody(body: string, variables: readonly { name: string }[]): string {
  return body.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (whole, name: string) => {
    const i = variables.findIndex((v) => v.name === name);
    return i < 0 ? whole : `{{${i + 1}}}`;
  });
}

const PHONE_BUTTON = /^62\d{7,11}$/;
const WA_ME = /^https?:\/\/(www\.)?(wa\.me|api\.whatsapp\.com|whatsapp\.com)\b/i;

type Issue = { path: (string | number)[]; message: MessageKey };

/**
 * Every 001 §5 rule on a template input, each problem as a message key at its field path (the form shows
 * them under the fields; the server answers them as 400 `fields`).
 */
export function templateInputProblems(t: z.output<typeof templateInputShape>): Issue[] {
  const issues: Issue[] = [];
  const add = (path: (string | number)[], message: MessageKey) => issues.push({ path, message });

  if (!t.name) add(['name'], 'template.nameRequired');
  else if (t.name.length > TEMPLATE_NAME_MAX) add(['name'], 'validation.max150');
  else if (!TEMPLATE_NAME_PATTERN.test(t.name)) add(['name'], 'template.nameFormat');

  if (!t.category) add(['category'], 'template.categoryRequired');
  else if (
    t.subCategory &&
    !(TEMPLATE_SUBCATEGORIES[t.category] as readonly string[]).includes(t.subCategory)
  )
    add(['subCategory'], 'template.subCategoryInvalid');

  if (t.headerType === 'text') {
    if (!t.headerText) add(['headerText'], 'template.headerTextRequired');
    else if (t.headerText.length > TEMPLATE_HEADER_TEXT_MAX) add(['headerText'], 'validation.max150');
    else if (templatePlaceholders(t.headerText).length) add(['headerText'], 'template.headerNoVariables');
  } else if (t.headerType !== 'none') {
    if (!t.headerMediaUrl) add(['headerMediaUrl'], 'template.mediaRequired');
    else if (!/^https?:\/\/\S+$/i.test(t.headerMediaUrl)) add(['headerMediaUrl'], 'template.buttonUrl');
  }

  if (!t.body) add(['body'], 'template.bodyRequired');
  else if (t.body.length > TEMPLATE_BODY_MAX) add(['body'], 'template.bodyMax');
  if ((t.footer ?? '').length > TEMPLATE_FOOTER_MAX) add(['footer'], 'template.footerMax');

  // Variables: each named without special characters, each with a sample, each used in the body.
  const names = new Set<string>();
  t.variables.forEach((v, i) => {
    if (!v.name) add(['variables', i, 'name'], 'template.variableNameRequired');
    else if (!TEMPLATE_VARIABLE_NAME_PATTERN.test(v.name))
      add(['variables', i, 'name'], 'template.variableName');
    else if (names.has(v.name)) add(['variables', i, 'name'], 'template.variableDuplicate');
    names.add(v.name);
    if (!v.sample) add(['variables', i, 'sample'], 'template.sampleRequired');
  });
  const placeholders = templatePlaceholders(t.body);
  const bad = placeholders.find((p) => !TEMPLATE_VARIABLE_NAME_PATTERN.test(p));
  if (bad !== undefined) add(['body'], 'template.variableName');
  else if (t.body) {
    const positional = positionalTemplateBody(t.body, t.variables);
    const used = templatePlaceholders(positional);
    const expected = t.variables.map((_, i) => String(i + 1));
    const distinct = [...new Set(used)].sort((a, b) => Number(a) - Number(b));
    if (distinct.length !== expected.length || distinct.some((u, i) => u !== expected[i]))
      add(['body'], 'template.variablesMismatch');
  }

  // 001 §3 template types: static has none; contact variables are all filled from contact fields.
  if (t.templateType === 'static' && t.variables.length) add(['templateType'], 'template.staticNoVariables');
  if (t.templateType !== 'static' && !t.variables.length)
    add(['templateType'], 'template.typeNeedsVariables');
  if (t.templateType === 'contact_variables')
    t.variables.forEach((v, i) => {
      if (!v.contactField) add(['variables', i, 'contactField'], 'template.contactFieldRequired');
    });
  // 001 §4: a variable template cannot be a new message.
  if (t.isNewMessage && t.variables.length) add(['isNewMessage'], 'template.newMessageVariables');

  // Buttons: text required, at most 25, no duplicates; call 62 + 9-13 digits; website http(s), no wa.me, no duplicate URL.
  const texts = new Set<string>();
  const urls = new Set<string>();
  t.buttons.forEach((b, i) => {
    if (!b.text) add(['buttons', i, 'text'], 'template.buttonTextRequired');
    else if (b.text.length > TEMPLATE_BUTTON_TEXT_MAX) add(['buttons', i, 'text'], 'template.buttonTextMax');
    else if (texts.has(b.text.toLowerCase())) add(['buttons', i, 'text'], 'template.buttonTextDuplicate');
    texts.add(b.text.toLowerCase());
    if (b.type === 'PHONE_NUMBER') {
      const phone = (b.phoneNumber ?? '').replace(/^\+/, '');
      if (!phone) add(['buttons', i, 'phoneNumber'], 'template.buttonPhoneRequired');
      else if (!PHONE_BUTTON.test(phone)) add(['buttons', i, 'phoneNumber'], 'template.buttonPhone');
    }
    if (b.type === 'URL') {
      const url = b.url ?? '';
      if (!url) add(['buttons', i, 'url'], 'template.buttonUrlRequired');
      else if (!/^https?:\/\/[^\s/]+\.\S*$/i.test(url)) add(['buttons', i, 'url'], 'template.buttonUrl');
      else if (WA_ME.test(url)) add(['buttons', i, 'url'], 'template.buttonWaMe');
      else if (urls.has(url.toLowerCase())) add(['buttons', i, 'url'], 'template.buttonUrlDuplicate');
      urls.add(url.toLowerCase());
    }
  });
  return issues;
}

const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((v) => v || null);

const templateInputShape = z.object({
  channelAccountId: z.string('template.accountRequired').uuid('template.accountRequired'),
  name: z.string().trim().default(''),
  language: z.enum(TEMPLATE_LANGUAGES, 'template.languageRequired'),
  category: z.enum(TEMPLATE_CATEGORIES, 'template.categoryRequired'),
  subCategory: optionalText,
  headerType: z.enum(TEMPLATE_HEADER_TYPES).default('none'),
  headerText: optionalText,
  headerMediaUrl: optionalText,
  body: z.string().trim().default(''),
  footer: optionalText,
  variables: z.array(templateVariableInputSchema).max(TEMPLATE_VARIABLES_MAX).default([]),
  buttons: z.array(templateButtonSchema).max(TEMPLATE_BUTTONS_MAX, 'template.buttonsMax').default([]),
  templateType: z.enum(TEMPLATE_TYPES).default('static'),
  isFollowUp: z.boolean().default(false),
  isNewMessage: z.boolean().default(false),
});

/** Create or edit a WhatsApp template: the shape, then every 001 §5 rule (`templateInputProblems`). */
export const templateInputSchema = templateInputShape.superRefine((t, ctx) => {
  for (const issue of templateInputProblems(t))
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});
export type TemplateInput = z.input<typeof templateInputSchema>;
export type TemplateInputParsed = z.output<typeof templateInputSchema>;

/** A template as the template pages show it (the inbox's `templateSchema` plus management fields). */
export const managedTemplateSchema = templateSchema.extend({
  subCategory: z.string().nullable(),
  /** The category Sapa submitted, when the provider changed it (001 §4 "category may be adjusted"). */
  previousCategory: z.string().nullable(),
  headerType: z.enum(TEMPLATE_HEADER_TYPES),
  headerMediaUrl: z.string().nullable(),
  buttons: z.array(templateButtonSchema),
  templateType: z.string(),
  /** One of TEMPLATE_STATUSES (or a newer provider status, lower-cased). */
  status: z.string(),
  rejectionReason: z.string().nullable(),
  providerTemplateId: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ManagedTemplate = z.infer<typeof managedTemplateSchema>;

/** Per-campaign totals of a template broadcast (the broadcast's own counts). */
export const templateInsightTotalsSchema = z.object({
  recipients: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
});
export type TemplateInsightTotals = z.infer<typeof templateInsightTotalsSchema>;

/** Percentages of the recipients, one decimal: delivered, read and failed (0 with no recipients). */
export function templateInsightRates(t: TemplateInsightTotals) {
  const pct = (n: number) => (t.recipients > 0 ? Math.round((n / t.recipients) * 1000) / 10 : 0);
  return { delivered: pct(t.delivered), read: pct(t.read), failed: pct(t.failed) };
}

/** 001 §2 template insight (/template/insight/:campaignId): how one campaign's template messages did. */
export const templateInsightSchema = z.object({
  campaignId: z.string().uuid(),
  campaignCode: z.string(),
  status: z.string(),
  template: z.object({ id: z.string().uuid(), name: z.string(), language: z.string() }),
  category: z.string(),
  subCategory: z.string().nullable(),
  startedAt: z.number().nullable(),
  totals: templateInsightTotalsSchema,
  rates: z.object({ delivered: z.number(), read: z.number(), failed: z.number() }),
});
export type TemplateInsight = z.infer<typeof templateInsightSchema>;

/** 001 §2 /template/whatsapp (WHATSAPP_TEMPLATE): list, create, edit, delete, sync with the provider. */
export const templateManagementEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/whatsapp-templates',
    query: z.object({
      search: z.string().trim().max(150).optional(),
      status: z.string().max(30).optional(),
    }),
    response: z.object({ items: z.array(managedTemplateSchema) }),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/whatsapp-templates/:id',
    response: managedTemplateSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/whatsapp-templates',
    body: templateInputSchema,
    response: managedTemplateSchema,
  }),
  /** Name, language and account are fixed once submitted (WhatsApp edits content and category only). */
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/whatsapp-templates/:id',
    body: templateInputSchema,
    response: managedTemplateSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/whatsapp-templates/:id',
    response: z.object({ ok: z.literal(true) }),
  }),
  /** 001 §2 template insight of one campaign (a WhatsApp broadcast, by its id). */
  insight: defineEndpoint({
    method: 'GET',
    path: '/api/whatsapp-templates/insight',
    query: z.object({ campaignId: z.string().uuid() }),
    response: templateInsightSchema,
  }),
  /** Pulls every account's template list from the provider: statuses, categories, templates made elsewhere. */
  sync: defineEndpoint({
    method: 'POST',
    path: '/api/whatsapp-templates/sync',
    response: z.object({ created: z.number().int(), updated: z.number().int() }),
  }),
} as const;
