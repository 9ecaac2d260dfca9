import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../../../../platform/auth/route-access.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { forbidden, notFound } from '../../../../platform/http/errors.js';
import { openSecrets } from '../../channels.service.js';
import { connectedAccount } from '../../inbound/webhook-intake.service.js';

/**
 * WhatsApp Cloud's webhook verification handshake (reference/channel-protocols.md §1a): Meta GETs the
 * webhook URL with the verify token and expects the challenge back. Deliveries are POSTed to the same URL and
 * taken by the channel-neutral route (`inbound/webhook-intake.routes.ts`).
 */
export function registerWhatsappVerificationRoute(app: FastifyInstance, deps: ServerDeps) {
  app.get<{ Params: { channelAccountId: string }; Querystring: Record<string, string | undefined> }>(
    '/webhooks/whatsapp-cloud/:channelAccountId',
    { config: { access: PUBLIC } },
    async (request, reply) => {
      const account = await connectedAccount(deps, 'WAP', request.params.channelAccountId);
      if (!account) throw notFound();
      const challenge = metaHandshakeChallenge(request.query, openSecrets(deps, account).verifyToken);
      return reply.code(200).type('text/plain').send(challenge);
    },
  );
}

/**
 * Meta's webhook verification (WhatsApp, Messenger, Instagram): `hub.mode=subscribe` with the account's verify
 * token (compared in constant time) answers `hub.challenge`; anything else is refused (403).
 */
export function metaHandshakeChallenge(
  query: Record<string, string | undefined>,
  verifyToken: string,
): string {
  const given = Buffer.from(query['hub.verify_token'] ?? '');
  const expected = Buffer.from(verifyToken);
  const matches = expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected);
  if (query['hub.mode'] !== 'subscribe' || !matches) throw forbidden();
  return query['hub.challenge'] ?? '';
}
