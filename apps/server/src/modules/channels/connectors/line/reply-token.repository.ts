import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/database.js';
import { messages } from '../../../conversations/index.js';

/**
 * The newest reply token of a ticket's customer messages not used yet and received after `since` (LINE's
 * reply tokens last a minute and serve once): the message it came with and the token; null: none left.
 */
export async function unusedReplyToken(
  db: Db,
  ref: { clientId: string; ticketId: string },
  since: Date,
): Promise<{ messageId: string; replyToken: string } | null> {
  const [row] = await db
    .select({ messageId: messages.id, replyToken: sql<string>`${messages.payload}->>'replyToken'` })
    .from(messages)
    .where(
      and(
        eq(messages.clientId, ref.clientId),
        eq(messages.ticketId, ref.ticketId),
        eq(messages.direction, 'in'),
        sql`${messages.payload} ? 'replyToken'`,
        sql`not (${messages.payload} ? 'replyTokenUsed')`,
        sql`(${messages.payload}->>'replyTokenAt')::numeric >= ${since.getTime()}`,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row?.replyToken ? row : null;
}
