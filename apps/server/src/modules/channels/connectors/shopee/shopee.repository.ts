import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../platform/db/database.js';
import { channelAccounts } from '../../channels.schema.js';

/** The connected account of a Shopee shop, in whichever business has it (a shop is connected once at most). */
export async function connectedShopAccount(db: DbOrTx, shopId: number) {
  const [row] = await db
    .select()
    .from(channelAccounts)
    .where(
      and(
        eq(channelAccounts.channel, 'SHP'),
        eq(channelAccounts.status, 'connected'),
        sql`${channelAccounts.config}->>'shopId' = ${String(shopId)}`,
      ),
    );
  return row;
}
