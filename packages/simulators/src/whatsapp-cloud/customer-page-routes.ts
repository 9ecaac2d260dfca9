import type { FastifyInstance } from 'fastify';
import { isObj, key } from './context.js';
import type { Conversations } from './conversations.js';
import { type CustomerFeed, pageEntry, visible } from './customer-feed.js';
import type { CustomerSends } from './customer-sends.js';
import type { MediaStore } from './media-store.js';
import type { NumberRegistry } from './number-registry.js';
import { customerPageHtml } from './page.js';
import type { StatusScheduler } from './status-scheduler.js';
import type { CustomerMessage } from './types.js';
import { toWaId } from './wire.js';

/** The customer phone page: HTML, numbers, thread, send / read, media and the live event stream. */
export function registerCustomerPageRoutes(
  app: FastifyInstance,
  deps: {
    registry: NumberRegistry;
    conversations: Conversations;
    mediaStore: MediaStore;
    feed: CustomerFeed;
    customerSends: CustomerSends;
    statuses: StatusScheduler;
  },
): void {
  const { numbers } = deps.registry;

  app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').send(customerPageHtml));

  app.get('/customer/numbers', async () =>
    [...numbers.values()].map((n) => ({
      phoneNumberId: n.phoneNumberId,
      displayPhoneNumber: n.displayPhoneNumber,
      businessName: n.businessName ?? n.displayPhoneNumber,
    })),
  );

  app.get('/customer/conversation', async (req) => {
    const q = req.query as { phoneNumberId?: string; waId?: string };
    const c = deps.conversations.find(q.phoneNumberId ?? '', q.waId ?? '');
    return { entries: c ? c.thread.filter(visible).map(pageEntry) : [] };
  });

  app.post('/customer/send', async (req, reply) => {
    const b = (isObj(req.body) ? req.body : {}) as {
      phoneNumberId?: string;
      waId?: string;
      name?: string;
      text?: string;
      image?: { base64: string; mime: string };
      caption?: string;
      buttonReply?: { id: string; title: string };
      listReply?: { id: string; title: string };
      buttonPayload?: { payload: string; text: string };
      contextMessageId?: string;
    };
    if (!b.phoneNumberId || !numbers.has(b.phoneNumberId) || !b.waId || !toWaId(b.waId)) {
      return reply
        .code(400)
        .send({ error: 'Choose a business number and enter your phone number (digits).' });
    }
    let message: CustomerMessage;
    if (b.image) {
      message = {
        type: 'image',
        bytes: Buffer.from(b.image.base64, 'base64'),
        mime: b.image.mime || 'image/jpeg',
        ...(b.caption ? { caption: b.caption } : {}),
      };
    } else if (b.buttonReply) message = { type: 'interactive', buttonReply: b.buttonReply };
    else if (b.listReply) message = { type: 'interactive', listReply: b.listReply };
    else if (b.buttonPayload) message = { type: 'button', ...b.buttonPayload };
    else if (b.text?.trim()) message = { type: 'text', text: b.text };
    else return reply.code(400).send({ error: 'Type a message or attach an image.' });
    return deps.customerSends({
      phoneNumberId: b.phoneNumberId,
      from: b.waId,
      name: b.name ?? '',
      message,
      ...(b.contextMessageId ? { contextMessageId: b.contextMessageId } : {}),
    });
  });

  app.post('/customer/read', async (req) => {
    const b = (isObj(req.body) ? req.body : {}) as { phoneNumberId?: string; waId?: string };
    deps.statuses.customerReads(b.phoneNumberId ?? '', b.waId ?? '');
    return { ok: true };
  });

  app.get('/customer/media/:mediaId', async (req, reply) => {
    const m = deps.mediaStore.media.get((req.params as { mediaId: string }).mediaId);
    if (!m) return reply.code(404).send({ error: 'not found' });
    return reply.header('content-type', m.mime).send(m.bytes);
  });

  app.get('/customer/events', (req, reply) => {
    const q = req.query as { phoneNumberId?: string; waId?: string };
    const k = key(q.phoneNumberId ?? '', toWaId(q.waId ?? ''));
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    const unsubscribe = deps.feed.subscribe(k, res);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), 25_000);
    heartbeat.unref();
    req.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
}
