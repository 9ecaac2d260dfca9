import { uuidv7 } from 'uuidv7';
import { createNaturalBatcher } from '../../../platform/db/natural-batcher.js';
import type { ServerDeps } from '../../../platform/deps.js';
import { type ChannelAccountRow, findAccountById, openSecrets } from '../channels.service.js';
import { type StoreRequest, storeDeliveries, storeDelivery } from './webhook-intake.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A webhook path names an account by its id: anything else names none. */
export const isAccountId = (id: string) => UUID.test(id);

/** The connected account of this channel a webhook path names, or undefined. */
export async function connectedAccount(
  deps: ServerDeps,
  channel: string,
  id: string,
): Promise<ChannelAccountRow | undefined> {
  if (!isAccountId(id)) return undefined;
  const row = await findAccountById(deps.db, id);
  return row && row.channel === channel && row.status === 'connected' ? row : undefined;
}

/** What the webhook needs of an account, kept between requests (see `createAccountCache`). */
interface CachedAccount {
  clientId: string;
  /** The sealed secrets as stored: the store statement checks them, so a change is noticed at once. */
  sealed: string;
  /** The secret the connector checks deliveries with (WhatsApp: the app secret; Telegram: the secret token). */
  secret: string;
}

/**
 * Connected accounts of one channel by id, so that a delivery costs one statement, not two. Never stale in
 * effect: the statement that stores an event re-checks, in the database, that the account is still
 * connected with the same sealed secrets; when it is not, the entry is dropped and read again.
 * `secretOf` picks, from the account's opened secrets, the one its connector verifies deliveries with.
 */
export function createAccountCache(
  deps: ServerDeps,
  channel: string,
  secretOf: (secrets: Record<string, unknown>) => string,
  max = 10_000,
) {
  const entries = new Map<string, CachedAccount>();
  return {
    get: (id: string) => entries.get(id),
    drop: (id: string) => entries.delete(id),
    async load(id: string): Promise<CachedAccount | undefined> {
      entries.delete(id);
      const account = await connectedAccount(deps, channel, id);
      if (!account) return undefined;
      const entry = {
        clientId: account.clientId,
        sealed: account.secrets,
        secret: secretOf(openSecrets<Record<string, unknown>>(deps, account)),
      };
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(id, entry);
      return entry;
    },
  };
}

/**
 * The webhook's store, naturally batched (`createNaturalBatcher`): deliveries that arrive while one is being
 * stored go together in one statement and one commit, so a broadcast's thousands of status webhooks a second
 * cost a few WAL flushes instead of one each. Each delivery is still answered only after its commit. Ids are
 * UUIDv7 made in arrival order, so the drainers' order (received, id) is the arrival order. Each lane has its
 * own store, so a lane's deliveries wait only behind their own lane's batch.
 */
export function createEventStore(deps: ServerDeps) {
  return createNaturalBatcher<StoreRequest, { account: boolean; stored: boolean }>({
    maxBatch: 200,
    runOne: (r) => storeDelivery(deps.database, r, uuidv7()),
    run: (batch) =>
      storeDeliveries(
        deps.database,
        batch,
        batch.map(() => uuidv7()),
      ),
  });
}

/** The SQLSTATE of a driver error (Drizzle and PGlite may wrap it in `cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
