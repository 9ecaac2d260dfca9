import { z } from 'zod';
import type { MessageKey } from '../../messages.js';
import { prioritySchema } from '../conversations/conversations.js';
import { defineEndpoint } from '../endpoint.js';

/** 000 §3 ticket form state, custom fields; §7 ticket-form/list, ticket-form/{id}, fields, fields/{fieldId}. */
export const TICKET_FIELD_TYPES = ['text', 'number', 'date', 'select', 'multi-select', 'checkbox'] as const;
export type TicketFieldType = (typeof TICKET_FIELD_TYPES)[number];
/** Sapa's limits (the spec gives none). */
export const TICKET_FORM_TITLE_MAX = 50;
export const TICKET_FIELD_OPTIONS_MAX = 50;
export const TICKET_FORM_FIELDS_MAX = 30;
export const TICKET_FIELD_TEXT_MAX = 1000;
export const EMAIL_CC_MAX = 20;

/** A field's value: text and date (YYYY-MM-DD) are strings, number a number, checkbox a boolean. */
export const ticketFieldValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.null(),
]);
export type TicketFieldValue = z.infer<typeof ticketFieldValueSchema>;

const titleSchema = z
  .string({ error: 'validation.fieldRequired' })
  .trim()
  .min(1, 'validation.fieldRequired')
  .max(TICKET_FORM_TITLE_MAX, 'validation.max50');

export const ticketFieldSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  type: z.enum(TICKET_FIELD_TYPES),
  options: z.array(z.string()),
});
export type TicketField = z.infer<typeof ticketFieldSchema>;

const needsOptions = (type: TicketFieldType) => type === 'select' || type === 'multi-select';

export const ticketFieldInputSchema = z
  .object({
    title: titleSchema,
    type: z.enum(TICKET_FIELD_TYPES, { error: 'validation.invalid' }),
    options: z
      .array(
        z.string().trim().min(1, 'validation.fieldRequired').max(TICKET_FORM_TITLE_MAX, 'validation.max50'),
      )
      .max(TICKET_FIELD_OPTIONS_MAX, 'ticketForm.tooManyOptions')
      .default([]),
  })
  .superRefine((f, ctx) => {
    if (needsOptions(f.type) && f.options.length === 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'ticketForm.optionsRequired' });
    if (new Set(f.options.map((o) => o.toLowerCase())).size !== f.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'ticketForm.optionTwice' });
  })
  .transform((f) => ({ ...f, options: needsOptions(f.type) ? f.options : [] }));
export type TicketFieldInput = z.input<typeof ticketFieldInputSchema>;

/** A field as a form shows it: mandatory or optional (000 §3 bulk action: mandatory and optional values). */
export const ticketFormFieldSchema = ticketFieldSchema.extend({ mandatory: z.boolean() });
export type TicketFormField = z.infer<typeof ticketFormFieldSchema>;

export const ticketFormSummarySchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string().nullable(),
  fieldCount: z.number().int(),
});
export const ticketFormSchema = ticketFormSummarySchema.extend({ fields: z.array(ticketFormFieldSchema) });
export type TicketForm = z.infer<typeof ticketFormSchema>;

export const ticketFormInputSchema = z.object({
  title: titleSchema,
  description: z
    .string()
    .trim()
    .max(300, 'validation.max300')
    .transform((d) => d || null)
    .nullable()
    .optional(),
  fields: z
    .array(z.object({ fieldId: z.string().uuid('validation.invalid'), mandatory: z.boolean() }))
    .min(1, 'ticketForm.fieldsRequired')
    .max(TICKET_FORM_FIELDS_MAX, 'ticketForm.tooManyFields')
    .refine((fs) => new Set(fs.map((f) => f.fieldId)).size === fs.length, 'ticketForm.fieldTwice'),
});
export type TicketFormInput = z.input<typeof ticketFormInputSchema>;

/**
 * 000 §5 "Email Cc: several addresses separated by commas. An invalid format is refused." Blank parts are
 * ignored, duplicates (ignoring case) dropped; `null` when any address is invalid or there are too many.
 */
export function parseEmailCc(text: string): string[] | null {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const valid = z.string().email();
  if (parts.some((p) => !valid.safeParse(p).success)) return null;
  const seen = new Set<string>();
  const emails = parts.filter((p) => {
    const key = p.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return emails.length > EMAIL_CC_MAX ? null : emails;
}

const isEmpty = (v: TicketFieldValue | undefined) =>
  v === undefined || v === null || v === '' || v === false || (Array.isArray(v) && v.length === 0);

/**
 * The problems of a form's values, by field id: a mandatory field left empty, or a value that does not fit
 * the field's type or options. Empty optional fields are fine (a checkbox counts as filled when ticked).
 */
export function checkTicketFormValues(
  fields: readonly Pick<TicketFormField, 'id' | 'type' | 'options' | 'mandatory'>[],
  values: Readonly<Record<string, TicketFieldValue>>,
): Record<string, MessageKey> {
  const problems: Record<string, MessageKey> = {};
  for (const field of fields) {
    const value = values[field.id];
    if (isEmpty(value)) {
      if (field.mandatory) problems[field.id] = 'validation.fieldRequired';
      continue;
    }
    if (!fitsType(field, value as Exclude<TicketFieldValue, null>))
      problems[field.id] = 'ticketForm.valueInvalid';
  }
  return problems;
}

function fitsType(field: Pick<TicketField, 'type' | 'options'>, value: Exclude<TicketFieldValue, null>) {
  switch (field.type) {
    case 'text':
      return typeof value === 'string' && value.length <= TICKET_FIELD_TEXT_MAX;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'date':
      return (
        typeof value === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
      );
    case 'select':
      return typeof value === 'string' && field.options.includes(value);
    case 'multi-select':
      return (
        Array.isArray(value) &&
        value.every((v) => field.options.includes(v)) &&
        new Set(value).size === value.length
      );
    case 'checkbox':
      return typeof value === 'boolean';
  }
}

/** 000 §3 ticket form state: ticketForm, chatPriority, chatCategory, emailCC, custom fields. */
export const ticketFormStateSchema = z.object({
  ticketId: z.string().uuid(),
  form: ticketFormSchema.nullable(),
  chatPriority: prioritySchema,
  chatCategoryId: z.string().uuid().nullable(),
  /** Comma-separated, as typed back into the field. */
  emailCc: z.string(),
  values: z.record(z.string(), ticketFieldValueSchema),
  updatedAt: z.number().nullable(),
});
export type TicketFormState = z.infer<typeof ticketFormStateSchema>;

export const ticketFormStateInputSchema = z.object({
  ticketFormId: z.string().uuid('validation.invalid').nullable(),
  chatPriority: prioritySchema,
  chatCategoryId: z.string().uuid('validation.invalid').nullable(),
  emailCc: z.string().max(2000, 'ticketForm.emailCcInvalid').default(''),
  values: z.record(z.string().uuid(), ticketFieldValueSchema).default({}),
});
export type TicketFormStateInput = z.input<typeof ticketFormStateInputSchema>;

const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    page: z.number().int(),
    totalPages: z.number().int(),
    totalRecord: z.number().int(),
    contents: z.array(item),
  });
const pageQuery = z.object({
  search: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ticketFormEndpoints = {
  /** 000 §7 GET /ticket-form/list. */
  list: defineEndpoint({
    method: 'GET',
    path: '/api/ticket-forms',
    response: z.object({ items: z.array(ticketFormSummarySchema) }),
  }),
  /** 000 §7 GET /ticket-form/{id}. */
  detail: defineEndpoint({ method: 'GET', path: '/api/ticket-forms/:id', response: ticketFormSchema }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/ticket-forms',
    body: ticketFormInputSchema,
    response: ticketFormSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/ticket-forms/:id',
    body: ticketFormInputSchema,
    response: ticketFormSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/ticket-forms/:id',
    response: z.object({ ok: z.literal(true) }),
  }),
  /** 000 §7 GET /fields (page, totalPages, totalRecord, contents). */
  fields: defineEndpoint({
    method: 'GET',
    path: '/api/ticket-fields',
    query: pageQuery,
    response: paged(ticketFieldSchema),
  }),
  /** 000 §7 GET /fields/{fieldId}. */
  field: defineEndpoint({ method: 'GET', path: '/api/ticket-fields/:fieldId', response: ticketFieldSchema }),
  createField: defineEndpoint({
    method: 'POST',
    path: '/api/ticket-fields',
    body: ticketFieldInputSchema,
    response: ticketFieldSchema,
  }),
  /** The type is fixed once created (values already saved keep their meaning). */
  updateField: defineEndpoint({
    method: 'PUT',
    path: '/api/ticket-fields/:fieldId',
    body: ticketFieldInputSchema,
    response: ticketFieldSchema,
  }),
  /** A ticket's form state (000 §3). */
  state: defineEndpoint({ method: 'GET', path: '/api/tickets/:id/form', response: ticketFormStateSchema }),
  /** Saves the form: priority and category on the ticket, the rest in its form state. */
  saveState: defineEndpoint({
    method: 'PUT',
    path: '/api/tickets/:id/form',
    body: ticketFormStateInputSchema,
    response: ticketFormStateSchema,
  }),
} as const;

/** 000 §3 time tracker, §7 POST /time-tracking: update-ticket and manual ticket creation. */
export const TIME_TRACKING_KINDS = ['update_ticket', 'create_ticket'] as const;
/** One entry covers at most a day (a tab left open longer is not time worked). */
export const TIME_TRACKING_MAX_SECONDS = 86_400;

export const timeTrackingInputSchema = z
  .object({
    /** Idempotency key: sending the same entry again records it once. */
    id: z.string().uuid(),
    kind: z.enum(TIME_TRACKING_KINDS),
    startedAt: z.number().int().positive(),
    endedAt: z.number().int().positive(),
    durationInSecond: z
      .number()
      .int()
      .min(1, 'validation.invalid')
      .max(TIME_TRACKING_MAX_SECONDS, 'validation.invalid'),
  })
  .refine(
    (t) => t.endedAt >= t.startedAt && t.durationInSecond <= Math.ceil((t.endedAt - t.startedAt) / 1000) + 1,
    { message: 'validation.invalid', path: ['durationInSecond'] },
  );
export type TimeTrackingInput = z.input<typeof timeTrackingInputSchema>;

export const timeTrackingTotalSchema = z.object({
  totalSeconds: z.number().int(),
  mySeconds: z.number().int(),
});

export const timeTrackingEndpoints = {
  record: defineEndpoint({
    method: 'POST',
    path: '/api/tickets/:id/time-tracking',
    body: timeTrackingInputSchema,
    response: timeTrackingTotalSchema,
  }),
  total: defineEndpoint({
    method: 'GET',
    path: '/api/tickets/:id/time-tracking',
    response: timeTrackingTotalSchema,
  }),
} as const;
