import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../../constants.js';
import {
  channelCodeSchema,
  messageSchema,
  prioritySchema,
  ticketStatusSchema,
} from '../conversations/conversations.js';
import { defineEndpoint } from '../endpoint.js';

/**
 * Find: the ticket list (Daftar Chat, 000 §2 chat list, §3 ticket-list column keys and chat-list filter
 * defaults; route /customer-service/ticket-list, ADVANCE_SEARCH READ) and chat history (000 §2 chat history;
 * route /customer-service/chat-history, CUSTOMER_SERVICE_HISTORY READ — the web sends users who can READ
 * ADVANCE_SEARCH to the ticket list instead, 000 §1 routes).
 *
 * Every list is keyset-paged (`cursor` → `nextCursor`), never OFFSET; a total is only given when asked for,
 * and then counted up to `TICKET_LIST_TOTAL_CAP` (never a COUNT(*) over a million tickets per request).
 */

// ---------------------------------------------------------------- columns (000 §3 Ticket-list column keys)

/** 000 §3 Ticket-list column keys, in the spec's order. */
export const TICKET_LIST_COLUMN_KEYS = [
  'id',
  'groupId',
  'createdAt',
  'customer',
  'assigneeId',
  'closedAt',
  'remarks',
  'subject',
  'mediaPlatform',
  'closedBy',
  'priority',
  'tags',
  'submitterId',
  'status',
] as const;
export type TicketListColumnKey = (typeof TICKET_LIST_COLUMN_KEYS)[number];
export const ticketListColumnKeySchema = z.enum(TICKET_LIST_COLUMN_KEYS);

/** 000 §3: the default visible columns omit subject, priority and submitterId. */
export const DEFAULT_TICKET_LIST_COLUMNS: readonly TicketListColumnKey[] = TICKET_LIST_COLUMN_KEYS.filter(
  (key) => key !== 'subject' && key !== 'priority' && key !== 'submitterId',
);

// ---------------------------------------------------------------- filter (000 §3 Chat-list filter defaults)

/** Page sizes of the find lists. */
export const TICKET_LIST_PAGE_SIZE = 50;
export const TICKET_LIST_PAGE_MAX = 100;
/** `withTotal=true` counts matching tickets up to this many; beyond it the answer says "more than". */
export const TICKET_LIST_TOTAL_CAP = 1_000;
/** A message keyword needs 3 characters (a trigram) so the text index can serve it. */
export const TICKET_KEYWORD_MIN = 3;
/** Values one list filter (tags, channels, agents …) may carry. */
export const TICKET_FILTER_LIST_MAX = 50;
/** Custom field conditions one search may carry. */
export const TICKET_FIELD_FILTERS_MAX = 5;

/**
 * Ticket status as the find lists show it (000 §4): unassigned, assigned, resolved (closed — it moved to
 * history) and expired (an open chat on a channel with expiry whose 24-hour window has passed; computed).
 */
export const ticketListStatusSchema = ticketStatusSchema;
export type TicketListStatus = z.infer<typeof ticketListStatusSchema>;
/** 000 §3: the status filter defaults to closed. */
export const TICKET_LIST_DEFAULT_STATUS: readonly TicketListStatus[] = ['resolved'];

/** A day as `YYYY-MM-DD`, read in the business time zone (`DEFAULT_TIME_ZONE`, 000 §9). */
export const searchDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid')
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), 'validation.invalid');

/** A query parameter holding several values: repeated (`a=1&a=2`) or comma-separated (`a=1,2`). */
function listParam<T extends z.ZodType>(item: T, max = TICKET_FILTER_LIST_MAX) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => v.length > 0),
    )
    .pipe(z.array(item).max(max, 'validation.invalid') as unknown as z.ZodType<z.output<T>[], string[]>)
    .optional();
}

/** `createdBy` value meaning "the customer opened the chat" (000 §2 chat list: created by, including customer). */
export const CREATED_BY_CUSTOMER = 'customer';

/**
 * One custom field condition (000 §2 chat list "field-input search"): `<fieldId>:<text>`, matching tickets
 * whose form value of that field contains the text (case-insensitively; options of a multi-select count).
 */
export const ticketFieldFilterSchema = z
  .string()
  .regex(/^[0-9a-f-]{36}:.{1,100}$/i, 'validation.invalid')
  .transform((text) => ({ fieldId: text.slice(0, 36).toLowerCase(), value: text.slice(37) }))
  .pipe(z.object({ fieldId: z.string().uuid('validation.invalid'), value: z.string().trim().min(1) }));
export type TicketFieldFilter = z.output<typeof ticketFieldFilterSchema>;

const optionalText = (max: number) => z.string().trim().max(max, 'validation.invalid').optional();

/**
 * The ticket list's filters, 000 §3 Chat-list filter keys. An omitted filter does not restrict: the screen's
 * defaults (created today–today, closed empty, status closed) are given by `defaultTicketListFilter()` and
 * sent by the web app, so an API caller can also search everything.
 */
export const ticketListFilterSchema = z.object({
  /** Customer name, phone number / handle or email (part of it). */
  customerInfo: optionalText(100),
  /** Any of these ticket tags. */
  tags: listParam(z.string().trim().min(1).max(50)),
  createdFrom: searchDateSchema.optional(),
  createdTo: searchDateSchema.optional(),
  closedFrom: searchDateSchema.optional(),
  closedTo: searchDateSchema.optional(),
  /** Part of the remarks or of the (email) subject. */
  remarksOrSubject: optionalText(100),
  mediaPlatform: listParam(channelCodeSchema),
  /** The assigned CS agents. */
  csId: listParam(z.string().uuid('validation.invalid')),
  /** Who resolved the chat. */
  closedBy: listParam(z.string().uuid('validation.invalid')),
  /** Who opened the chat: `customer` (an inbound message) and/or agent user ids (a new chat window). */
  createdBy: listParam(z.union([z.literal(CREATED_BY_CUSTOMER), z.string().uuid('validation.invalid')])),
  /** Agent groups (the default group also matches tickets without a group). */
  csGroup: listParam(z.string().uuid('validation.invalid')),
  status: listParam(ticketListStatusSchema, 4),
  priority: listParam(z.coerce.number().pipe(prioritySchema), 3),
  /** Custom field conditions `<fieldId>:<text>`, all of which must hold. */
  fields: listParam(ticketFieldFilterSchema, TICKET_FIELD_FILTERS_MAX),
  /** Part of any message of the chat, over all time (no 90-day window). */
  keyword: z
    .string()
    .trim()
    .min(TICKET_KEYWORD_MIN, 'validation.invalid')
    .max(100, 'validation.invalid')
    .optional(),
});
export type TicketListFilterInput = z.input<typeof ticketListFilterSchema>;
export type TicketListFilter = z.output<typeof ticketListFilterSchema>;

/** Today as `YYYY-MM-DD` in a time zone (the business's; Asia/Jakarta by default, 000 §9). */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * 000 §3 Chat-list filter defaults: created today to today, closed empty, status closed, everything else
 * empty. The web app's "reset" and first load use this.
 */
export function defaultTicketListFilter(
  timeZone: string = DEFAULT_TIME_ZONE,
  now: Date = new Date(),
): TicketListFilterInput {
  const today = todayIn(timeZone, now);
  return { createdFrom: today, createdTo: today, status: [...TICKET_LIST_DEFAULT_STATUS] };
}

const pageQuery = {
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(TICKET_LIST_PAGE_MAX).default(TICKET_LIST_PAGE_SIZE),
  /** Count the matching tickets (up to `TICKET_LIST_TOTAL_CAP`); ask on the first page only. */
  withTotal: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
};

export const ticketListQuerySchema = ticketListFilterSchema.extend(pageQuery);
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;

/** A bounded count: `count` tickets, or more than `count` when `capped`. */
export const boundedTotalSchema = z.object({ count: z.number().int(), capped: z.boolean() });
export type BoundedTotal = z.infer<typeof boundedTotalSchema>;

const personRef = z.object({ id: z.string().uuid(), name: z.string() }).nullable();

/** One row of the ticket list: every 000 §3 column key (the web shows the user's chosen ones). */
export const ticketListRowSchema = z.object({
  id: z.string().uuid(),
  /** Readable ticket ID, e.g. T-000042. */
  displayId: z.string(),
  groupId: z.string().uuid().nullable(),
  groupName: z.string().nullable(),
  createdAt: z.number(),
  customer: z.object({
    id: z.string().uuid(),
    name: z.string(),
    /** Phone number or username (masked when the business hides phone numbers from the caller, 000 §5). */
    handle: z.string(),
    email: z.string().nullable(),
  }),
  assigneeId: z.string().uuid().nullable(),
  assignee: personRef,
  closedAt: z.number().nullable(),
  /** The note typed when the chat was resolved. */
  resolveNote: z.string().nullable(),
  remarks: z.string().nullable(),
  /** Email subject; null on chat channels. */
  subject: z.string().nullable(),
  mediaPlatform: channelCodeSchema,
  closedBy: personRef,
  priority: prioritySchema,
  tags: z.array(z.string()),
  /** Who opened the chat: null = the customer. */
  submitterId: z.string().uuid().nullable(),
  submitter: personRef,
  status: ticketListStatusSchema,
  /** The customer's satisfaction rating of the chat (001 §3 survey rating), once answered. */
  rating: z
    .object({
      value: z.number().int().min(1).max(5),
      comment: z.string().nullable(),
      /** 001 §3 survey rating remarks (an agent's note) and the handling agent's CS tags when it was asked. */
      remarks: z.string().nullable(),
      csTags: z.array(z.string()),
    })
    .nullable(),
});
export type TicketListRow = z.infer<typeof ticketListRowSchema>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    nextCursor: z.string().nullable(),
    /** Only when `withTotal=true`. */
    total: boundedTotalSchema.nullable(),
  });

// ---------------------------------------------------------------- chat history (000 §2 Chat history)

/**
 * 000 §2 chat history filters: contact, channel, date, CS handled by, closed by, remarks, tag, email. History
 * is resolved chats, newest resolved first; `dateFrom`/`dateTo` bound the resolved day (business time zone).
 */
export const chatHistoryFilterSchema = z.object({
  /** Contact name or phone number / handle (part of it). */
  contact: optionalText(100),
  channel: listParam(channelCodeSchema),
  dateFrom: searchDateSchema.optional(),
  dateTo: searchDateSchema.optional(),
  /** The CS agent who handled (was assigned) the chat. */
  csId: listParam(z.string().uuid('validation.invalid')),
  closedBy: listParam(z.string().uuid('validation.invalid')),
  remarks: optionalText(100),
  tag: listParam(z.string().trim().min(1).max(50)),
  /** The contact's email (part of it). */
  email: optionalText(100),
});
export type ChatHistoryFilterInput = z.input<typeof chatHistoryFilterSchema>;
export type ChatHistoryFilter = z.output<typeof chatHistoryFilterSchema>;
export const chatHistoryQuerySchema = chatHistoryFilterSchema.extend(pageQuery);
export type ChatHistoryQuery = z.input<typeof chatHistoryQuerySchema>;

/** 000 §2 chat history columns: name or contact, channel, CS agent, closed by, resolved time, remarks or subject, ticket ID, tag. */
export const chatHistoryRowSchema = z.object({
  id: z.string().uuid(),
  displayId: z.string(),
  contact: ticketListRowSchema.shape.customer,
  channel: channelCodeSchema,
  agent: personRef,
  closedBy: personRef,
  resolvedAt: z.number().nullable(),
  /** The note typed when the chat was resolved. */
  resolveNote: z.string().nullable(),
  remarks: z.string().nullable(),
  subject: z.string().nullable(),
  tags: z.array(z.string()),
  rating: ticketListRowSchema.shape.rating,
});
export type ChatHistoryRow = z.infer<typeof chatHistoryRowSchema>;

const messagesPage = z.object({ items: z.array(messageSchema), nextCursor: z.string().nullable() });
const messagesQuery = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const ticketColumnsSchema = z.object({
  columns: z
    .array(ticketListColumnKeySchema)
    .min(1, 'validation.required')
    .max(TICKET_LIST_COLUMN_KEYS.length),
});
export type TicketColumns = z.infer<typeof ticketColumnsSchema>;

export const searchEndpoints = {
  /** 000 §2 chat list (Daftar Chat) "search chat data"; ADVANCE_SEARCH READ. */
  ticketList: defineEndpoint({
    method: 'GET',
    path: '/api/ticket-list',
    query: ticketListQuerySchema,
    response: pageOf(ticketListRowSchema),
  }),
  /** A row's chat (ADVANCE_SEARCH READ; same CS-position visibility as the list), newest page first. */
  ticketListMessages: defineEndpoint({
    method: 'GET',
    path: '/api/ticket-list/:id/messages',
    query: messagesQuery,
    response: messagesPage,
  }),
  /** 000 §2 chat list "customise table data": the caller's visible columns (defaults until saved). */
  columns: defineEndpoint({ method: 'GET', path: '/api/ticket-list/columns', response: ticketColumnsSchema }),
  saveColumns: defineEndpoint({
    method: 'PUT',
    path: '/api/ticket-list/columns',
    body: ticketColumnsSchema,
    response: ticketColumnsSchema,
  }),
  /** 000 §2 chat history; CUSTOMER_SERVICE_HISTORY READ. */
  chatHistory: defineEndpoint({
    method: 'GET',
    path: '/api/chat-history',
    query: chatHistoryQuerySchema,
    response: pageOf(chatHistoryRowSchema),
  }),
  chatHistoryMessages: defineEndpoint({
    method: 'GET',
    path: '/api/chat-history/:id/messages',
    query: messagesQuery,
    response: messagesPage,
  }),
} as const;
