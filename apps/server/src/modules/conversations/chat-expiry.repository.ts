import { expiryGroups } from '@sapa/contracts';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { tickets } from './conversations.schema.js';

/**
 * SQL twin of `chatExpiresAt` (000 §4 by the channel table): the ticket's channel has expiry and its answer
 * window has passed at `now` — 24 h after the customer's last message, 7 days on Messenger and Instagram (the
 * HUMAN_AGENT tag answers until then). A ticket whose customer never wrote matches only with `orNeverWrote`
 * (play mode: nothing but a template could go out). Status aside.
 */
export function answerWindowPassedWhere(now: Date, options: { orNeverWrote?: boolean } = {}): SQL {
  const groups = expiryGroups().map(({ windowMs, channels }) => {
    const cutoff = new Date(now.getTime() - windowMs).toISOString();
    const last = options.orNeverWrote
      ? sql`(${tickets.lastCustomerMessageAt} is null or ${tickets.lastCustomerMessageAt} < ${cutoff}::timestamptz)`
      : sql`${tickets.lastCustomerMessageAt} < ${cutoff}::timestamptz`;
    return sql`(${inArray(tickets.channel, channels)} and ${last})`;
  });
  return groups.length === 0 ? sql`false` : sql`(${sql.join(groups, sql` or `)})`;
}
