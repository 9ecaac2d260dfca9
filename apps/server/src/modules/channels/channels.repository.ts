import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.js';
import { channelAccounts } from './channels.schema.js';

/** The WhatsApp phone number id of each of these channel accounts (accounts found; null: none configured). */
export async function phoneNumberIdsOf(
  tx: Tx,
  channelAccountIds: readonly string[],
): Promise<Map<string, string | null>> {
  if (channelAccountIds.length === 0) return new Map();
  const rows = await tx
    .select({
      id: channelAccounts.id,
      number: sql<string | null>`${channelAccounts.config}->>'phoneNumberId'`,
    })
    .from(channelAccounts)
    .where(inArray(channelAccounts.id, [...channelAccountIds]));
  return new Map(rows.map((r) => [r.id, r.number]));
}
