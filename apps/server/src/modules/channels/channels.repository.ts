import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/database.js';
import { channelAccounts } from './channels.schema.js';

/** The channel and settings of each of these channel accounts (accounts found only). */
export async function channelsOfAccounts(
  tx: Tx,
  channelAccountIds: readonly string[],
): Promise<Map<string, Pick<typeof channelAccounts.$inferSelect, 'channel' | 'config'>>> {
  if (channelAccountIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: channelAccounts.id, channel: channelAccounts.channel, config: channelAccounts.config })
    .from(channelAccounts)
    .where(inArray(channelAccounts.id, [...channelAccountIds]));
  return new Map(rows.map((r) => [r.id, { channel: r.channel, config: r.config }]));
}

/** How many channel accounts a business has connected (001 §4: Starter is refused above 50). */
export async function countConnectedAccounts(db: DbOrTx, clientId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(channelAccounts)
    .where(and(eq(channelAccounts.clientId, clientId), eq(channelAccounts.status, 'connected')));
  return row?.n ?? 0;
}
