import { normalisePhone } from '@sapa/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { outboxMessages } from './notifications.schema.js';

/** Keeps a message no provider delivered (idempotent by message id: a retried job writes it once). */
export async function keepInOutbox(
  db: DbOrTx,
  message: {
    messageId: string;
    channel: 'email' | 'whatsapp';
    recipient: string;
    userId?: string | undefined;
    subject: string;
    body: string;
  },
) {
  await db
    .insert(outboxMessages)
    .values({
      id: message.messageId,
      channel: message.channel,
      recipient: message.recipient,
      userId: message.userId ?? null,
      subject: message.subject,
      body: message.body,
    })
    .onConflictDoNothing();
}

/** An email matches whatever its case; a phone number matches as 62… however it is typed (08…, +62…). */
function recipientIs(recipient: string) {
  return recipient.includes('@')
    ? sql`lower(${outboxMessages.recipient}) = ${recipient.trim().toLowerCase()}`
    : eq(outboxMessages.recipient, normalisePhone(recipient, 'account') ?? recipient.trim());
}

/** The newest 50 outbox messages to the given users (optionally to one recipient). */
export async function listOutbox(db: DbOrTx, forUserIds: readonly string[], recipient?: string) {
  if (forUserIds.length === 0) return [];
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(
      and(inArray(outboxMessages.userId, [...forUserIds]), recipient ? recipientIs(recipient) : undefined),
    )
    .orderBy(desc(outboxMessages.createdAt))
    .limit(50);
  return rows.map(({ userId: _userId, ...m }) => ({ ...m, createdAt: m.createdAt.getTime() }));
}
