import { z } from 'zod';
import { csvText } from '../../csv.js';
import { channelCodeSchema, prioritySchema } from '../conversations/conversations.js';
import { TICKET_REMARKS_MAX, ticketPropertiesInputSchema } from '../conversations/ticket-properties.js';
import { defineEndpoint } from '../endpoint.js';
import { ticketFormStateInputSchema } from '../ticket-forms/ticket-forms.js';
import { bulkProgressSchema } from './bulk-progress.js';

/** The most tickets one bulk job may touch (000 §8 chat list: the maximum-selection warning; Sapa's limit). */
export const BULK_MAX_TICKETS = 20_000;
/** Tickets named one by one (a page selection); larger selections use the filter. */
export const BULK_MAX_IDS = 1_000;
/** How many recent jobs of the caller the list answers. */
export const BULK_RECENT_JOBS = 10;

/**
 * A custom form applied in bulk: the form and its values; priority, category and email CC are each
 * ticket's own unless given (a bulk form never resets them all to one value by accident).
 */
export const bulkFormSchema = ticketFormStateInputSchema.extend({
  chatPriority: prioritySchema.optional(),
  chatCategoryId: z.string().uuid('validation.invalid').nullable().optional(),
  emailCc: z.string().max(2000, 'ticketForm.emailCcInvalid').optional(),
});

/** Tags as a ticket takes them: trimmed, at most 20 of 50 characters, duplicates dropped ignoring case. */
const tagsSchema = ticketPropertiesInputSchema.shape.tags;

/**
 * 000 §3 Bulk ticket action: what is applied to every selected ticket. Only the fields sent change; a
 * ticket to which one of them cannot apply (already resolved, reply window closed) fails as a whole and is
 * left untouched.
 */
export const bulkActionSchema = z
  .object({
    /** Resolving is the status change a bulk action makes (000 §4: chats can be resolved in bulk). */
    status: z.literal('resolved').optional(),
    priority: prioritySchema.optional(),
    addTags: tagsSchema,
    removeTags: tagsSchema,
    /** 000 §4 message visibility: a public reply or an internal note, with `message`. */
    sendMessageAs: z.enum(['public', 'internal']).optional(),
    message: z.string().trim().min(1, 'validation.fieldRequired').max(4096).optional(),
    assignedCs: z.string().uuid('validation.invalid').optional(),
    /** Moved to a group, waiting there for the automatic assignment. */
    assignedCsGroup: z.string().uuid('validation.invalid').optional(),
    /** An applied macro (its actions run in their fixed order on each ticket). */
    macroId: z.string().uuid('validation.invalid').optional(),
    /** A custom form: ticketFormId with its mandatory and optional values (000 §3 ticket form state). */
    form: bulkFormSchema.optional(),
    /** Empty text clears the remarks. */
    remarks: z
      .string()
      .trim()
      .max(TICKET_REMARKS_MAX, 'validation.max1000')
      .transform((text) => text || null)
      .nullable()
      .optional(),
  })
  .superRefine((a, ctx) => {
    const { sendMessageAs, message, ...changes } = a;
    if (message !== undefined && !sendMessageAs)
      ctx.addIssue({ code: 'custom', path: ['sendMessageAs'], message: 'validation.fieldRequired' });
    if (sendMessageAs && message === undefined)
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'validation.fieldRequired' });
    const unchanged = (v: unknown) => v === undefined || (Array.isArray(v) && v.length === 0);
    if (message === undefined && Object.values(changes).every(unchanged))
      ctx.addIssue({ code: 'custom', path: [], message: 'bulk.nothingToDo' });
    if (a.assignedCs && a.assignedCsGroup)
      ctx.addIssue({ code: 'custom', path: ['assignedCsGroup'], message: 'bulk.oneAssignee' });
  });
export type BulkAction = z.output<typeof bulkActionSchema>;
export type BulkActionInput = z.input<typeof bulkActionSchema>;

/** The inbox list's filter (GET /api/inbox/tickets without paging): "select all N matching". */
export const bulkFilterSchema = z.object({
  tab: z.enum(['unassigned', 'assigned']).default('unassigned'),
  channel: channelCodeSchema.optional(),
  /** A number in a body, a string in a query. */
  priority: z.coerce.number().pipe(prioritySchema).optional(),
  tag: z.string().max(50).optional(),
  responded: z.enum(['true', 'false']).optional(),
  search: z.string().max(100).optional(),
  /** A CS group (the default group also holds tickets without a group). */
  groupId: z.string().uuid('validation.invalid').optional(),
});
export type BulkFilter = z.output<typeof bulkFilterSchema>;

export const bulkSelectionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ids'),
    ids: z.array(z.string().uuid('validation.invalid')).min(1, 'bulk.nothingSelected').max(BULK_MAX_IDS),
  }),
  z.object({ kind: z.literal('filter'), filter: bulkFilterSchema }),
]);
export type BulkSelection = z.output<typeof bulkSelectionSchema>;

/** 000 §3 Bulk job: jobId, totalTickets, its progress and what it applies. */
export const bulkJobSchema = bulkProgressSchema.extend({ action: bulkActionSchema, createdAt: z.number() });
export type BulkJob = z.infer<typeof bulkJobSchema>;

export const bulkFailureSchema = z.object({
  ticketId: z.string(),
  /** Readable ticket ID when the ticket belongs to the business, else null. */
  displayId: z.string().nullable(),
  /** A message key (translated by the web). */
  reason: z.string(),
});
export type BulkFailure = z.infer<typeof bulkFailureSchema>;

export const bulkEndpoints = {
  /** 000 §7 PUT csplatform/tickets/bulk: starts a bulk job over the selection; answers jobId, totalTickets. */
  create: defineEndpoint({
    method: 'POST',
    path: '/api/bulk-jobs',
    body: z.object({ selection: bulkSelectionSchema, action: bulkActionSchema }),
    response: z.object({ jobId: z.string().uuid(), totalTickets: z.number().int() }),
  }),
  /** How many tickets the inbox filter matches ("select all N matching"), counted up to the limit + 1. */
  matching: defineEndpoint({
    method: 'GET',
    path: '/api/bulk-jobs/matching',
    query: bulkFilterSchema,
    response: z.object({ count: z.number().int(), overLimit: z.boolean() }),
  }),
  /** The caller's recent jobs, newest first (the progress bar survives a reload). */
  list: defineEndpoint({
    method: 'GET',
    path: '/api/bulk-jobs',
    response: z.object({ items: z.array(bulkJobSchema) }),
  }),
  job: defineEndpoint({ method: 'GET', path: '/api/bulk-jobs/:id', response: bulkJobSchema }),
  /** The tickets the job could not change, with the reason (the downloadable log). */
  failures: defineEndpoint({
    method: 'GET',
    path: '/api/bulk-jobs/:id/failures',
    response: z.object({ items: z.array(bulkFailureSchema) }),
  }),
} as const;

/** The failure log as CSV (RFC 4180 quoting): ticket id, readable id, reason. */
export function bulkFailuresCsv(
  rows: readonly BulkFailure[],
  reasonText: (reason: string) => string,
  header: readonly [string, string, string] = ['ticket_id', 'display_id', 'reason'],
): string {
  return csvText([header, ...rows.map((r) => [r.ticketId, r.displayId ?? '', reasonText(r.reason)])]);
}
