import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/database.js';
import { channelAccounts } from '../../channels.schema.js';

type ChannelAccountRow = typeof channelAccounts.$inferSelect;

/** The connected email accounts (every business) that also meet `where`. */
export function connectedEmailAccounts(db: Db, where: SQL): Promise<ChannelAccountRow[]> {
  return db
    .select()
    .from(channelAccounts)
    .where(and(eq(channelAccounts.channel, 'EML'), eq(channelAccounts.status, 'connected'), where));
}

/** The connected email account at an address (an address is connected once), or undefined. */
export async function emailAccountAt(db: Db, address: string): Promise<ChannelAccountRow | undefined> {
  const [row] = await connectedEmailAccounts(
    db,
    sql`lower(${channelAccounts.address}) = ${address.toLowerCase()}`,
  );
  return row;
}

/** The connected email accounts that read a mailbox over IMAP. */
export const imapAccounts = (db: Db) =>
  connectedEmailAccounts(db, sql`jsonb_typeof(${channelAccounts.config}->'imap') = 'object'`);
