import { finishedBroadcastStatus } from '@sapa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/rows.js';
import { type BroadcastHeaderMedia, broadcasts } from './broadcasts.schema.js';
import { countersOf } from './broadcasts.transitions.js';

/**
 * The broadcast queue: recipients claimed for sending (exactly once across workers), put back for a retry or
 * after a dead worker's lease, and broadcasts finished once nothing is left.
 */

export interface Claimed {
  broadcastId: string;
  id: string;
  phone: string;
  values: string[];
  attempts: number;
  templateName: string;
  templateLanguage: string;
  /** Its broadcast has not sent anything yet (`in_process`). */
  broadcastStarting: boolean;
  /** The broadcast's image (001 §3), sent as the template's image header. */
  image: BroadcastHeaderMedia | null;
}

const NO_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Claims up to `limit` queued recipients of the number's running broadcasts, oldest broadcast first, and
 * marks them `sending` in the same statement (SKIP LOCKED: several workers never take the same one). The
 * claim commits before any Graph call, so a recipient is never sent by two workers.
 *
 * `after` (broadcast id → recipient id) starts each broadcast's scan after the last recipient this process
 * claimed: the pending index keeps an entry of every recipient already sent until vacuum removes it, and
 * a scan from the start would step over all of them on every round (the claim grew to 300 ms+ within
 * 10,000 recipients). A recipient requeued behind the cursor (a retry) is found by the scan from the start
 * that `claimQueued` makes when the cursor finds too few.
 */
async function claim(
  db: DbOrTx,
  clientId: string,
  accountId: string,
  limit: number,
  after: ReadonlyMap<string, string> = new Map(),
): Promise<Claimed[]> {
  const cursors = JSON.stringify(Object.fromEntries(after));
  const rows = rowsOf(
    await db.execute(sql`
      with c as (
        select r.client_id, r.broadcast_id, r.id
        from broadcasts b
        join lateral (
          select client_id, broadcast_id, id from broadcast_recipients
          where client_id = b.client_id and broadcast_id = b.id and status = 'queued'
            and id > coalesce((${cursors}::jsonb ->> b.id::text)::uuid, ${NO_ID}::uuid)
            and (next_attempt_at is null or next_attempt_at <= now())
          order by id
          limit ${limit}
          for update skip locked
        ) r on true
        where b.client_id = ${clientId} and b.channel_account_id = ${accountId}
          and b.status in ('in_process', 'sending')
        order by b.created_at, r.id
        limit ${limit})
      update broadcast_recipients r
      set status = 'sending', claimed_at = now(), attempts = r.attempts + 1
      from c, broadcasts b
      where r.client_id = c.client_id and r.broadcast_id = c.broadcast_id and r.id = c.id
        and b.client_id = c.client_id and b.id = c.broadcast_id
      returning r.broadcast_id, r.id, r.phone, r."values", r.attempts, b.template_name, b.template_language,
        b.status as broadcast_status, b.image`),
  );
  return rows.map((r) => ({
    broadcastId: String(r.broadcast_id),
    id: String(r.id),
    phone: String(r.phone),
    values: (r.values as string[]) ?? [],
    attempts: Number(r.attempts),
    templateName: String(r.template_name),
    templateLanguage: String(r.template_language),
    broadcastStarting: r.broadcast_status === 'in_process',
    image: (r.image as Claimed['image']) ?? null,
  }));
}

/**
 * `claim` from each broadcast's cursor (kept per number in `cursors`, moved past what was claimed); when that
 * finds fewer than `limit`, the rest from the start (retries, other processes' leftovers) and the cursors
 * start again.
 */
export async function claimQueued(
  db: DbOrTx,
  clientId: string,
  accountId: string,
  limit: number,
  cursors: Map<string, string>,
): Promise<Claimed[]> {
  let claimed = cursors.size ? await claim(db, clientId, accountId, limit, cursors) : [];
  if (claimed.length < limit) {
    cursors.clear();
    claimed = claimed.concat(await claim(db, clientId, accountId, limit - claimed.length));
  }
  for (const c of claimed) {
    const last = cursors.get(c.broadcastId);
    if (!last || c.id > last) cursors.set(c.broadcastId, c.id);
  }
  return claimed;
}

/**
 * Claimed recipients whose worker died (lease over, no status came back) are queued again — only once every
 * provider event received until a second ago has been applied, so a message the dead worker did send is
 * known as sent by its status (its `biz_opaque_callback_data`) and never sent twice.
 */
export async function recoverStale(db: DbOrTx, leaseMs: number) {
  const [backlog] = rowsOf(
    await db.execute(sql`
      select 1 as one from inbound_events
      where processed_at is null and received_at < now() - interval '1 second' limit 1`),
  );
  if (backlog) return;
  await db.execute(sql`
    update broadcast_recipients r set status = 'queued', claimed_at = null
    from broadcasts b
    where b.status in ('in_process', 'sending') and r.client_id = b.client_id and r.broadcast_id = b.id
      and r.status = 'sending' and r.claimed_at < now() - make_interval(secs => ${leaseMs / 1000})`);
}

export async function requeue(db: DbOrTx, clientId: string, items: { c: Claimed; delayMs: number }[]) {
  if (!items.length) return;
  const values = sql.join(
    items.map(({ c, delayMs }) => sql`(${c.broadcastId}::uuid, ${c.id}::uuid, ${delayMs}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update broadcast_recipients r
    set status = 'queued', claimed_at = null, next_attempt_at = now() + make_interval(secs => v.ms / 1000.0)
    from (values ${values}) as v(bid, rid, ms)
    where r.client_id = ${clientId} and r.broadcast_id = v.bid and r.id = v.rid and r.status = 'sending'`);
}

/** Finished broadcasts of `ids` (nothing queued or sending) get their final status (001 §4). */
export async function finishDone(db: DbOrTx, clientId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  const idle = rowsOf(
    await db.execute(sql`
      select b.id from broadcasts b
      where b.client_id = ${clientId} and b.id = any(${`{${ids.join(',')}}`}::uuid[])
        and b.status in ('in_process', 'sending')
        and not exists (select 1 from broadcast_recipients r
          where r.client_id = b.client_id and r.broadcast_id = b.id and r.status in ('queued', 'sending'))`),
  ).map((r) => String(r.id));
  const done: string[] = [];
  for (const c of await countersOf(db, clientId, idle)) {
    await db
      .update(broadcasts)
      .set({ status: finishedBroadcastStatus(c), finishedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(broadcasts.clientId, clientId),
          eq(broadcasts.id, c.id),
          sql`${broadcasts.status} in ('in_process', 'sending')`,
        ),
      );
    done.push(c.id);
  }
  return done;
}
