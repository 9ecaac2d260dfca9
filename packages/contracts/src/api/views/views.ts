import { z } from 'zod';
import {
  channelCodeSchema,
  prioritySchema,
  ticketStatusSchema,
  ticketSummarySchema,
} from '../conversations/conversations.js';
import { defineEndpoint } from '../endpoint.js';

/** Sapa's limit on a saved view's name (the spec gives none). */
export const VIEW_NAME_MAX = 50;

/**
 * The filters of a saved ticket view (000 §2 ticket view, §7 GET /views/list) over the ticket list's columns
 * (000 §3 ticket-list column keys): every list is "any of", an empty list means no filter.
 */
export const ticketViewFiltersSchema = z.object({
  statuses: z.array(ticketStatusSchema).max(4).default([]),
  channels: z.array(channelCodeSchema).max(20).default([]),
  priorities: z.array(prioritySchema).max(3).default([]),
  tags: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
  /** Agent groups (000 §3 ticket-list column groupId). */
  groupIds: z.array(z.string().uuid()).max(50).default([]),
  /** `any`, `unassigned`, `me` (whoever looks at the view) or one user's id. */
  assignee: z.union([z.enum(['any', 'unassigned', 'me']), z.string().uuid()]).default('any'),
  /** Created-time range, epoch ms, inclusive. */
  createdFrom: z.number().int().nonnegative().nullable().default(null),
  createdTo: z.number().int().nonnegative().nullable().default(null),
});
export type TicketViewFilters = z.infer<typeof ticketViewFiltersSchema>;

export const ticketViewSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  filters: ticketViewFiltersSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TicketView = z.infer<typeof ticketViewSchema>;

export const ticketViewBodySchema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(VIEW_NAME_MAX, 'view.nameMax'),
    filters: ticketViewFiltersSchema,
  })
  .superRefine((b, ctx) => {
    const { createdFrom, createdTo } = b.filters;
    if (createdFrom !== null && createdTo !== null && createdFrom > createdTo)
      ctx.addIssue({ code: 'custom', path: ['filters', 'createdTo'], message: 'view.rangeInvalid' });
  });
export type TicketViewBody = z.input<typeof ticketViewBodySchema>;

const pageOfTickets = z.object({ items: z.array(ticketSummarySchema), nextCursor: z.string().nullable() });

/** Saved views (000 §2 /customer-service/ticket-view [VIEW_FEATURE]; §7 GET /views/list, GET /ticket/list). */
export const viewEndpoints = {
  /** Every inbox reader may list them (play mode starts on one). */
  list: defineEndpoint({
    method: 'GET',
    path: '/api/views',
    response: z.object({ items: z.array(ticketViewSchema) }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/views',
    body: ticketViewBodySchema,
    response: ticketViewSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/views/:id',
    body: ticketViewBodySchema,
    response: ticketViewSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/views/:id',
    response: z.object({ ok: z.literal(true) }),
  }),
  /** The tickets of one view, latest activity first, keyset-paged. */
  tickets: defineEndpoint({
    method: 'GET',
    path: '/api/views/:id/tickets',
    query: z.object({
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(30),
    }),
    response: pageOfTickets,
  }),
} as const;
