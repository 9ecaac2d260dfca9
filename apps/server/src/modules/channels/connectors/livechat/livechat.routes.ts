import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  livechatEndpoints,
  maxAttachmentBytes,
  WIDGET_SCRIPT_PATH,
  WIDGET_TOKEN_HEADER,
  type WidgetServerFrame,
  widgetEndpoints,
} from '@sapa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { needs, PUBLIC, requireAuth } from '../../../../platform/auth/route-access.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { AppError, notFound, tooManyRequests } from '../../../../platform/http/errors.js';
import { RateLimiter } from '../../../../platform/http/rate-limiter.js';
import { route } from '../../../../platform/http/route.js';
import { findAccountById } from '../../channels.service.js';
import * as livechat from './livechat.service.js';
import * as visitors from './visitor.service.js';
import { originAllowed, registerVisitorSocket } from './visitor-socket.js';

/** The visitor's token travels in its own header (Authorization is the agents' bearer token). */
const visitorTokenOf = (request: FastifyRequest) => {
  const h = request.headers[WIDGET_TOKEN_HEADER];
  return typeof h === 'string' ? h.trim() : null;
};

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

const rawBody = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

/**
 * The live-chat channel (000 §4 LVC; 001 §3, §5, §8): the owner/admin account endpoints, the public visitor
 * API used by the widget (CORS: the account's domain only), the visitor socket and the widget script.
 */
export async function registerLivechatRoutes(
  app: FastifyInstance,
  deps: ServerDeps,
  online: visitors.OnlineCheck,
) {
  await app.register(async (scope) => {
    // Uploads are the raw file as the body (no multipart); JSON keeps its own parser.
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: maxAttachmentBytes('LVC') },
      (_r, body, done) => done(null, body),
    );
    registerAgentRoutes(scope, deps);
    registerVisitorRoutes(scope, deps, online);
  });
  await registerVisitorSocket(app, deps, online);
  registerWidgetAssets(app);
}

function registerAgentRoutes(app: FastifyInstance, deps: ServerDeps) {
  route(app, livechatEndpoints.create, needs('CREATE_LIVE_CHAT', 'CREATE'), ({ body, request }) =>
    livechat.createLivechatAccount(deps, requireAuth(request), body),
  );
  route(app, livechatEndpoints.get, needs('EDIT_LIVE_CHAT', 'READ'), ({ params, request }) =>
    livechat.getLivechatAccount(deps, requireAuth(request), params.id!),
  );
  route(app, livechatEndpoints.edit, needs('EDIT_LIVE_CHAT', 'UPDATE'), ({ body, params, request }) =>
    livechat.editLivechatAccount(deps, requireAuth(request), params.id!, body),
  );
  route(app, livechatEndpoints.uploadLogo, needs('CREATE_LIVE_CHAT', 'READ'), ({ query, request }) =>
    livechat.uploadLogo(deps, requireAuth(request), rawBody(request.body), query.name),
  );
  route(
    app,
    livechatEndpoints.logo,
    needs('CREATE_LIVE_CHAT', 'READ'),
    async ({ params, request, reply }) => {
      const item = await livechat.readLogo(deps, requireAuth(request).clientId, params.uploadId!);
      return reply.header('cache-control', 'private, max-age=86400').type(item.mime).send(item.bytes);
    },
  );
}

function registerVisitorRoutes(app: FastifyInstance, deps: ServerDeps, online: visitors.OnlineCheck) {
  // CORS: a browser's Origin must be the account's domain; anything else is refused before the handler.
  app.addHook('onRequest', async (request, reply) => {
    const match = /^\/api\/widget\/([0-9a-f-]{36})\//i.exec(request.url);
    const origin = request.headers.origin;
    if (!match || !origin) return;
    const account = await findAccountById(deps.db, match[1]!);
    if (account?.channel !== 'LVC' || account.status !== 'connected') return;
    if (!originAllowed(livechat.livechatConfigOf(account).domain, origin))
      throw new AppError(403, 'livechat.originRefused');
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    if (request.method === 'OPTIONS') {
      reply
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', `${WIDGET_TOKEN_HEADER}, content-type, accept-language`)
        .header('access-control-max-age', '600');
    }
  });
  app.options('/api/widget/*', { config: { access: PUBLIC } }, (_request, reply) => reply.code(204).send());

  // Public endpoints: new sessions per client address, sends and uploads per visitor (in memory per process).
  const sessionsPerIp = new RateLimiter({ limit: 20, windowMs: 10 * 60_000 });
  const writesPerVisitor = new RateLimiter({ limit: 60, windowMs: 60_000 });
  const limit = (limiter: RateLimiter, key: string) => {
    const wait = limiter.retryAfterSeconds(key);
    if (wait > 0) throw tooManyRequests('livechat.tooMany', wait);
    limiter.hit(key);
  };

  const withAccount = async (params: Record<string, string>) =>
    visitors.liveAccount(deps.db, params.accountId!);
  const withVisitor = async (params: Record<string, string>, request: FastifyRequest) => {
    const account = await withAccount(params);
    return { account, visitor: await visitors.requireVisitor(deps.db, account, visitorTokenOf(request)) };
  };
  const toContact = (v: visitors.VisitorRow) => (frame: WidgetServerFrame) =>
    visitors.publishToContact(deps, v.clientId, v.contactId, frame);

  route(app, widgetEndpoints.config, PUBLIC, async ({ params, request }) => {
    const account = await withAccount(params);
    // 001 §4 "changes after embed": the widget loaded from a page of its domain (a same-origin GET has no
    // Origin header, so the Referer's origin counts too).
    const page = request.headers.origin ?? originOf(request.headers.referer);
    const embedded = page !== null && originAllowed(livechat.livechatConfigOf(account).domain, page);
    return visitors.widgetConfig(deps, account, online(account.clientId), embedded);
  });
  route(app, widgetEndpoints.session, PUBLIC, async ({ params, body, request }) => {
    const account = await withAccount(params);
    limit(sessionsPerIp, request.ip);
    return visitors.startSession(deps, account, body);
  });
  route(app, widgetEndpoints.me, PUBLIC, async ({ params, request }) => {
    const { visitor } = await withVisitor(params, request);
    return { visitorId: visitor.id, name: visitor.name ?? '' };
  });
  route(app, widgetEndpoints.messages, PUBLIC, async ({ params, request }) => {
    const { account, visitor } = await withVisitor(params, request);
    return visitors.visitorMessages(deps, account, visitor);
  });
  route(app, widgetEndpoints.send, PUBLIC, async ({ params, request, body }) => {
    const { account, visitor } = await withVisitor(params, request);
    limit(writesPerVisitor, visitor.id);
    return visitors.visitorSend(deps, account, visitor, body, toContact(visitor));
  });
  route(app, widgetEndpoints.attachment, PUBLIC, async ({ params, request, query }) => {
    const { visitor } = await withVisitor(params, request);
    limit(writesPerVisitor, visitor.id);
    return visitors.storeVisitorUpload(deps, visitor, rawBody(request.body), query.name);
  });
  route(app, widgetEndpoints.receipt, PUBLIC, async ({ params, request, body }) => {
    const { visitor } = await withVisitor(params, request);
    return visitors.applyReceipts(deps, visitor, body.messageIds, body.status, toContact(visitor));
  });
  route(app, widgetEndpoints.logo, PUBLIC, async ({ params, reply }) => {
    const account = await withAccount(params);
    const uploadId = livechat.livechatConfigOf(account).logoUploadId;
    if (!uploadId) throw notFound();
    const item = await livechat.readLogo(deps, account.clientId, uploadId);
    return reply.header('cache-control', 'public, max-age=86400').type(item.mime).send(item.bytes);
  });
  route(app, widgetEndpoints.media, PUBLIC, async ({ params, request, reply }) => {
    const { visitor } = await withVisitor(params, request);
    const item = await visitors.visitorMedia(deps, visitor, params.mediaId!);
    return reply
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .type(item.mime)
      .send(item.bytes);
  });
}

/** The built widget (apps/widget/dist/sapa-widget.js); the demo shop page is the demo module's. */
function registerWidgetAssets(app: FastifyInstance) {
  const file = resolve(
    process.env.WIDGET_DIST ?? join(import.meta.dirname, '../../../../../../widget/dist'),
    'sapa-widget.js',
  );
  app.get(WIDGET_SCRIPT_PATH, { config: { access: PUBLIC } }, async (_request, reply) => {
    if (!existsSync(file)) throw notFound();
    return reply
      .header('cache-control', 'public, max-age=300')
      .header('access-control-allow-origin', '*')
      .type('text/javascript; charset=utf-8')
      .send(await readFile(file));
  });
}
