import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/database.js';
import type { ServerDeps } from '../../../platform/deps.js';
import type { DrainDefinition } from '../../../platform/jobs/job-queue.js';

/** One stored provider event claimed for processing. */
export interface ClaimedEvent {
  clientId: string;
  id: string;
  channelAccountId: string;
  raw: unknown;
  /** Earlier attempts (failed, or deferred by the processor). */
  attempts: number;
}

/** What processing a batch decided, applied in the batch's own transaction. */
export interface BatchOutcome {
  /**
   * Events to try again later although nothing failed (e.g. a status naming a message whose wamid is not
   * saved yet), with the reason. Everything else in the batch is marked processed.
   */
  deferred: Map<string, string>;
  /** Runs after the commit (real-time events, follow-up jobs); its failures are logged, never retried. */
  afterCommit: () => Promise<void>;
}

/** Processes the claimed events inside the transaction that claimed them. Must be idempotent per event. */
export type ProcessBatch = (tx: Tx, events: ClaimedEvent[]) => Promise<BatchOutcome>;

/**
 * Drain lanes of `inbound_events`. Statuses of broadcast messages (two per recipient, thousands a second while
 * a broadcast sends) have a lane of their own: they only move broadcast recipients, so they need no order
 * with anything else, and customers' messages never wait behind them.
 */
export const INBOUND_LANES = { conversations: 0, broadcastStatuses: 1 } as const;
export type InboundLane = (typeof INBOUND_LANES)[keyof typeof INBOUND_LANES];

/** The drainer of each lane (`inbound-batch.ts`); a webhook wakes its delivery's lane. */
export interface InboundDrains {
  /** Customers' messages, statuses of agents' messages, template reviews (lane 0). */
  conversations: DrainDefinition;
  /** Status-only deliveries of broadcast messages (lane 1). */
  broadcastStatuses: DrainDefinition;
}

export interface InboundDrainOptions {
  /** The lane this drainer takes (every lane has its own drainer and lock). */
  lane: InboundLane;
  /** Events claimed per transaction. */
  batchSize: number;
  /** A deferred event is tried this many times, then marked processed anyway. */
  maxDeferrals: number;
}

/**
 * Inbound processing serialises on a transaction-level advisory lock per lane (this key plus the lane): one
 * batch of a lane at a time over every process, so a contact's messages are applied and published in the
 * order they were received even when several workers drain. SKIP LOCKED still keeps a claim from waiting on
 * rows another session holds.
 */
export const INBOUND_DRAIN_LOCK = 0x5a9a_1b0d;

/** Retry delay after the n-th failed or deferred attempt: 1 s, 2 s, 4 s … at most 5 minutes. */
function retryDelaySeconds(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 300);
}

async function claim(tx: Tx, lane: InboundLane, limit: number, onlyId?: { clientId: string; id: string }) {
  const only = onlyId ? sql`and client_id = ${onlyId.clientId} and id = ${onlyId.id}` : sql``;
  const result = (await tx.execute(sql`
    select client_id, id, channel_account_id, raw, attempts
    from inbound_events
    where lane = ${lane} and processed_at is null and (next_attempt_at is null or next_attempt_at <= now()) ${only}
    order by received_at, id
    limit ${limit}
    for update skip locked`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map(
    (r): ClaimedEvent => ({
      clientId: String(r.client_id),
      id: String(r.id),
      channelAccountId: String(r.channel_account_id),
      raw: typeof r.raw === 'string' ? JSON.parse(r.raw) : r.raw,
      attempts: Number(r.attempts),
    }),
  );
}

async function markProcessed(tx: Tx, events: ClaimedEvent[]) {
  if (events.length === 0) return;
  // Two array parameters rather than two per event (a status batch holds 500).
  const clients = `{${events.map((e) => e.clientId).join(',')}}`;
  const ids = `{${events.map((e) => e.id).join(',')}}`;
  await tx.execute(sql`
    update inbound_events set processed_at = now(), next_attempt_at = null
    where (client_id, id) in (select * from unnest(${clients}::uuid[], ${ids}::uuid[]))`);
}

async function markRetry(
  db: Db | Tx,
  event: { clientId: string; id: string; attempts: number },
  reason: string,
) {
  const attempts = event.attempts + 1;
  await db.execute(sql`
    update inbound_events
    set attempts = ${attempts},
        next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(attempts)}),
        last_error = ${reason.slice(0, 500)}
    where client_id = ${event.clientId} and id = ${event.id} and processed_at is null`);
}

/**
 * The drainer of one lane of `inbound_events`: claims the oldest stored, unprocessed events that are due (`FOR UPDATE
 * SKIP LOCKED`, ordered by arrival), processes them in one transaction with `process`, marks them processed
 * in that same transaction, then runs the batch's after-commit work (real-time events).
 *
 * A failing batch is rolled back and its events are processed one by one, each in its own transaction, so
 * one bad event never holds back the others; an event that fails alone is retried later with back-off
 * (`attempts`, `next_attempt_at`, `last_error`), forever: nothing stored is ever dropped. Events of a
 * process that died mid-batch were never marked processed, so the next sweep takes them again.
 *
 * Returns a function that drains one batch and resolves to true when there may be more right away.
 */
export function createInboundDrain(
  deps: Pick<ServerDeps, 'db' | 'logger'>,
  processBatch: ProcessBatch,
  options: InboundDrainOptions,
): () => Promise<boolean> {
  const log = deps.logger;

  /**
   * One transaction: claim, process, mark. `held` receives the claimed events before processing starts, so
   * a caller still knows them when the transaction fails. Returns the after-commit work.
   */
  async function runBatch(
    limit: number,
    held: { events: ClaimedEvent[] },
    onlyId?: { clientId: string; id: string },
  ): Promise<(() => Promise<void>) | null> {
    let afterCommit: (() => Promise<void>) | null = null;
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${INBOUND_DRAIN_LOCK + options.lane})`);
      const claimed = await claim(tx, options.lane, limit, onlyId);
      held.events = claimed;
      if (claimed.length === 0) return;
      const outcome = await processBatch(tx, claimed);
      const done: ClaimedEvent[] = [];
      for (const event of claimed) {
        const reason = outcome.deferred.get(event.id);
        if (reason !== undefined && event.attempts + 1 < options.maxDeferrals)
          await markRetry(tx, event, reason);
        else done.push(event);
      }
      await markProcessed(tx, done);
      afterCommit = outcome.afterCommit;
    });
    return afterCommit;
  }

  async function runAfterCommit(afterCommit: (() => Promise<void>) | null) {
    if (!afterCommit) return;
    try {
      await afterCommit();
    } catch (err) {
      log.error({ err }, 'inbound after-commit work failed');
    }
  }

  async function recordFailure(event: ClaimedEvent, err: unknown) {
    log.error({ err, eventId: event.id, clientId: event.clientId }, 'inbound event processing failed');
    try {
      await markRetry(deps.db, event, err instanceof Error ? err.message : String(err));
    } catch (markError) {
      // The database itself is failing: the event stays due and a later sweep tries again.
      log.error({ err: markError, eventId: event.id }, 'could not record the inbound failure');
    }
  }

  return async function drainOnce(): Promise<boolean> {
    const held = { events: [] as ClaimedEvent[] };
    try {
      await runAfterCommit(await runBatch(options.batchSize, held));
      return held.events.length >= options.batchSize;
    } catch (batchError) {
      // Nothing claimed: the database is failing; the loop backs off and sweeps again.
      if (held.events.length === 0) throw batchError;
      if (held.events.length === 1) {
        await recordFailure(held.events[0]!, batchError);
        return true;
      }
      // Process the failed batch's events one by one so that one bad event holds back nobody else.
      for (const event of held.events) {
        const alone = { events: [] as ClaimedEvent[] };
        try {
          await runAfterCommit(await runBatch(1, alone, event));
        } catch (err) {
          await recordFailure(event, err);
        }
      }
      return true;
    }
  };
}
