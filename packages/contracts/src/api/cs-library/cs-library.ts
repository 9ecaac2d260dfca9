import { z } from 'zod';
import { prioritySchema, ticketSummarySchema } from '../conversations/conversations.js';
import { TICKET_TAG_MAX, TICKET_TAGS_MAX } from '../conversations/ticket-properties.js';
import { defineEndpoint } from '../endpoint.js';

/** 001 §3 quick reply, remark, chat tag; 000 §2 macros. Limits are Sapa's (the spec gives none). */
export const LIBRARY_TITLE_MAX = 50;
export const LIBRARY_CONTENT_MAX = 4096;
export const MACRO_DESCRIPTION_MAX = 300;
export const MACRO_ACTIONS_MAX = 10;

/** The kinds of library entries: quick replies (001 §3), remarks (001 §3), chat tags (001 §3). */
export const LIBRARY_KINDS = ['quick-replies', 'remarks', 'chat-tags'] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];

const titleSchema = z
  .string({ error: 'validation.fieldRequired' })
  .trim()
  .min(1, 'validation.fieldRequired')
  .max(LIBRARY_TITLE_MAX, 'validation.max50');
const contentSchema = z
  .string({ error: 'validation.fieldRequired' })
  .trim()
  .min(1, 'validation.fieldRequired')
  .max(LIBRARY_CONTENT_MAX, 'library.contentTooLong');

/** A quick reply or a remark: title and content. A chat tag has a title (its name) and no content. */
export const libraryEntrySchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  content: z.string().nullable(),
  updatedAt: z.number(),
});
export type LibraryEntry = z.infer<typeof libraryEntrySchema>;

export const libraryEntryInputSchema = z.object({ title: titleSchema, content: contentSchema });
export const chatTagInputSchema = z.object({
  title: titleSchema.max(TICKET_TAG_MAX, 'validation.max50'),
});
export type LibraryEntryInput = z.input<typeof libraryEntryInputSchema>;

const libraryEndpointsOf = <K extends LibraryKind, B extends z.ZodType>(kind: K, body: B) =>
  ({
    list: defineEndpoint({
      method: 'GET',
      path: `/api/${kind}` as const,
      query: z.object({ search: z.string().max(100).optional() }),
      response: z.object({ items: z.array(libraryEntrySchema) }),
    }),
    create: defineEndpoint({
      method: 'POST',
      path: `/api/${kind}` as const,
      body,
      response: libraryEntrySchema,
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: `/api/${kind}/:id` as const,
      body,
      response: libraryEntrySchema,
    }),
    remove: defineEndpoint({
      method: 'DELETE',
      path: `/api/${kind}/:id` as const,
      response: z.object({ ok: z.literal(true) }),
    }),
  }) as const;

/**
 * 001 §3 quick reply, remark and chat tag (000 §7 GET csplatform/chatTemplate serves the quick replies):
 * agents list them (inbox READ), owners and admins manage them (CUSTOMER_SERVICE_SETTING).
 */
export const libraryEndpoints = {
  'quick-replies': libraryEndpointsOf('quick-replies', libraryEntryInputSchema),
  remarks: libraryEndpointsOf('remarks', libraryEntryInputSchema),
  'chat-tags': libraryEndpointsOf('chat-tags', chatTagInputSchema),
} as const;

/**
 * 001 §8 "Duplicate titles": two titles are the same when they are equal after trimming, ignoring case (the
 * server's `lower(title)` unique index; the settings forms check it before saving).
 */
export function libraryTitleKey(title: string): string {
  return title.trim().toLowerCase();
}
export function isDuplicateTitle(
  title: string,
  existing: readonly { id: string; title: string }[],
  exceptId?: string,
): boolean {
  const key = libraryTitleKey(title);
  return key !== '' && existing.some((e) => e.id !== exceptId && libraryTitleKey(e.title) === key);
}

/** Contact variables a quick reply or a macro message may use ({{name}}, {{phone}}, {{ticket}}, {{agent}}). */
export const REPLY_VARIABLES = ['name', 'phone', 'ticket', 'agent'] as const;
export type ReplyVariable = (typeof REPLY_VARIABLES)[number];

/** Fills `{{name}}`-style variables; unknown ones stay as written, a missing value becomes empty. */
export function fillReplyVariables(
  text: string,
  values: Partial<Record<ReplyVariable, string | null>>,
): string {
  return text.replace(/\{\{\s*([a-z]+)\s*\}\}/gi, (whole, name: string) => {
    const key = name.toLowerCase() as ReplyVariable;
    if (!(REPLY_VARIABLES as readonly string[]).includes(key)) return whole;
    return values[key] ?? '';
  });
}

const macroTags = z
  .array(z.string().trim().min(1, 'validation.fieldRequired').max(TICKET_TAG_MAX, 'validation.max50'))
  .min(1, 'validation.fieldRequired')
  .max(TICKET_TAGS_MAX, 'ticket.tooManyTags');

/** 000 §2 inbox actions a macro may run (000 §3 bulk ticket action: status, priority, tags, message). */
export const macroActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('priority'), priority: prioritySchema }),
  z.object({ type: z.literal('addTags'), tags: macroTags }),
  z.object({ type: z.literal('removeTags'), tags: macroTags }),
  z.object({
    type: z.literal('message'),
    /** 000 §4 message visibility. */
    visibility: z.enum(['public', 'internal']),
    text: contentSchema,
  }),
  z.object({ type: z.literal('status'), status: z.literal('resolved') }),
]);
export type MacroAction = z.infer<typeof macroActionSchema>;
export type MacroActionType = MacroAction['type'];

/**
 * The order a macro's actions run in, whatever order they were written in: properties first, then the
 * message, then resolving (a resolved chat takes no reply). Writing order is kept inside each step.
 */
export const MACRO_ACTION_ORDER: readonly MacroActionType[] = [
  'priority',
  'removeTags',
  'addTags',
  'message',
  'status',
];
export function orderMacroActions<T extends { type: MacroActionType }>(actions: readonly T[]): T[] {
  return actions
    .map((action, i) => ({ action, i }))
    .sort(
      (a, b) =>
        MACRO_ACTION_ORDER.indexOf(a.action.type) - MACRO_ACTION_ORDER.indexOf(b.action.type) || a.i - b.i,
    )
    .map((x) => x.action);
}

export const macroSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string().nullable(),
  actions: z.array(macroActionSchema),
  updatedAt: z.number(),
});
export type Macro = z.infer<typeof macroSchema>;

export const macroInputSchema = z.object({
  title: titleSchema,
  description: z
    .string()
    .trim()
    .max(MACRO_DESCRIPTION_MAX, 'validation.max300')
    .transform((d) => d || null)
    .nullable()
    .optional(),
  actions: z
    .array(macroActionSchema)
    .min(1, 'macro.actionsRequired')
    .max(MACRO_ACTIONS_MAX, 'macro.tooManyActions')
    .superRefine((actions, ctx) => {
      if (actions.filter((a) => a.type === 'priority').length > 1)
        ctx.addIssue({ code: 'custom', message: 'macro.actionTwice' });
      if (actions.filter((a) => a.type === 'status').length > 1)
        ctx.addIssue({ code: 'custom', message: 'macro.actionTwice' });
    }),
});
export type MacroInput = z.input<typeof macroInputSchema>;

/** The result of one action of an applied macro, in the order they ran. */
export const macroActionResultSchema = z.object({
  type: z.enum(['priority', 'addTags', 'removeTags', 'message', 'status']),
  ok: z.boolean(),
  /** The translated reason when it failed. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** The message sent, for a message action. */
  messageId: z.string().uuid().nullable(),
});
export type MacroActionResult = z.infer<typeof macroActionResultSchema>;

export const macroApplicationSchema = z.object({
  macroId: z.string().uuid(),
  ticket: ticketSummarySchema,
  results: z.array(macroActionResultSchema),
});
export type MacroApplication = z.infer<typeof macroApplicationSchema>;

/** 000 §7 GET /csplatform/macros (search, pageNumber, pageSize; macros.contents), 000 §2 search, preview, apply. */
export const macroEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/macros',
    query: z.object({
      search: z.string().max(100).optional(),
      pageNumber: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: z.object({
      contents: z.array(macroSchema),
      pageNumber: z.number().int(),
      pageSize: z.number().int(),
      totalRecord: z.number().int(),
      totalPages: z.number().int(),
    }),
  }),
  detail: defineEndpoint({ method: 'GET', path: '/api/macros/:id', response: macroSchema }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/macros',
    body: macroInputSchema,
    response: macroSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/macros/:id',
    body: macroInputSchema,
    response: macroSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/macros/:id',
    response: z.object({ ok: z.literal(true) }),
  }),
  /**
   * Runs the macro's actions on one chat in `MACRO_ACTION_ORDER` and reports each. `applicationId` is the
   * idempotency key: applying again with it never sends the message twice.
   */
  apply: defineEndpoint({
    method: 'POST',
    path: '/api/tickets/:id/macros/:macroId/apply',
    body: z.object({ applicationId: z.string().uuid() }),
    response: macroApplicationSchema,
  }),
} as const;
