import { z } from 'zod';
import { optionalPhoneSchema } from '../../phone.js';
import { channelCodeSchema, ticketStatusSchema } from '../conversations/conversations.js';
import { defineEndpoint } from '../endpoint.js';

/** 001 §3, §9 Contact name max 150. */
export const CONTACT_NAME_MAX = 150;
/** How many of a contact's tickets the inbox panel shows. */
export const CONTACT_RECENT_TICKETS = 10;

/**
 * A contact's phone with its country code, as digits (001 §3 "WhatsApp number with country code"), read by
 * the product's phone rule (`phone.ts`: 9-13 digits, 08… becomes 628…). Empty means no phone.
 */
export const contactPhoneSchema = optionalPhoneSchema('contact');

export const contactInputSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(CONTACT_NAME_MAX, 'validation.max150'),
  phone: contactPhoneSchema.optional(),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.union([z.literal(''), z.string().max(254, 'validation.email').email('validation.email')]))
    .transform((text) => text || null)
    .optional(),
});
export type ContactInput = z.input<typeof contactInputSchema>;

export const contactDetailSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** How the contact is known on each channel account (WhatsApp: the number). */
  identities: z.array(
    z.object({
      channel: channelCodeSchema,
      channelAccountId: z.string().uuid(),
      handle: z.string(),
      createdAt: z.number(),
    }),
  ),
  /** The latest tickets of the contact, newest first (at most CONTACT_RECENT_TICKETS). */
  recentTickets: z.array(
    z.object({
      id: z.string().uuid(),
      displayId: z.string(),
      status: ticketStatusSchema,
      channel: channelCodeSchema,
      lastMessageAt: z.number(),
    }),
  ),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ContactDetail = z.infer<typeof contactDetailSchema>;

/** 000 §2 inbox contact detail panel; 001 §3 Contact. */
export const contactEndpoints = {
  detail: defineEndpoint({ method: 'GET', path: '/api/contacts/:id', response: contactDetailSchema }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/contacts/:id',
    body: contactInputSchema,
    response: contactDetailSchema,
  }),
} as const;
