import { z } from 'zod';
import { broadcastRecipientStatusSchema } from '../broadcasts/broadcasts.js';
import { channelCodeSchema } from '../conversations/conversations.js';
import { defineEndpoint } from '../endpoint.js';
import { contactDetailSchema, contactInputSchema } from './contacts.js';

/** 001 §3, §5, §9 contact group name max 30, description max 300. */
export const CONTACT_GROUP_NAME_MAX = 30;
export const CONTACT_GROUP_DESCRIPTION_MAX = 300;
/** 001 §3 contact tag: the spec gives no length; tags are short labels (same as ticket tags, 50). */
export const CONTACT_TAG_NAME_MAX = 50;
/** Tags and groups one contact can be given in one edit. */
export const CONTACT_TAGS_MAX = 20;
export const CONTACT_GROUPS_MAX = 50;
/** Contacts added to or removed from a group or tag in one call. */
export const CONTACT_MEMBERSHIP_BATCH_MAX = 500;
export const CONTACTS_PAGE_SIZE = 50;

const idList = (max: number) => z.array(z.string().uuid()).max(max);
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
const okSchema = z.object({ ok: z.literal(true) });
const namedRef = z.object({ id: z.string().uuid(), name: z.string() });

// ---------------------------------------------------------------- contacts (001 §2, §3 Contact, §5)

/** A row of the contact list (001 §2 Contacts: list). */
export const contactListItemSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  mainChannel: channelCodeSchema.nullable(),
  /** The channels the contact is known on (identities), without repeats. */
  channels: z.array(channelCodeSchema),
  tags: z.array(namedRef),
  createdAt: z.number(),
});
export type ContactListItem = z.infer<typeof contactListItemSchema>;

export const contactListQuerySchema = z.object({
  /** Part of the name, or part of the phone number (digits; a leading 0 is read as Indonesia's 62). */
  search: z.string().max(100).optional(),
  tagId: z.string().uuid().optional(),
  groupId: z.string().uuid().optional(),
  channel: channelCodeSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CONTACTS_PAGE_SIZE),
});

/** A date as `YYYY-MM-DD` (birth date, date custom fields). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'contacts.valueDate')
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), 'contacts.valueDate');

/**
 * Add or edit a contact on the contact page (001 §3 Contact): the inbox panel's fields plus the main
 * channel, tags, groups, the built-in birth date and last education, and custom field values (checked
 * against their field by the server).
 */
export const contactProfileInputSchema = contactInputSchema.extend({
  mainChannel: channelCodeSchema.nullable().optional(),
  tagIds: idList(CONTACT_TAGS_MAX).optional(),
  groupIds: idList(CONTACT_GROUPS_MAX).optional(),
  birthDate: z
    .union([z.literal(''), isoDateSchema])
    .nullable()
    .optional(),
  lastEducation: z.string().trim().max(100, 'contacts.max100').nullable().optional(),
  /** Field id → value: text, a number, `YYYY-MM-DD`, one option, several options. Null clears it. */
  customValues: z
    .record(
      z.string().uuid(),
      z.union([z.string().max(1000), z.number(), z.array(z.string()).max(50), z.null()]),
    )
    .optional(),
});
export type ContactProfileInput = z.input<typeof contactProfileInputSchema>;

/** The contact page's detail (001 §2 Contacts: detail). */
export const contactProfileSchema = contactDetailSchema.extend({
  mainChannel: channelCodeSchema.nullable(),
  birthDate: z.string().nullable(),
  lastEducation: z.string().nullable(),
  /** 001 §3 average transaction: read-only; null until transactions exist. */
  averageTransaction: z.number().nullable(),
  tags: z.array(namedRef),
  groups: z.array(namedRef),
  customValues: z.record(z.string(), z.unknown()),
});
export type ContactProfile = z.infer<typeof contactProfileSchema>;

export const contactListEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/contacts',
    query: contactListQuerySchema,
    response: pageOf(contactListItemSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/contacts',
    body: contactProfileInputSchema,
    response: contactProfileSchema,
  }),
  profile: defineEndpoint({
    method: 'GET',
    path: '/api/contacts/:id/profile',
    response: contactProfileSchema,
  }),
  saveProfile: defineEndpoint({
    method: 'PUT',
    path: '/api/contacts/:id/profile',
    body: contactProfileInputSchema,
    response: contactProfileSchema,
  }),
  remove: defineEndpoint({ method: 'DELETE', path: '/api/contacts/:id', response: okSchema }),
  /** 001 §2 contact detail: chat history — the contact's tickets, latest activity first, keyset pages. */
  chats: defineEndpoint({
    method: 'GET',
    path: '/api/contacts/:id/chats',
    query: z.object({
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: pageOf(contactDetailSchema.shape.recentTickets.element),
  }),
  /** 001 §2 contact detail: broadcast history — the broadcasts that reached the contact, newest first. */
  broadcasts: defineEndpoint({
    method: 'GET',
    path: '/api/contacts/:id/broadcasts',
    query: z.object({
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: pageOf(contactBroadcastSchema()),
  }),
} as const;

/** One broadcast in a contact's history: the campaign, its template, and what happened to this contact's message. */
function contactBroadcastSchema() {
  return z.object({
    broadcastId: z.string().uuid(),
    campaignCode: z.string(),
    templateName: z.string(),
    category: z.string(),
    createdAt: z.number(),
    phone: z.string(),
    status: broadcastRecipientStatusSchema,
    sentAt: z.number().nullable(),
    deliveredAt: z.number().nullable(),
    readAt: z.number().nullable(),
    failedAt: z.number().nullable(),
  });
}
export type ContactBroadcast = z.infer<ReturnType<typeof contactBroadcastSchema>>;

// ---------------------------------------------------------------- tags and groups (001 §3, §5)

export const contactTagSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  createdAt: z.number(),
});
export type ContactTag = z.infer<typeof contactTagSchema>;

export const contactTagInputSchema = z.object({
  name: z
    .string({ error: 'contacts.tagRequired' })
    .trim()
    .min(1, 'contacts.tagRequired')
    .max(CONTACT_TAG_NAME_MAX, 'validation.max50'),
});

export const contactGroupSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  memberCount: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ContactGroup = z.infer<typeof contactGroupSchema>;

export const contactGroupInputSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(CONTACT_GROUP_NAME_MAX, 'validation.max30'),
  description: z
    .string({ error: 'contacts.descriptionRequired' })
    .trim()
    .min(1, 'contacts.descriptionRequired')
    .max(CONTACT_GROUP_DESCRIPTION_MAX, 'validation.max300'),
});
export type ContactGroupInput = z.input<typeof contactGroupInputSchema>;

/** Contacts to add to, or remove from, a group or a tag. */
export const contactMembershipSchema = z.object({
  contactIds: idList(CONTACT_MEMBERSHIP_BATCH_MAX).min(1, 'contacts.pickContacts'),
});

export const contactTagEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/contact-tags',
    response: z.object({ items: z.array(contactTagSchema) }),
  }),
  get: defineEndpoint({ method: 'GET', path: '/api/contact-tags/:id', response: contactTagSchema }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/contact-tags',
    body: contactTagInputSchema,
    response: contactTagSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/contact-tags/:id',
    body: contactTagInputSchema,
    response: contactTagSchema,
  }),
  remove: defineEndpoint({ method: 'DELETE', path: '/api/contact-tags/:id', response: okSchema }),
  addContacts: defineEndpoint({
    method: 'POST',
    path: '/api/contact-tags/:id/contacts',
    body: contactMembershipSchema,
    response: contactTagSchema,
  }),
  removeContacts: defineEndpoint({
    method: 'POST',
    path: '/api/contact-tags/:id/contacts/remove',
    body: contactMembershipSchema,
    response: contactTagSchema,
  }),
} as const;

export const contactGroupEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/contact-groups',
    query: z.object({
      search: z.string().max(100).optional(),
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(CONTACTS_PAGE_SIZE),
    }),
    response: pageOf(contactGroupSchema),
  }),
  get: defineEndpoint({ method: 'GET', path: '/api/contact-groups/:id', response: contactGroupSchema }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/contact-groups',
    body: contactGroupInputSchema,
    response: contactGroupSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/contact-groups/:id',
    body: contactGroupInputSchema,
    response: contactGroupSchema,
  }),
  remove: defineEndpoint({ method: 'DELETE', path: '/api/contact-groups/:id', response: okSchema }),
  addContacts: defineEndpoint({
    method: 'POST',
    path: '/api/contact-groups/:id/contacts',
    body: contactMembershipSchema,
    response: contactGroupSchema,
  }),
  removeContacts: defineEndpoint({
    method: 'POST',
    path: '/api/contact-groups/:id/contacts/remove',
    body: contactMembershipSchema,
    response: contactGroupSchema,
  }),
} as const;
