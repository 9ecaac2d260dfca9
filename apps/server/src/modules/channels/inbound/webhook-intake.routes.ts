import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../../../platform/auth/route-access.js';
import type { ServerDeps } from '../../../platform/deps.js';
import { badRequest, notFound, unauthorized } from '../../../platform/http/errors.js';
import { storableJsonText } from '../../../platform/http/unstorable-text.js';
import type { ConnectorWebhook } from '../connectors/connector.js';
import { connectorFor } from '../connectors/registry.js';
import { channelOfWebhookPath } from '../connectors/webhook-paths.js';
import { INBOUND_LANES, type InboundDrains, type InboundLane } from './inbound-drain.js';
import { createAccountCache, createEventStore, isAccountId, sqlStateOf } from './webhook-intake.service.js';

type AccountCache = ReturnType<typeof createAccountCache>;
type EventStore = ReturnType<typeof createEventStore>;

/**
 * Every provider's webhook deliveries, one channel-neutral route: `POST /webhooks/<path>/<channel account id>`
 * (`connectors/webhook-paths.ts`: `whatsapp-cloud`, `telegram`). An encapsulated plugin so that its JSON
 * parser keeps the raw bytes a signature is computed over. The account's connector verifies them
 * (`webhook.verify`, constant time) with its sealed secret; the delivery is stored in `inbound_events` under
 * the provider's id of the delivery (or the sha256 of its bytes), so a redelivery stores nothing twice, and
 * answered 200 once committed. The lane's drainer (`inbound-batch.ts`) parses it with the same connector:
 * this process's loop is woken at once, other processes' loops find it on their sweep.
 */
export async function registerWebhookIntakeRoutes(
  app: FastifyInstance,
  deps: ServerDeps,
  drains: InboundDrains,
) {
  const caches = new Map<string, AccountCache>();
  const cacheOf = (channel: string, webhook: ConnectorWebhook) => {
    const cache = caches.get(channel) ?? createAccountCache(deps, channel, webhook.secretOf);
    caches.set(channel, cache);
    return cache;
  };
  // One batcher per lane: a customer's message is never written behind a batch of a broadcast's statuses.
  const storeOf = new Map<InboundLane, EventStore>(
    Object.values(INBOUND_LANES).map((lane) => [lane, createEventStore(deps)]),
  );

  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 4 * 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );

    scope.post<{ Params: { channel: string; channelAccountId: string } }>(
      '/webhooks/:channel/:channelAccountId',
      { config: { access: PUBLIC } },
      async (request, reply) => {
        const channel = channelOfWebhookPath(request.params.channel);
        const webhook = channel ? connectorFor(channel)?.webhook : undefined;
        const id = request.params.channelAccountId;
        if (!channel || !webhook || !isAccountId(id)) throw notFound();
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const deliveries = deliveriesOf(webhook, raw, id, channel);
        const account = await storeVerified(cacheOf(channel, webhook), storeOf, {
          accountId: id,
          deliveries,
          verify: (secret) => webhook.verify({ rawBody: raw, headers: request.headers, secret }),
        });
        // A signed delivery without events: the provider checking the webhook (LINE's verification).
        if (deliveries.length === 0) {
          await webhook.checked?.(deps, { clientId: account.clientId, id });
          return reply.code(200).send({ ok: true });
        }
        // Also for a redelivery: an event stored earlier and not processed yet is taken by the same sweep.
        for (const lane of new Set(deliveries.map((d) => d.lane)))
          deps.jobs.wake(
            lane === INBOUND_LANES.broadcastStatuses ? drains.broadcastStatuses : drains.conversations,
          );
        return reply.code(200).send({ ok: true });
      },
    );
  });
}

interface IntakeDelivery {
  accountId: string;
  channel: string;
  key: string;
  text: string;
  lane: InboundLane;
}

const parsedJson = (text: string, parse: (t: string) => unknown = JSON.parse): unknown => {
  try {
    return parse(text);
  } catch {
    return undefined;
  }
};

/**
 * What a delivery stores: itself, under the provider's id of it when the connector names one, else its
 * bytes' sha256; or, when the connector splits deliveries (`eventsOf`), each of its events under its own key
 * (none for a delivery without events). Stored as jsonb: NUL and lone-surrogate escapes become U+FFFD (the
 * customer's message is kept; the signature is of the raw bytes).
 */
function deliveriesOf(
  webhook: ConnectorWebhook,
  raw: Buffer,
  accountId: string,
  channel: string,
): IntakeDelivery[] {
  const text = storableJsonText(raw.toString('utf8'));
  const body = parsedJson(text, webhook.parseBody);
  const laneOf = (t: string) => webhook.laneOf?.(t) ?? INBOUND_LANES.conversations;
  const events = body === undefined ? null : (webhook.eventsOf?.(body) ?? null);
  if (events)
    return events.map((event) => {
      const eventText = JSON.stringify(event.body);
      return { accountId, channel, key: event.key, text: eventText, lane: laneOf(eventText) };
    });
  const providerKey = body === undefined ? null : (webhook.eventKeyOf?.(body) ?? null);
  const key = providerKey ?? createHash('sha256').update(raw).digest('hex');
  return [{ accountId, channel, key, text, lane: laneOf(text) }];
}

/**
 * Verifies a delivery against its account's secret and stores its events, each in its lane; answers the
 * account. The account is read from the cache; a signature that fails against a cached secret, or a store that
 * finds the account changed, reads the account again once before refusing (401 for a bad signature, 404 for
 * an account gone, 400 for a body that is not JSON PostgreSQL can store).
 */
async function storeVerified(
  accounts: AccountCache,
  stores: Map<InboundLane, EventStore>,
  input: { accountId: string; deliveries: IntakeDelivery[]; verify: (secret: string) => boolean },
) {
  const { accountId, deliveries, verify } = input;
  let account = accounts.get(accountId);
  for (let attempt = 0; ; attempt++) {
    const cached = account !== undefined;
    if (!account) {
      account = await accounts.load(accountId);
      if (!account) throw notFound();
    }
    if (!verify(account.secret)) {
      if (cached && attempt === 0) {
        account = undefined;
        continue;
      }
      throw unauthorized();
    }
    let results: { account: boolean; stored: boolean }[];
    try {
      const sealed = account.sealed;
      results = await Promise.all(deliveries.map((d) => stores.get(d.lane)!({ ...d, sealed })));
    } catch (err) {
      const state = sqlStateOf(err);
      // Not JSON (22P02), or JSON PostgreSQL cannot store (22P05).
      if (state === '22P02' || state === '22P05') throw badRequest('validation.invalid');
      throw err;
    }
    if (results.every((r) => r.account)) return account;
    // Disconnected or changed since it was cached: read it again (404 when gone).
    accounts.drop(accountId);
    if (attempt > 0) throw notFound();
    account = undefined;
  }
}
