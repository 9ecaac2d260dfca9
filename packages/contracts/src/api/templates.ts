import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { messageSchema, ticketSummarySchema } from './inbox.js';

/**
 * WhatsApp message templates as the inbox uses them (000 §2 follow-up chat template and new message;
 * 001 §3 templates, §4 template review). Template management and broadcasts extend this file.
 */

/** 001 §9: a follow-up chat costs 511.5 credits per contact, including 11% VAT. */
export const FOLLOW_UP_CHAT_COST = 511.5;
/** A new message is a template opening a chat, priced like a follow-up (001 §9 gives one figure). */
export const NEW_MESSAGE_COST = FOLLOW_UP_CHAT_COST;
/** 000 §5, 001 §5 New message: phone 9-13 digits. */
export const NEW_MESSAGE_PHONE_DIGITS = { min: 9, max: 13 } as const;

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
 * 001 §5 New message: 9-13 digits in the form 628xxx or 08xxx (spaces, dashes and a leading + are ignored).
 * Returns the number as WhatsApp knows it (628…), or null when it is not one.
 */
export function normaliseNewMessagePhone(input: string): string | null {
  const digits = input.trim().replace(/^\+/, '').replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length < NEW_MESSAGE_PHONE_DIGITS.min || digits.length > NEW_MESSAGE_PHONE_DIGITS.max)
    return null;
  if (digits.startsWith('628')) return digits;
  if (digits.startsWith('08')) return `62${digits.slice(1)}`;
  return null;
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
    }),
    response: z.object({ ticket: ticketSummarySchema, message: messageSchema.nullable() }),
  }),
} as const;
