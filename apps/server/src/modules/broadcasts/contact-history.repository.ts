import type { BroadcastRecipientStatus, ContactBroadcast } from '@sapa/contracts';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { broadcastRecipients, broadcasts } from './broadcasts.schema.js';

const ms = (d: Date | null) => (d ? d.getTime() : null);

/**
 * 001 §2 contact detail, broadcast history: the broadcasts that went to a contact — picked from contacts or
 * groups (its id) or typed/uploaded as its number — newest first, keyset pages on (created, id).
 */
export async function listContactBroadcasts(
  db: DbOrTx,
  clientId: string,
  contact: { id: string; phone: string | null },
  before: { at: Date; id: string } | null,
  limit: number,
): Promise<ContactBroadcast[]> {
  const isContact = contact.phone
    ? or(eq(broadcastRecipients.contactId, contact.id), eq(broadcastRecipients.phone, contact.phone))
    : eq(broadcastRecipients.contactId, contact.id);
  const rows = await db
    .select({
      broadcastId: broadcasts.id,
      campaignCode: broadcasts.campaignCode,
      templateName: broadcasts.templateName,
      category: broadcasts.category,
      createdAt: broadcasts.createdAt,
      phone: broadcastRecipients.phone,
      status: broadcastRecipients.status,
      sentAt: broadcastRecipients.sentAt,
      deliveredAt: broadcastRecipients.deliveredAt,
      readAt: broadcastRecipients.readAt,
      failedAt: broadcastRecipients.failedAt,
    })
    .from(broadcastRecipients)
    .innerJoin(
      broadcasts,
      and(
        eq(broadcasts.clientId, broadcastRecipients.clientId),
        eq(broadcasts.id, broadcastRecipients.broadcastId),
      ),
    )
    .where(
      and(
        eq(broadcastRecipients.clientId, clientId),
        isContact,
        before
          ? or(
              lt(broadcasts.createdAt, before.at),
              and(eq(broadcasts.createdAt, before.at), lt(broadcasts.id, before.id)),
            )
          : sql`true`,
      ),
    )
    .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.getTime(),
    status: r.status as BroadcastRecipientStatus,
    sentAt: ms(r.sentAt),
    deliveredAt: ms(r.deliveredAt),
    readAt: ms(r.readAt),
    failedAt: ms(r.failedAt),
  }));
}
