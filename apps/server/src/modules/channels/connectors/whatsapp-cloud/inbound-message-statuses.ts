import type { MessageStatus } from '@sapa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../../platform/db/database.js';
import type { MessageRow } from '../../../conversations/index.js';
import { messages, tickets } from '../../../conversations/index.js';
import { failureOf } from './inbound-normalise.js';
import type { WaStatus } from './webhook-types.js';

/** Statuses of the inbox's own messages (agents' replies), applied monotonically (ARCHITECTURE hot path). */

const STATUS_RANK: Record<string, number> = { pending: 0, sent: 1, delivered: 2, read: 3 };

/**
 * Applies a status monotonically in one UPDATE: pending < sent < delivered < read; failed is terminal and
 * never replaces read; nothing moves back. Returns the row when it changed.
 */
export async function applyStatus(
  db: DbOrTx,
  input: {
    clientId: string;
    channelAccountId: string;
    wamid: string;
    status: MessageStatus;
    error?: { code: string; message: string } | null;
  },
): Promise<MessageRow | undefined> {
  const rank = sql`(case ${messages.status} when 'pending' then 0 when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 9 end)`;
  const allowed =
    input.status === 'failed'
      ? sql`${messages.status} in ('pending', 'sent', 'delivered')`
      : sql`${rank} < ${STATUS_RANK[input.status] ?? -1}`;
  const [row] = await db
    .update(messages)
    .set({
      status: input.status,
      ...(input.status === 'failed' ? { error: input.error ?? null } : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(messages.clientId, input.clientId),
        eq(messages.channelAccountId, input.channelAccountId),
        eq(messages.providerMessageId, input.wamid),
        eq(messages.direction, 'out'),
        allowed,
      ),
    )
    .returning();
  return row;
}

async function findByWamid(db: DbOrTx, clientId: string, channelAccountId: string, wamid: string) {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.clientId, clientId),
        eq(messages.channelAccountId, channelAccountId),
        eq(messages.providerMessageId, wamid),
      ),
    );
  return row;
}

/** The changed row, null when nothing changed, 'unknown' when the status names no stored message. */
export async function processStatus(
  tx: Tx,
  clientId: string,
  channelAccountId: string,
  s: WaStatus,
): Promise<MessageRow | null | 'unknown'> {
  if (!s.id || !s.status) return null;
  const status: MessageStatus | null =
    s.status === 'played'
      ? 'read'
      : ((['sent', 'delivered', 'read', 'failed'] as const).find((x) => x === s.status) ?? null);
  if (!status) return null;
  const updated = await applyStatus(tx, {
    clientId,
    channelAccountId,
    wamid: s.id,
    status,
    error: status === 'failed' ? failureOf(s.errors) : null,
  });
  if (!updated) return (await findByWamid(tx, clientId, channelAccountId, s.id)) ? null : 'unknown';
  await tx
    .update(tickets)
    .set({ lastMessageStatus: updated.status })
    .where(
      and(
        eq(tickets.clientId, clientId),
        eq(tickets.id, updated.ticketId),
        eq(tickets.lastMessageDirection, 'out'),
        sql`${tickets.lastMessageAt} <= ${updated.createdAt.toISOString()}::timestamptz`,
      ),
    );
  return updated;
}
