import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/database.js';
import { messages } from '../../../conversations/index.js';

/** The emails of a ticket so far (oldest first): their Message-IDs and subjects, for a reply's headers. */
export async function threadOf(
  db: Db,
  clientId: string,
  ticketId: string,
): Promise<{ messageId: string; subject: string | null; direction: 'in' | 'out' }[]> {
  const rows = await db
    .select({ id: messages.providerMessageId, payload: messages.payload, direction: messages.direction })
    .from(messages)
    .where(
      and(
        eq(messages.clientId, clientId),
        eq(messages.ticketId, ticketId),
        eq(messages.visibility, 'public'),
        isNotNull(messages.providerMessageId),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map((r) => {
    const email = r.payload?.email as { subject?: unknown } | undefined;
    return {
      messageId: r.id!,
      subject: typeof email?.subject === 'string' ? email.subject : null,
      direction: r.direction,
    };
  });
}
