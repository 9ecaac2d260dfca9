import type { FastifyInstance } from 'fastify';
import { isObj, type SimContext } from './context.js';
import type { Conversations } from './conversations.js';
import type { CustomerSends } from './customer-sends.js';
import type { NumberRegistry } from './number-registry.js';
import type { StatusScheduler } from './status-scheduler.js';
import type { CustomerMessage, CustomerSendsArgs, RegisterNumberArgs } from './types.js';

/** Control API under /simulator/ (standalone use from other processes). */
export function registerControlRoutes(
  app: FastifyInstance,
  ctx: SimContext,
  deps: {
    registry: NumberRegistry;
    conversations: Conversations;
    customerSends: CustomerSends;
    statuses: StatusScheduler;
  },
): void {
  app.post('/simulator/numbers', async (req, reply) => {
    const b = req.body as RegisterNumberArgs;
    for (const f of [
      'phoneNumberId',
      'wabaId',
      'displayPhoneNumber',
      'accessToken',
      'appSecret',
      'webhookUrl',
    ] as const) {
      if (!isObj(b) || typeof b[f] !== 'string') return reply.code(400).send({ error: `${f} is required` });
    }
    deps.registry.register(b);
    return reply.code(201).send({ ok: true });
  });
  app.get('/simulator/stats', async () => ctx.stats);
  app.post('/simulator/undeliverable', async (req) => {
    const b = req.body as { waId: string; undeliverable?: boolean };
    deps.conversations.setUndeliverable(b.waId, b.undeliverable ?? true);
    return { ok: true };
  });
  app.post('/simulator/window-closed', async (req, reply) => {
    const b = req.body as { phoneNumberId?: string; waId?: string };
    if (!deps.conversations.closeWindow(b.phoneNumberId ?? '', b.waId ?? '')) {
      return reply.code(404).send({ error: 'no such customer' });
    }
    return { ok: true };
  });
  app.get('/simulator/conversation', async (req) => {
    const q = req.query as { phoneNumberId?: string; waId?: string };
    return deps.conversations.businessMessages(q.phoneNumberId ?? '', q.waId ?? '');
  });
  app.post('/simulator/customer-sends', async (req) => {
    const b = req.body as CustomerSendsArgs & { message: CustomerMessage & { bytes?: unknown } };
    const message = { ...b.message } as CustomerMessage & { bytes?: unknown };
    if (typeof message.bytes === 'string') message.bytes = Buffer.from(message.bytes, 'base64');
    return deps.customerSends({ ...b, message: message as CustomerMessage });
  });
  app.post('/simulator/customer-reads', async (req) => {
    const b = req.body as { phoneNumberId: string; waId: string };
    deps.statuses.customerReads(b.phoneNumberId, b.waId);
    return { ok: true };
  });
}
