import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { prioritySchema, ticketSummarySchema } from './conversations.js';

/** A ticket category's name (000 §7 csplatform/categories); the limit is Sapa's (the spec gives none). */
export const TICKET_CATEGORY_NAME_MAX = 50;
/** A tag's length and the tags per ticket (000 §3 Ticket tags; limits are Sapa's). */
export const TICKET_TAG_MAX = 50;
export const TICKET_TAGS_MAX = 20;
/** Remarks on a ticket (000 §3 Ticket remarks; the limit is Sapa's). */
export const TICKET_REMARKS_MAX = 1000;

const tagSchema = z
  .string()
  .trim()
  .min(1, 'validation.fieldRequired')
  .max(TICKET_TAG_MAX, 'validation.max50');

/** 000 §2 inbox, §3 Ticket, §7 POST chatRoom/priority and chatRoom/category: what an agent sets on a ticket. */
export const ticketPropertiesInputSchema = z.object({
  priority: prioritySchema.optional(),
  /** The whole tag list; duplicates (case-insensitive) are dropped, the first spelling kept. */
  tags: z
    .array(tagSchema)
    .max(TICKET_TAGS_MAX, 'ticket.tooManyTags')
    .transform((tags) => {
      const seen = new Set<string>();
      return tags.filter((tag) => {
        const key = tag.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    })
    .optional(),
  /** Empty text clears the remarks. */
  remarks: z
    .string()
    .trim()
    .max(TICKET_REMARKS_MAX, 'validation.max1000')
    .transform((text) => text || null)
    .nullable()
    .optional(),
  categoryId: z.string().uuid('validation.invalid').nullable().optional(),
});
export type TicketPropertiesInput = z.input<typeof ticketPropertiesInputSchema>;

export const ticketPropertyEndpoints = {
  /** Priority, tags, remarks and category of one ticket; answers the changed ticket. */
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/tickets/:id',
    body: ticketPropertiesInputSchema,
    response: ticketSummarySchema,
  }),
  /** 000 §7 GET csplatform/tags: the tags in use in the business, for suggestions and the tag filter. */
  tags: defineEndpoint({
    method: 'GET',
    path: '/api/inbox/tags',
    query: z.object({ search: z.string().max(TICKET_TAG_MAX).optional() }),
    response: z.object({ items: z.array(z.string()) }),
  }),
} as const;

export const ticketCategorySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** Tickets that carry it (shown before deleting). */
  ticketCount: z.number().int(),
});
export type TicketCategory = z.infer<typeof ticketCategorySchema>;

export const ticketCategoryInputSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(TICKET_CATEGORY_NAME_MAX, 'validation.max50'),
});
export type TicketCategoryInput = z.input<typeof ticketCategoryInputSchema>;

/** 000 §7 GET, POST, PUT and DELETE csplatform/categories. */
export const ticketCategoryEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/ticket-categories',
    response: z.object({ items: z.array(ticketCategorySchema) }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/ticket-categories',
    body: ticketCategoryInputSchema,
    response: ticketCategorySchema,
  }),
  rename: defineEndpoint({
    method: 'PUT',
    path: '/api/ticket-categories/:id',
    body: ticketCategoryInputSchema,
    response: ticketCategorySchema,
  }),
  /** Tickets that carried the category lose it. */
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/ticket-categories/:id',
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;
