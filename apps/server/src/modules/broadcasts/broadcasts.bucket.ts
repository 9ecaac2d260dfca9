import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/rows.js';

/** The token bucket of each sending number, in `broadcast_senders`, shared by every worker (001 §4). */

/**
 * The share of a second of throughput a round waits for: rounds of a tenth of a second's messages (100 at
 * 1,000 msg/s, 8 at 80 msg/s) instead of one message every 1/rate s, so each claim, record and progress
 * statement serves many messages; well inside the bucket's capacity (0.2 s), so the pace stays the same.
 */
const ROUND_SECONDS = 0.1;

/**
 * The token bucket of a number, shared by every worker: takes up to `want` tokens once at least a round's
 * worth has accumulated (none while paused). `waitMs` says when a round's worth will be there.
 */
export async function takeTokens(db: DbOrTx, clientId: string, accountId: string, want: number) {
  const [r] = rowsOf(
    await db.execute(sql`
      with s as (
        select client_id, channel_account_id, throughput_per_second as rate, paused_until,
          greatest(1, ceil(throughput_per_second * ${ROUND_SECONDS}::float8))::float8 as round,
          least(greatest(1, ceil(throughput_per_second * 0.2))::float8,
                tokens + extract(epoch from (clock_timestamp() - refilled_at)) * throughput_per_second) as avail
        from broadcast_senders
        where client_id = ${clientId} and channel_account_id = ${accountId}
        for update),
      g as (
        select s.*, case when s.paused_until > clock_timestamp() or s.avail < s.round then 0
                         else least(floor(s.avail), ${want}) end as granted
        from s)
      update broadcast_senders b set
        tokens = case when g.paused_until > clock_timestamp() then 0 else g.avail - g.granted end,
        refilled_at = clock_timestamp()
      from g
      where b.client_id = g.client_id and b.channel_account_id = g.channel_account_id
      returning g.granted::int as granted, g.rate,
        (case when g.paused_until > clock_timestamp()
              then ceil(extract(epoch from (g.paused_until - clock_timestamp())) * 1000)
              else ceil(greatest(g.round - greatest(g.avail, 0), 1) * 1000 / g.rate) end)::int as wait_ms`),
  );
  return {
    granted: Number(r?.granted ?? 0),
    rate: Number(r?.rate ?? 80),
    waitMs: Number(r?.wait_ms ?? 100),
  };
}

export async function returnTokens(db: DbOrTx, clientId: string, accountId: string, n: number) {
  if (n > 0)
    await db.execute(
      sql`update broadcast_senders set tokens = tokens + ${n} where client_id = ${clientId} and channel_account_id = ${accountId}`,
    );
}

/** 130429: the provider says the number is over its throughput; nothing is claimed for it for a second. */
export async function pauseSender(db: DbOrTx, clientId: string, accountId: string, ms: number) {
  await db.execute(sql`
    update broadcast_senders set tokens = 0, refilled_at = clock_timestamp(),
      paused_until = clock_timestamp() + make_interval(secs => ${ms / 1000})
    where client_id = ${clientId} and channel_account_id = ${accountId}`);
}
