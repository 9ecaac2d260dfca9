import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { PUBLIC } from '../../../../platform/auth/route-access.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../../../platform/http/errors.js';
import type { JobDefinition } from '../../../../platform/jobs/job-queue.js';
import { inboundEvents } from '../../channels.schema.js';
import { type ChannelAccountRow, findAccountById, openSecrets } from '../../channels.service.js';
import type { inboundJobSchema } from './inbound.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Meta's X-Hub-Signature-256 over the raw bytes, compared in constant time. */
export function validMetaSignature(appSecret: string, raw: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice(7), 'hex');
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function connectedAccount(deps: ServerDeps, id: string): Promise<ChannelAccountRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const row = await findAccountById(deps.db, id);
  return row && row.channel === 'WAP' && row.status === 'connected' ? row : undefined;
}

/**
 * WhatsApp Cloud webhooks (reference/channel-protocols.md §1a): the verification handshake and deliveries.
 * An encapsulated plugin so that its JSON parser keeps the raw bytes the signature is computed over.
 */
export async function registerWhatsappWebhookRoutes(
  app: FastifyInstance,
  deps: ServerDeps,
  inboundJob: JobDefinition<typeof inboundJobSchema>,
) {
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
        const account = await connectedAccount(deps, request.params.channelAccountId);
        if (!account) throw notFound();
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { appSecret } = openSecrets(deps, account);
        const signature = request.headers['x-hub-signature-256'];
        if (!validMetaSignature(appSecret, raw, typeof signature === 'string' ? signature : undefined)) {
          throw unauthorized();
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          throw badRequest('validation.invalid');
        }
        const key = createHash('sha256').update(raw).digest('hex');
        const inserted = await deps.db
          .insert(inboundEvents)
          .values({
            clientId: account.clientId,
            id: uuidv7(),
            channelAccountId: account.id,
            providerEventKey: key,
            raw: parsed,
          })
          .onConflictDoNothing()
          .returning({ id: inboundEvents.id });
        let eventId = inserted[0]?.id;
        if (!eventId) {
          // A redelivery: enqueue again only if the first one was never processed (e.g. died before enqueue).
          const [existing] = await deps.db
            .select({ id: inboundEvents.id, processedAt: inboundEvents.processedAt })
            .from(inboundEvents)
            .where(
              and(
                eq(inboundEvents.clientId, account.clientId),
                eq(inboundEvents.channelAccountId, account.id),
                eq(inboundEvents.providerEventKey, key),
              ),
            );
          eventId = existing && !existing.processedAt ? existing.id : undefined;
        }
        if (eventId) {
          await deps.jobs.send(
            inboundJob,
            { clientId: account.clientId, eventId },
            { singletonKey: eventId },
          );
        }
        return reply.code(200).send({ ok: true });
      },
    );
  });
}
