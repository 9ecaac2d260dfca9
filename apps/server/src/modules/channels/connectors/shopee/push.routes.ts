import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../../../../platform/auth/route-access.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { badRequest, unauthorized } from '../../../../platform/http/errors.js';
import { storableJsonText } from '../../../../platform/http/unstorable-text.js';
import type { InboundDrains } from '../../inbound/inbound-drain.js';
import type { ShopeePush } from './inbound-parse.js';
import { storePush } from './push.service.js';
import {
  completeShopeeConnect,
  SHOPEE_CALLBACK_PATH,
  SHOPEE_PUSH_PATH,
  shopeePushUrl,
} from './shopee-account.service.js';
import { validShopeePush } from './shopee-sign.js';
import { partnerOf } from './shopee-tokens.js';

/**
 * Shopee's two public routes: the consent's redirect back (a browser: the shop connected, then the channels
 * page) and the partner app's push callback. A push is checked by `Authorization` on its raw bytes at Sapa's
 * callback URL (401 otherwise), read as JSON (400 otherwise), and stored in `inbound_events` under the
 * connected account of its `shop_id` with its message id as key (a redelivery stores nothing), then answered
 * 200 with an empty body as Shopee expects; a push for a shop no business has connected is answered 200 and
 * dropped (Shopee would otherwise retry it).
 */
export async function registerShopeeRoutes(app: FastifyInstance, deps: ServerDeps, drains: InboundDrains) {
  app.get(SHOPEE_CALLBACK_PATH, { config: { access: PUBLIC } }, async (request, reply) => {
    const query = Object.fromEntries(
      Object.entries((request.query ?? {}) as Record<string, unknown>).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      ),
    );
    return reply.redirect(await completeShopeeConnect(deps, query), 303);
  });

  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(SHOPEE_PUSH_PATH, { config: { access: PUBLIC } }, async (request, reply) => {
      const partner = partnerOf(deps);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const authorization = request.headers.authorization;
      if (
        !partner ||
        !validShopeePush(raw, {
          partnerKey: partner.partnerKey,
          callbackUrl: shopeePushUrl(deps),
          authorization,
        })
      )
        throw unauthorized();
      const text = storableJsonText(raw.toString('utf8'));
      let push: ShopeePush;
      try {
        push = JSON.parse(text) as ShopeePush;
      } catch {
        throw badRequest('validation.invalid');
      }
      if (await storePush(deps, push, raw, text)) deps.jobs.wake(drains.conversations);
      return reply.code(200).send('');
    });
  });
}
