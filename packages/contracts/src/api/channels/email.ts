import { z } from 'zod';
import type { MessageKey } from '../../messages.js';
import { defineEndpoint } from '../endpoint.js';
import { channelAccountSchema } from './channels.js';

/** 001 §5 Email channel: the address part is at most 40 characters. */
export const EMAIL_ADDRESS_PART_MAX = 40;
/** 001 §5: letters, hyphen, underscore and dot only. */
const ADDRESS_PART = /^[A-Za-z._-]+$/;
/** Email settings text (001 §2: display name, header, footer). */
export const EMAIL_DISPLAY_NAME_MAX = 60;
export const EMAIL_HEADER_FOOTER_MAX = 2000;

/** Why an address part is refused (001 §5), or null when it is a good one. */
export function checkEmailAddressPart(part: string): MessageKey | null {
  if (part.length === 0) return 'email.addressPartRequired';
  if (part.length > EMAIL_ADDRESS_PART_MAX) return 'email.addressPartMax';
  if (!ADDRESS_PART.test(part) || part.startsWith('.') || part.endsWith('.') || part.includes('..'))
    return 'email.addressPartInvalid';
  return null;
}

/**
 * The full address of an email channel account: the partner's user prefix (000 §1 "the email user prefix is
 * kp-"), the business's address part, and one of the domains Sapa receives mail for. Lower case.
 */
export function emailAddressOf(prefix: string, part: string, domain: string): string {
  return `${prefix}${part}@${domain}`.toLowerCase();
}

const settings = {
  displayName: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(EMAIL_DISPLAY_NAME_MAX, 'livechat.nameMax'),
  header: z.string().trim().max(EMAIL_HEADER_FOOTER_MAX, 'validation.invalid').default(''),
  footer: z.string().trim().max(EMAIL_HEADER_FOOTER_MAX, 'validation.invalid').default(''),
};

/** How Sapa reaches a mailbox over IMAP: TLS from the start (993), STARTTLS (143), or plain text. */
export const IMAP_SECURITY = ['tls', 'starttls', 'none'] as const;
export type ImapSecurity = (typeof IMAP_SECURITY)[number];

/**
 * A mailbox Sapa also reads over IMAP (an address hosted elsewhere, say the business's own mail provider):
 * new mail in its INBOX reaches the inbox like mail to Sapa's SMTP listener. The password is write-only: an
 * empty one on edit keeps the stored password.
 */
export const imapSettingsSchema = z.object({
  host: z.string().trim().min(1, 'email.imapHostRequired').max(255, 'validation.invalid'),
  port: z.coerce
    .number({ error: 'email.imapPortInvalid' })
    .int('email.imapPortInvalid')
    .min(1, 'email.imapPortInvalid')
    .max(65535, 'email.imapPortInvalid'),
  security: z.enum(IMAP_SECURITY).default('tls'),
  user: z.string().trim().min(1, 'email.imapUserRequired').max(255, 'validation.invalid'),
  password: z.string().max(500, 'validation.invalid').default(''),
});

/**
 * 001 §2 email settings: display name, header, footer (the address is fixed once created); `imap` reads a
 * mailbox too (absent: left as it is; null: no longer read).
 */
export const emailSettingsBody = z.object({ ...settings, imap: imapSettingsSchema.nullable().optional() });

/** 000 §2 /email/create; 001 §5 Email channel. */
export const emailAccountBody = z.object({
  addressPart: z
    .string({ error: 'email.addressPartRequired' })
    .trim()
    .superRefine((part, ctx) => {
      const problem = checkEmailAddressPart(part);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  domain: z
    .string({ error: 'email.domainNotAvailable' })
    .trim()
    .toLowerCase()
    .min(1, 'email.domainNotAvailable'),
  ...settings,
  imap: imapSettingsSchema.nullable().optional(),
});

export const emailDomainsSchema = z.object({
  /** The partner's user prefix put before every address part (000 §1). */
  prefix: z.string(),
  /** The domains Sapa receives mail for; empty: "Email domain not available" (001 §8), create disabled. */
  domains: z.array(z.string()),
});

export const emailEndpoints = {
  domains: defineEndpoint({
    method: 'GET',
    path: '/api/channel-accounts/email/domains',
    response: emailDomainsSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/channel-accounts/email',
    body: emailAccountBody,
    response: channelAccountSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/channel-accounts/email/:id',
    body: emailSettingsBody,
    response: channelAccountSchema,
  }),
} as const;
