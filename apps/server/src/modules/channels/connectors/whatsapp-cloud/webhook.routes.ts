import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { PUBLIC } from '../../../../platform/auth/route-access.js';
import { createNaturalBatcher } from '../../../../platform/db/natural-batcher.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../../../platform/http/errors.js';
import { storableJsonText } from '../../../../platform/http/unstorable-text.js';
import { type ChannelAccountRow, findAccountById, openSecrets } from '../../channels.service.js';
import { INBOUND_LANES } from '../../inbound/inbound-drain.js';
import type { WhatsappInboundDrains } from './inbound.js';
import { laneOfDeliveryText } from './inbound-lane.js';

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

/** What the webhook needs of an account, kept between requests (see `createAccountCache`). */
interface CachedAccount {
  clientId: string;
  /** The sealed secrets as stored: the store statement checks them, so a change is noticed at once. */
  sealed: string;
  appSecret: string;
}

/**
 * Connected WhatsApp accounts by id, so that a delivery costs one statement, not two. Never stale in
 * effect: the statement that stores an event re-checks, in the database, that the account is still
 * connected with the same sealed secrets; when it is not, the entry is dropped and read again.
 */
function createAccountCache(deps: ServerDeps, max = 10_000) {
  const entries = new Map<string, CachedAccount>();
  return {
    get: (id: string) => entries.get(id),
    drop: (id: string) => entries.delete(id),
    async load(id: string): Promise<CachedAccount | undefined> {
      entries.delete(id);
      const account = await connectedAccount(deps, id);
      if (!account) return undefined;
      const entry = {
        clientId: account.clientId,
        sealed: account.secrets,
        appSecret: openSecrets(deps, account).appSecret,
      };
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(id, entry);
      return entry;
    },
  };
}

/**
 * Stores a delivery in one statement, only while the account is connected with the secrets the signature
 * was checked with. `account` is false when that no longer holds; `stored` is false for a redelivery
 * (the event key is the sha256 of the bytes, unique per account). The body goes in as text and becomes
 * jsonb in the database: invalid JSON fails the statement (22P02).
 */
const STORE_EVENT = `
  with account as (
    select client_id from channel_accounts
    where id = $1 and channel = 'WAP' and status = 'connected' and secrets = $2
  ), stored as (
    insert into inbound_events (client_id, id, channel_account_id, provider_event_key, raw, lane)
    select client_id, $3, $1, $4, $5::jsonb, $6 from account
    on conflict do nothing
    returning id
  )
  select (select count(*) from account)::int as account, (select count(*) from stored)::int as stored`;

/** The same for many deliveries at once (one row each in `$1`, a jsonb array), answered per `n`. */
const STORE_EVENTS = `
  with input as (
    select * from jsonb_to_recordset($1::jsonb) as x(n int, a uuid, s text, i uuid, k text, r text, l smallint)
  ), account as (
    select input.n, c.client_id from input
    join channel_accounts c on c.id = input.a and c.channel = 'WAP' and c.status = 'connected' and c.secrets = input.s
  ), stored as (
    insert into inbound_events (client_id, id, channel_account_id, provider_event_key, raw, lane)
    select account.client_id, input.i, input.a, input.k, input.r::jsonb, input.l
    from input join account on account.n = input.n
    order by input.n
    on conflict do nothing
    returning id
  )
  select input.n, (account.n is not null) as account, (stored.id is not null) as stored
  from input left join account on account.n = input.n left join stored on stored.id = input.i
  order by input.n`;

interface StoreRequest {
  accountId: string;
  sealed: string;
  key: string;
  text: string;
  lane: number;
}

/**
 * The webhook's store, naturally batched (`createNaturalBatcher`): deliveries that arrive while one is being
 * stored go together in one statement and one commit, so a broadcast's thousands of status webhooks a second
 * cost a few WAL flushes instead of one each. Each delivery is still answered only after its commit. Ids are
 * UUIDv7 made in arrival order, so the drainers' order (received, id) is the arrival order. Each lane has its
 * own store, so a lane's deliveries wait only behind their own lane's batch.
 */
function createEventStore(deps: ServerDeps) {
  const one = async (r: StoreRequest) => {
    const { rows } = await deps.database.sql.query<{ account: number; stored: number }>(STORE_EVENT, [
      r.accountId,
      r.sealed,
      uuidv7(),
      r.key,
      r.text,
      r.lane,
    ]);
    return { account: Number(rows[0]?.account ?? 0) > 0, stored: Number(rows[0]?.stored ?? 0) > 0 };
  };
  return createNaturalBatcher<StoreRequest, { account: boolean; stored: boolean }>({
    maxBatch: 200,
    runOne: one,
    run: async (batch) => {
      const input = batch.map((r, n) => ({
        n,
        a: r.accountId,
        s: r.sealed,
        i: uuidv7(),
        k: r.key,
        r: r.text,
        l: r.lane,
      }));
      const { rows } = await deps.database.sql.query<{ n: number; account: boolean; stored: boolean }>(
        STORE_EVENTS,
        [JSON.stringify(input)],
      );
      return rows.map((row) => ({ account: row.account === true, stored: row.stored === true }));
    },
  });
}

/** The SQLSTATE of a driver error (Drizzle and PGlite may wrap it in `cause`). */
function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
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
        if (!UUID.test(id)) throw notFound();
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
