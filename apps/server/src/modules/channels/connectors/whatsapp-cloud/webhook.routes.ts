import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../../../../platform/auth/route-access.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../../../platform/http/errors.js';
import { storableJsonText } from '../../../../platform/http/unstorable-text.js';
import { openSecrets } from '../../channels.service.js';
import { INBOUND_LANES } from '../../inbound/inbound-drain.js';
import type { WhatsappInboundDrains } from './inbound.js';
import { laneOfDeliveryText } from './inbound-lane.js';
import {
  connectedAccount,
  createAccountCache,
  createEventStore,
  isAccountId,
  sqlStateOf,
} from './webhook.service.js';

/** Meta's X-Hub-Signature-256 over the raw bytes, compared in constant time. */
export function validMetaSignature(appSecret: string, raw: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice(7), 'hex');
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * WhatsApp Cloud webhooks (reference/channel-protocols.md §1a): the verification handshake and deliveries.
 * An encapsulated plugin so that its JSON parser keeps the raw bytes the signature is computed over.
 *
 * A delivery is acknowledged once it is stored (`inbound_events`, in its lane: `inbound-lane.ts`); the lane's
 * drainer (`inbound.ts`) processes it: this process's loop is woken at once, other processes' loops find it
 * on their sweep.
 */
export async function registerWhatsappWebhookRoutes(
  app: FastifyInstance,
  deps: ServerDeps,
  drains: WhatsappInboundDrains,
) {
  const accounts = createAccountCache(deps);
  // One batcher per lane: a customer's message is never written behind a batch of a broadcast's statuses.
  const storeOf = new Map(Object.values(INBOUND_LANES).map((lane) => [lane, createEventStore(deps)]));

  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 4 * 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );

    scope.get<{ Params: { channelAccountId: string }; Querystring: Record<string, string | undefined> }>(
      '/webhooks/whatsapp-cloud/:channelAccountId',
      { config: { access: PUBLIC } },
      async (request, reply) => {
        const account = await connectedAccount(deps, request.params.channelAccountId);
        if (!account) throw notFound();
        const q = request.query;
        const { verifyToken } = openSecrets(deps, account);
        const given = Buffer.from(q['hub.verify_token'] ?? '');
        const expected = Buffer.from(verifyToken);
        const matches = given.length === expected.length && timingSafeEqual(given, expected);
        if (q['hub.mode'] !== 'subscribe' || !matches) throw forbidden();
        return reply
          .code(200)
          .type('text/plain')
          .send(q['hub.challenge'] ?? '');
      },
    );

    scope.post<{ Params: { channelAccountId: string } }>(
      '/webhooks/whatsapp-cloud/:channelAccountId',
      { config: { access: PUBLIC } },
      async (request, reply) => {
        const id = request.params.channelAccountId;
        if (!isAccountId(id)) throw notFound();
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-hub-signature-256'];
        const header = typeof signature === 'string' ? signature : undefined;
        const key = createHash('sha256').update(raw).digest('hex');
        // Stored as jsonb: NUL and lone-surrogate escapes become U+FFFD (the customer's message is kept;
        // the signature and the redelivery key are of the raw bytes).
        const text = storableJsonText(raw.toString('utf8'));
        const lane = laneOfDeliveryText(text);

        let account = accounts.get(id);
        for (let attempt = 0; ; attempt++) {
          const cached = account !== undefined;
          if (!account) {
            account = await accounts.load(id);
            if (!account) throw notFound();
          }
          if (!validMetaSignature(account.appSecret, raw, header)) {
            // Checked against a cached secret: read the account again once before refusing.
            if (cached && attempt === 0) {
              account = undefined;
              continue;
            }
            throw unauthorized();
          }
          let result: { account: boolean; stored: boolean };
          try {
            result = await storeOf.get(lane)!({ accountId: id, sealed: account.sealed, key, text, lane });
          } catch (err) {
            const state = sqlStateOf(err);
            // Not JSON (22P02), or JSON PostgreSQL cannot store (22P05).
            if (state === '22P02' || state === '22P05') throw badRequest('validation.invalid');
            throw err;
          }
          if (!result.account) {
            // Disconnected or changed since it was cached: read it again (404 when gone).
            accounts.drop(id);
            if (attempt === 0) {
              account = undefined;
              continue;
            }
            throw notFound();
          }
          break;
        }
        // Also for a redelivery: an event stored earlier and not processed yet is taken by the same sweep.
        deps.jobs.wake(
          lane === INBOUND_LANES.broadcastStatuses ? drains.broadcastStatuses : drains.conversations,
        );
        return reply.code(200).send({ ok: true });
      },
    );
  });
}
