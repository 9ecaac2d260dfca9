import type { MessageKey } from '@sapa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/rows.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type DrainDefinition, defineDrain } from '../../platform/jobs/job-queue.js';
import { type WhatsappCloudConfig, whatsappConfigOf } from '../channels/channels.schema.js';
import { type ChannelAccountRow, getAccount, openSecrets } from '../channels/channels.service.js';
import {
  type GraphResult,
  sendMessage,
  uploadMedia,
} from '../channels/connectors/whatsapp-cloud/graph-client.js';
import { failure } from '../channels/connectors/whatsapp-cloud/inbound-normalise.js';
import { broadcastKeyOf } from '../channels/outbound/send-keys.js';
import { mediaStorage } from '../conversations/index.js';
import { pauseSender, returnTokens, takeTokens } from './broadcasts.bucket.js';
import { type Claimed, claimQueued, finishDone, recoverStale, requeue } from './broadcasts.claims.js';
import { broadcasts } from './broadcasts.schema.js';
import { type BroadcastEngineHandle, startBroadcast } from './broadcasts.start.js';
import { applyRecipientTransitions, type RecipientTransition } from './broadcasts.transitions.js';
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

/** The spec's reason for a Graph error code (000 §8 WhatsApp errors). */
function reasonOf(code: number | null): MessageKey {
  if (code === 130429) return 'wa.rateLimit';
  if (code === 131056) return 'wa.pairRateLimit';
  if (code === 131047) return 'wa.reengagement';
  if (code === 131026) return 'wa.undeliverable';
  return 'wa.failed';
}

/** The Graph template message of one recipient: its values fill the body; an empty value is sent as '-'. */
export function broadcastGraphMessage(
  c: Pick<Claimed, 'broadcastId' | 'id' | 'values' | 'templateName' | 'templateLanguage'> & {
    image?: Claimed['image'];
  },
  imageMediaId: string | null = null,
) {
  const components: Record<string, unknown>[] = [];
  if (imageMediaId)
    components.push({ type: 'header', parameters: [{ type: 'image', image: { id: imageMediaId } }] });
  else if (c.image && 'link' in c.image)
    components.push({
      type: 'header',
      parameters: [{ type: c.image.kind, [c.image.kind]: { link: c.image.link } }],
    });
  if (c.values.length)
    components.push({ type: 'body', parameters: c.values.map((v) => ({ type: 'text', text: v || '-' })) });
  return {
    type: 'template',
    template: {
      name: c.templateName,
      language: { code: c.templateLanguage },
      ...(components.length ? { components } : {}),
    },
    biz_opaque_callback_data: broadcastKeyOf(c.broadcastId, c.id),
  };
}

const retryDelayMs = (attempts: number) => Math.min(1000 * 2 ** Math.max(0, attempts - 1), 60_000);
/** 131056: the same customer got too many messages from the number just now; try that one a bit later. */
const PAIR_LIMIT_DELAY_MS = 6_000;
const PAUSE_ON_130429_MS = 1_000;
/** Rounds of one worker process whose sends are on their way at once. */
const MAX_ROUNDS_IN_FLIGHT = 4;
/** Progress events per broadcast at most this often while it sends. */
const PROGRESS_EVERY_MS = 500;

/**
 * The broadcast sending engine: a drain loop in every worker process (ARCHITECTURE: bulk work never shares
 * the inbound queue). Each round it starts scheduled broadcasts that are due (charging them), expires
 * approvals that came too late, requeues recipients of dead workers, then per sending number takes tokens
 * from the number's shared bucket (its throughput, 80 msg/s by default, up to 1,000), claims that many
 * recipients, sends them to the Graph API at once and records every answer in one statement.
 */
export function broadcastEngine(deps: ServerDeps, options: BroadcastEngineOptions = {}) {
  const leaseMs = options.leaseMs ?? Number(process.env.BROADCAST_LEASE_MS ?? 300_000);
  const batchMax = options.batchMax ?? 500;
  const maxAttempts = options.maxAttempts ?? 8;
  let lastSweep = 0;
  const inFlight = new Set<Promise<void>>();
  const mediaIds = new Map<string, string>();
  const lastProgress = new Map<string, number>();
  /** Per sending number: where this process's claims of each broadcast got to (see `claim`). */
  const claimCursors = new Map<string, Map<string, string>>();
  const accounts = new Map<string, { row: ChannelAccountRow; config: WhatsappCloudConfig; at: number }>();

  const accountOf = async (clientId: string, accountId: string) => {
    const cached = accounts.get(accountId);
    if (cached && Date.now() - cached.at < 5_000) return cached;
    const row = await getAccount(deps.db, clientId, accountId);
    if (row?.status !== 'connected') return null;
    const entry = { row, config: whatsappConfigOf(row), at: Date.now() };
    accounts.set(accountId, entry);
    return entry;
  };

  const progress = async (clientId: string, id: string, force = false) => {
    const now = Date.now();
    if (!force && now - (lastProgress.get(id) ?? 0) < PROGRESS_EVERY_MS) return;
    lastProgress.set(id, now);
    await publishProgress(deps, clientId, id);
  };

  /** Due scheduled broadcasts start; approvals nobody gave in time expire; dead workers' claims return. */
  async function sweep() {
    const due = rowsOf(
      await deps.db.execute(sql`
        select client_id, id from broadcasts
        where status = 'scheduled' and scheduled_at <= now() order by scheduled_at limit 20`),
    );
    for (const d of due) {
      const clientId = String(d.client_id);
      const id = String(d.id);
      await deps.db.transaction(async (tx) => {
        const [b] = await tx
          .select()
          .from(broadcasts)
          .where(
            and(eq(broadcasts.clientId, clientId), eq(broadcasts.id, id), eq(broadcasts.status, 'scheduled')),
          )
          .for('update', { skipLocked: true });
        if (b) await startBroadcast(tx, b);
      });
      await progress(clientId, id, true);
    }
    const expired = rowsOf(
      await deps.db.execute(sql`
        update broadcasts set status = 'expired', finished_at = now(), updated_at = now()
        where status = 'need_approval'
          and (scheduled_at <= now() or (scheduled_at is null and created_at < now() - interval '24 hours'))
        returning client_id, id`),
    );
    for (const e of expired) await progress(String(e.client_id), String(e.id), true);
    await recoverStale(deps.db, leaseMs);
  }

  /** One round for one number; answers how many recipients it sent (or tried). */
  async function sendRound(
    clientId: string,
    accountId: string,
  ): Promise<{ claimed: number; waitMs: number; waiting?: boolean }> {
    const roundStarted = Date.now();
    const account = await accountOf(clientId, accountId);
    if (!account) return { claimed: 0, waitMs: 1_000 };
    const tokens = await takeTokens(deps.db, clientId, accountId, batchMax);
    const { granted } = tokens;
    if (granted === 0) return { claimed: 0, waitMs: Math.max(5, tokens.waitMs), waiting: true };
    let cursors = claimCursors.get(accountId);
    if (!cursors) {
      cursors = new Map();
      claimCursors.set(accountId, cursors);
    }
    const claimed = await claimQueued(deps.db, clientId, accountId, granted, cursors);
    await returnTokens(deps.db, clientId, accountId, granted - claimed.length);
    if (!claimed.length) return { claimed: 0, waitMs: 100 };
    const touched = [...new Set(claimed.map((c) => c.broadcastId))];
    const starting = [...new Set(claimed.filter((c) => c.broadcastStarting).map((c) => c.broadcastId))];
    if (starting.length)
      await deps.db.execute(sql`
      update broadcasts set status = 'sending', updated_at = now()
      where client_id = ${clientId} and status = 'in_process'
        and id = any(${`{${starting.join(',')}}`}::uuid[])`);
    // The sends and their recording run beside the next claims (at most MAX_ROUNDS_IN_FLIGHT rounds), so a
    // slow round never holds the number below its throughput; the bucket still paces the claims.
    while (inFlight.size >= MAX_ROUNDS_IN_FLIGHT) await Promise.race(inFlight);
    const round: Promise<void> = deliver(clientId, accountId, account, claimed, touched, roundStarted)
      .catch((err: unknown) => deps.logger.error({ err, clientId, accountId }, 'broadcast round failed'))
      .finally(() => inFlight.delete(round));
    inFlight.add(round);
    return { claimed: claimed.length, waitMs: 0 };
  }

  /**
   * The Graph media id of each broadcast image in the round: uploaded once (POST /{phone}/media) and kept on
   * the broadcast, so later rounds and other workers reuse it.
   */
  async function imageMediaIds(
    clientId: string,
    account: { row: ChannelAccountRow; config: WhatsappCloudConfig },
    secrets: ReturnType<typeof openSecrets>,
    claimed: Claimed[],
  ) {
    type Media =
      | { ok: true; id: string }
      | { ok: false; failure: Extract<GraphResult<unknown>, { ok: false }> };
    const out = new Map<string, Media>();
    for (const c of claimed) {
      if (!c.image || !('storageKey' in c.image) || out.has(c.broadcastId)) continue;
      const known = mediaIds.get(c.broadcastId) ?? c.image.mediaId;
      if (known) {
        out.set(c.broadcastId, { ok: true, id: known });
        continue;
      }
      const file = await mediaStorage(deps).get(c.image.storageKey);
      const uploaded = file
        ? await uploadMedia(account.config, secrets, {
            bytes: file.bytes,
            mime: file.mime,
            filename: 'broadcast',
          })
        : null;
      const id = uploaded?.ok ? uploaded.value?.id : undefined;
      if (!id) {
        const failure =
          uploaded && !uploaded.ok
            ? uploaded
            : {
                ok: false as const,
                retryable: false,
                code: null,
                title: 'broadcast image not found',
                status: 400,
              };
        out.set(c.broadcastId, { ok: false, failure });
        continue;
      }
      mediaIds.set(c.broadcastId, id);
      await deps.db.execute(sql`
        update broadcasts set image = image || ${JSON.stringify({ mediaId: id })}::jsonb
        where client_id = ${clientId} and id = ${c.broadcastId}`);
      out.set(c.broadcastId, { ok: true, id });
    }
    return out;
  }

  /** Sends one round's claimed recipients at once and records every answer in one statement. */
  async function deliver(
    clientId: string,
    accountId: string,
    account: { row: ChannelAccountRow; config: WhatsappCloudConfig },
    claimed: Claimed[],
    touched: string[],
    roundStarted: number,
  ) {
    const secrets = openSecrets(deps, account.row);
    const sendStarted = Date.now();
    // A claim is only ours until half its lease: after that no send starts, and an answer that has not come
    // by then is an unknown outcome, left `sending` for the recovery (which first applies every status the
    // provider sent, so a message it did accept is known as sent). Hence the lease must exceed half of
    // itself plus a Graph call's timeout (15 s).
    const media = await imageMediaIds(clientId, account, secrets, claimed);
    const deadline = roundStarted + leaseMs / 2;
    const results = await Promise.all(
      claimed.map(async (c) => {
        const left = deadline - Date.now();
        if (left <= 0) return { c, r: undefined };
        const image = media.get(c.broadcastId);
        if (image && !image.ok) return { c, r: image.failure };
        let timer: NodeJS.Timeout | undefined;
        const r = await Promise.race([
          sendMessage(account.config, secrets, c.phone, broadcastGraphMessage(c, image?.id ?? null)),
          new Promise<null>((resolve) => {
            timer = setTimeout(() => resolve(null), left);
          }),
        ]);
        clearTimeout(timer);
        return { c, r };
      }),
    );
    const transitions: RecipientTransition[] = [];
    const later: { c: Claimed; delayMs: number }[] = [];
    let throttled = false;
    const now = new Date();
    for (const { c, r } of results) {
      // Never sent (its claim got too old while waiting): back to the queue.
      if (r === undefined) {
        later.push({ c, delayMs: 0 });
        continue;
      }
      // No answer in time: the provider may have it; the recovery decides.
      if (r === null) continue;
      // No answer at all (network error, timeout): the provider may have it; the recovery decides.
      if (!r.ok && r.status === null) continue;
      if (r.ok) {
        transitions.push({
          broadcastId: c.broadcastId,
          recipientId: c.id,
          status: 'sent',
          providerMessageId: r.value.messages?.[0]?.id ?? null,
          sentAt: now,
        });
        continue;
      }
      const retryable = r.retryable || r.code === 131056;
      if (retryable && c.attempts < maxAttempts) {
        throttled ||= r.code === 130429;
        later.push({ c, delayMs: r.code === 131056 ? PAIR_LIMIT_DELAY_MS : retryDelayMs(c.attempts) });
        continue;
      }
      transitions.push({
        broadcastId: c.broadcastId,
        recipientId: c.id,
        status: 'failed',
        failedAt: now,
        error: failure(reasonOf(r.code), r.title),
      });
    }
    if (throttled) await pauseSender(deps.db, clientId, accountId, PAUSE_ON_130429_MS);
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

  const drain: DrainDefinition = defineDrain({
    name: 'broadcasts.send',
    pollMs: 500,
    drain: async () => {
      if (Date.now() - lastSweep >= 1_000) {
        lastSweep = Date.now();
        await sweep();
      }
      const senders = rowsOf(
        await deps.db.execute(sql`
          select distinct client_id, channel_account_id from broadcasts
          where status in ('in_process', 'sending')`),
      );
      if (!senders.length) return false;
      const rounds = await Promise.all(
        senders.map(async (s) => {
          const clientId = String(s.client_id);
          const accountId = String(s.channel_account_id);
          const r = await sendRound(clientId, accountId);
          // A number with nothing left to claim may be finished (its last answers came in another round);
          // one only waiting for its tokens is not.
          if (r.claimed === 0 && !r.waiting) {
            const ids = rowsOf(
              await deps.db.execute(sql`
                select id from broadcasts where client_id = ${clientId} and channel_account_id = ${accountId}
                  and status in ('in_process', 'sending')`),
            ).map((x) => String(x.id));
            for (const id of await finishDone(deps.db, clientId, ids)) await progress(clientId, id, true);
          }
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
