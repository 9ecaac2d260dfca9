import { z } from 'zod';
import { appInfoResponse } from '../../partner.js';
import { defineEndpoint } from '../endpoint.js';

export const outboxMessageSchema = z.object({
  id: z.string().uuid(),
  channel: z.enum(['email', 'whatsapp']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.number(),
});

export const appEndpoints = {
  info: defineEndpoint({ method: 'GET', path: '/api/app/info', response: appInfoResponse }),
  /** Demo mode only: what the product "sent" by email or WhatsApp when no provider is configured. */
  demoOutbox: defineEndpoint({
    method: 'GET',
    path: '/api/demo/outbox',
    query: z.object({ recipient: z.string().max(254).optional() }),
    response: z.object({ items: z.array(outboxMessageSchema) }),
  }),
} as const;
