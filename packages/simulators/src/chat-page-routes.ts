import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { serveEventStream } from './event-stream.js';

/** A customer page's query (history and live feed) and send body: loose strings from the page. */
export type PageQuery = Record<string, string | undefined>;
export type PageBody = Record<string, unknown>;

/** A send the page's customer must correct (answered 400 with the text). */
export class PageRefusal {
  constructor(readonly error: string) {}
}

export const refuse = (error: string) => new PageRefusal(error);

/** A stored file the page shows (its bytes and type). */
export interface PageFile {
  bytes: Buffer;
  mime: string;
}

/**
 * What one provider's customer page needs from its simulator: the page, the business accounts to pick from,
 * a chat's history, sending, the files it links to and the live feed of a chat.
 */
export interface ChatPageRoutes {
  /** The page at `/`, or pages at their own paths (`/messenger`, `/instagram`). */
  html: string | { path: string; html: string }[];
  accounts: { path: string; list: (q: PageQuery) => unknown[] };
  history: { path: string; entries: (q: PageQuery) => unknown[] };
  send: (body: PageBody) => PageRefusal | Promise<unknown>;
  files: { path: string; get: (id: string) => PageFile | undefined };
  subscribe: (q: PageQuery, res: ServerResponse) => () => void;
  /** The customer read the business's messages (`customer/read`, pages with read receipts). */
  read?: (body: PageBody) => unknown;
}

/** Registers a customer page's routes: `/`, its accounts, history, `customer/send`, files and `customer/events`. */
export function registerChatPageRoutes(app: FastifyInstance, page: ChatPageRoutes): void {
  const pages = typeof page.html === 'string' ? [{ path: '/', html: page.html }] : page.html;
  for (const { path, html } of pages)
    app.get(path, async (_req, reply) => reply.type('text/html; charset=utf-8').send(html));
  app.get(`/${page.accounts.path}`, async (req) => page.accounts.list(req.query as PageQuery));
  app.get(`/${page.history.path}`, async (req) => ({
    entries: page.history.entries(req.query as PageQuery),
  }));
  app.post('/customer/send', async (req, reply) => {
    const body = req.body && typeof req.body === 'object' ? (req.body as PageBody) : {};
    const outcome = await page.send(body);
    return outcome instanceof PageRefusal ? reply.code(400).send({ error: outcome.error }) : outcome;
  });
  app.get<{ Params: { id: string } }>(`/${page.files.path}/:id`, async (req, reply) => {
    const file = page.files.get(req.params.id);
    if (!file) return reply.code(404).send({ error: 'not found' });
    return reply.header('content-type', file.mime).send(file.bytes);
  });
  app.get('/customer/events', (req, reply) => {
    serveEventStream(req, reply, (res) => page.subscribe(req.query as PageQuery, res));
  });
  const read = page.read;
  if (read)
    app.post('/customer/read', async (req) => {
      await read(req.body && typeof req.body === 'object' ? (req.body as PageBody) : {});
      return { ok: true };
    });
}

/** A file the page uploaded (base64, type, name), if the body has one. */
export function uploadedFile(body: PageBody, key = 'file') {
  const f = body[key] as { base64?: string; mime?: string; name?: string } | undefined;
  if (!f || typeof f.base64 !== 'string') return undefined;
  return {
    bytes: Buffer.from(f.base64, 'base64'),
    mime: f.mime || 'application/octet-stream',
    filename: f.name || 'file',
  };
}

/** A body field as a string ('' when absent). */
export const str = (body: PageBody | PageQuery, key: string) =>
  typeof body[key] === 'string' || typeof body[key] === 'number' ? String(body[key]) : '';

/** A tap on a reply button of the page (`{ tap: { id, title, messageId } }`), if the body is one. */
export function tapOf(body: PageBody): { id: string; title: string; messageId: string } | null {
  const t = body.tap as { id?: unknown; title?: unknown; messageId?: unknown } | undefined;
  if (!t || typeof t.id !== 'string' || typeof t.title !== 'string') return null;
  return { id: t.id, title: t.title, messageId: typeof t.messageId === 'string' ? t.messageId : '' };
}
