import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/rows.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type DrainDefinition, defineDrain } from '../../platform/jobs/job-queue.js';
import { type ChannelAccountRow, connectorFor, getAccount, type TemplateSending } from '../channels/index.js';
import { pauseSender, returnTokens, takeTokens } from './broadcasts.bucket.js';
import { type Claimed, claimQueued, finishDone, requeue } from './broadcasts.claims.js';
import { imageMediaIds, outcomesOf, sendAll } from './broadcasts.delivery.js';
import type { BroadcastEngineHandle } from './broadcasts.start.js';
import { type Progress, sweepBroadcasts } from './broadcasts.sweep.js';
import { applyRecipientTransitions } from './broadcasts.transitions.js';
import { publishProgress } from './broadcasts.views.js';

export interface BroadcastEngineOptions {
  /**
   * A recipient claimed (`sending`) this long ago with no answer recorded and no status from the provider
   * was claimed by a worker that died: it is queued again. 5 minutes by default: the provider's status
   * webhook of a message it did accept must arrive within it, even on a slow machine.
   */
  leaseMs?: number;
  /** Recipients claimed per round and number at most. */
  batchMax?: number;
  /** Attempts of a recipient on retryable errors before it fails. */
  maxAttempts?: number;
}

const PAUSE_ON_THROTTLE_MS = 1_000;
/** Rounds of one worker process whose sends are on their way at once. */
const MAX_ROUNDS_IN_FLIGHT = 4;
/** Progress events per broadcast at most this often while it sends. */
const PROGRESS_EVERY_MS = 500;

/** A sending account with its channel's template sender, cached for a few seconds. */
interface Sender {
  row: ChannelAccountRow;
  templates: TemplateSending;
  at: number;
}

/** One round's answer for a number: how many it claimed, and how long to wait when none. */
interface RoundOutcome {
  claimed: number;
  waitMs: number;
  waiting?: boolean;
}

/**
 * The broadcast sending engine: a drain loop in every worker process (ARCHITECTURE: bulk work never shares
 * the inbound queue). Each round it sweeps (due broadcasts start, late approvals expire, dead workers'
 * recipients return: `broadcasts.sweep.ts`), then per sending number takes tokens from the number's shared
 * bucket (its throughput, 80 msg/s by default, up to 1,000), claims that many recipients, sends them at once
 * through the number's channel connector (`connectorFor(channel).templates`) and records every answer in
 * one statement (`broadcasts.delivery.ts`).
 */
export function broadcastEngine(deps: ServerDeps, options: BroadcastEngineOptions = {}) {
  const leaseMs = options.leaseMs ?? Number(process.env.BROADCAST_LEASE_MS ?? 300_000);
  const batchMax = options.batchMax ?? 500;
  const maxAttempts = options.maxAttempts ?? 8;
  let lastSweep = 0;
  const inFlight = new Set<Promise<void>>();
  const mediaIds = new Map<string, string>();
  const lastProgress = new Map<string, number>();
  /** Per sending number: where this process's claims of each broadcast got to (see `claimQueued`). */
  const claimCursors = new Map<string, Map<string, string>>();
  const senders = new Map<string, Sender>();

  /** The connected account and its template sender; null when it cannot send templates now. */
  const senderOf = async (clientId: string, accountId: string): Promise<Sender | null> => {
    const cached = senders.get(accountId);
    if (cached && Date.now() - cached.at < 5_000) return cached;
    const row = await getAccount(deps.db, clientId, accountId);
    const templates = row ? connectorFor(row.channel)?.templates : undefined;
    if (row?.status !== 'connected' || !templates) return null;
    const entry = { row, templates, at: Date.now() };
    senders.set(accountId, entry);
    return entry;
  };

  const progress: Progress = async (clientId, id, force = false) => {
    const now = Date.now();
    if (!force && now - (lastProgress.get(id) ?? 0) < PROGRESS_EVERY_MS) return;
    lastProgress.set(id, now);
    await publishProgress(deps, clientId, id);
  };

  const cursorsOf = (accountId: string) => {
    let cursors = claimCursors.get(accountId);
    if (!cursors) {
      cursors = new Map();
      claimCursors.set(accountId, cursors);
    }
    return cursors;
  };

  /** Broadcasts whose first recipients were just claimed move from `in_process` to `sending`. */
  async function markSending(clientId: string, claimed: Claimed[]) {
    const starting = [...new Set(claimed.filter((c) => c.broadcastStarting).map((c) => c.broadcastId))];
    if (starting.length)
      await deps.db.execute(sql`
      update broadcasts set status = 'sending', updated_at = now()
      where client_id = ${clientId} and status = 'in_process'
        and id = any(${`{${starting.join(',')}}`}::uuid[])`);
  }

  /** One round for one number: tokens, claims, then the sends beside the next claims. */
  async function sendRound(clientId: string, accountId: string): Promise<RoundOutcome> {
    const roundStarted = Date.now();
    const sender = await senderOf(clientId, accountId);
    if (!sender) return { claimed: 0, waitMs: 1_000 };
    const tokens = await takeTokens(deps.db, clientId, accountId, batchMax);
    const { granted } = tokens;
    if (granted === 0) return { claimed: 0, waitMs: Math.max(5, tokens.waitMs), waiting: true };
    const claimed = await claimQueued(deps.db, clientId, accountId, granted, cursorsOf(accountId));
    await returnTokens(deps.db, clientId, accountId, granted - claimed.length);
    if (!claimed.length) return { claimed: 0, waitMs: 100 };
    await markSending(clientId, claimed);
    // The sends and their recording run beside the next claims (at most MAX_ROUNDS_IN_FLIGHT rounds), so a
    // slow round never holds the number below its throughput; the bucket still paces the claims.
    while (inFlight.size >= MAX_ROUNDS_IN_FLIGHT) await Promise.race(inFlight);
    const round: Promise<void> = deliver(clientId, accountId, sender, claimed, roundStarted)
      .catch((err: unknown) => deps.logger.error({ err, clientId, accountId }, 'broadcast round failed'))
      .finally(() => inFlight.delete(round));
    inFlight.add(round);
    return { claimed: claimed.length, waitMs: 0 };
  }

  /** Sends one round's claimed recipients at once and records every answer in one statement. */
  async function deliver(
    clientId: string,
    accountId: string,
    sender: Sender,
    claimed: Claimed[],
    roundStarted: number,
  ) {
    const touched = [...new Set(claimed.map((c) => c.broadcastId))];
    const session = sender.templates.open(deps, sender.row);
    const sendStarted = Date.now();
    // A claim is only ours until half its lease: after that no send starts, and an answer that has not come
    // by then is an unknown outcome, left `sending` for the recovery (which first applies every status the
    // provider sent, so a message it did accept is known as sent). Hence the lease must exceed half of
    // itself plus a provider call's timeout (15 s).
    const media = await imageMediaIds(deps, clientId, session, claimed, mediaIds);
    const results = await sendAll(session, claimed, media, roundStarted + leaseMs / 2);
    const { transitions, later, throttled } = outcomesOf(results, maxAttempts);
    if (throttled) await pauseSender(deps.db, clientId, accountId, PAUSE_ON_THROTTLE_MS);
    await applyRecipientTransitions(deps.db, clientId, transitions, { source: 'engine', skipLocked: true });
    await requeue(deps.db, clientId, later);
    const recorded = Date.now();
    const finished = await finishDone(deps.db, clientId, touched);
    deps.logger.debug(
      {
        claimed: claimed.length,
        claimMs: sendStarted - roundStarted,
        sendAndRecordMs: recorded - sendStarted,
        totalMs: Date.now() - roundStarted,
      },
      'broadcast round',
    );
    for (const id of touched) await progress(clientId, id, finished.includes(id));
  }

  /**
   * A number with nothing left to claim may be finished (its last answers came in another round); one only
   * waiting for its tokens is not.
   */
  async function finishIdle(clientId: string, accountId: string) {
    const ids = rowsOf(
      await deps.db.execute(sql`
        select id from broadcasts where client_id = ${clientId} and channel_account_id = ${accountId}
          and status in ('in_process', 'sending')`),
    ).map((x) => String(x.id));
    for (const id of await finishDone(deps.db, clientId, ids)) await progress(clientId, id, true);
  }

  /** The numbers with a broadcast to send. */
  async function sendingNumbers() {
    const rows = rowsOf(
      await deps.db.execute(sql`
        select distinct client_id, channel_account_id from broadcasts
        where status in ('in_process', 'sending')`),
    );
    return rows.map((s) => ({ clientId: String(s.client_id), accountId: String(s.channel_account_id) }));
  }

  const drain: DrainDefinition = defineDrain({
    name: 'broadcasts.send',
    pollMs: 500,
    drain: async () => {
      if (Date.now() - lastSweep >= 1_000) {
        lastSweep = Date.now();
        await sweepBroadcasts(deps, leaseMs, progress);
      }
      const numbers = await sendingNumbers();
      if (!numbers.length) return false;
      const rounds = await Promise.all(
        numbers.map(async ({ clientId, accountId }) => {
          const r = await sendRound(clientId, accountId);
          if (r.claimed === 0 && !r.waiting) await finishIdle(clientId, accountId);
          return r;
        }),
      );
      if (rounds.some((r) => r.claimed > 0)) return true;
      // Nothing to send this instant (tokens, back-off): wait for the nearest reason to look again.
      const wait = Math.min(...rounds.map((r) => r.waitMs || 100), 200);
      await new Promise((resolve) => setTimeout(resolve, wait));
      return true;
    },
  });

  const handle: BroadcastEngineHandle = { wake: () => deps.jobs.wake(drain) };
  return { drain, handle };
}
