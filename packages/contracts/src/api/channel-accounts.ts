import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { channelCodeSchema } from './inbox.js';

/** A connected channel account (001 §3 Channel account). Secrets are write-only: never returned. */
export const channelAccountSchema = z.object({
  id: z.string().uuid(),
  channel: channelCodeSchema,
  name: z.string(),
  /** WhatsApp: the display number; live chat: the domain. */
  address: z.string(),
  status: z.enum(['connected', 'disconnected']),
  /** Where the provider must post its webhooks (WhatsApp Cloud). */
  webhookUrl: z.string().nullable(),
  createdAt: z.number(),
});
export type ChannelAccount = z.infer<typeof channelAccountSchema>;

const digits = z
  .string()
  .trim()
  .regex(/^\d{5,20}$/, 'validation.invalid');

export const whatsappCloudAccountBody = z.object({
  name: z.string().trim().min(1, 'validation.required').max(60),
  displayPhoneNumber: z
    .string()
    .trim()
    .regex(/^\d{9,15}$/, 'validation.phone'),
  phoneNumberId: digits,
  wabaId: digits,
  accessToken: z.string().trim().min(10, 'validation.invalid').max(1000),
  appSecret: z.string().trim().min(8, 'validation.invalid').max(200),
  verifyToken: z.string().trim().min(8, 'validation.invalid').max(200),
  /** The provider's Graph API base; the simulator's in demo and tests. */
  graphBaseUrl: z.string().url().optional(),
});

export const channelAccountEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/channel-accounts',
    response: z.object({ items: z.array(channelAccountSchema) }),
  }),
  connectWhatsappCloud: defineEndpoint({
    method: 'POST',
    path: '/api/channel-accounts/whatsapp-cloud',
    body: whatsappCloudAccountBody,
    response: channelAccountSchema,
  }),
  disconnect: defineEndpoint({
    method: 'DELETE',
    path: '/api/channel-accounts/:id',
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;
