import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/rows.js';
import { tickets, ticketTransfers } from './conversations.schema.js';
import { recordTicketAudit } from './ticket-history.repository.js';

/**
 * Hands the oldest ticket matching `conditions` (the caller's playlist) to the agent in one statement: the
 * row is picked with FOR UPDATE SKIP LOCKED, so agents playing at once each take a different ticket and never
 * wait on each other, and the update re-checks that it is still unassigned. Null when none is left.
 */
export async function claimNextTicket(
  tx: DbOrTx,
  s: { clientId: string; userId: string; now: Date; conditions: SQL[] },
): Promise<string | null> {
  const pick = tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(...s.conditions))
    .orderBy(asc(tickets.createdAt), asc(tickets.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const result = await tx.execute(sql`
    update ${tickets}
       set status = 'assigned', assignee_id = ${s.userId}, assigned_via = 'play', updated_at = ${s.now.toISOString()}::timestamptz
     where ${tickets.clientId} = ${s.clientId}
       and ${tickets.id} = (${pick})
       and ${tickets.status} = 'unassigned'
    returning ${tickets.id} as id, ${tickets.groupId} as group_id`);
  const claimed = rowsOf<{ id: string; group_id: string | null }>(result)[0];
  if (!claimed) return null;
  await recordHandOver(tx, {
    clientId: s.clientId,
    ticketId: claimed.id,
    groupId: claimed.group_id,
    from: null,
    to: s.userId,
    now: s.now,
  });
  return claimed.id;
}

/** Gives a skipped ticket back to the queue, if it is still this agent's and open; the note goes on its history. */
export async function releaseTicket(
  tx: DbOrTx,
  m: { clientId: string; userId: string; ticketId: string; now: Date; note: string },
) {
  const { clientId, userId, ticketId, now } = m;
  const rows = await tx
    .update(tickets)
    .set({ status: 'unassigned', assigneeId: null, assignedVia: null, updatedAt: now })
    .where(
      and(
        eq(tickets.clientId, clientId),
        eq(tickets.id, ticketId),
        eq(tickets.assigneeId, userId),
        eq(tickets.status, 'assigned'),
      ),
    )
    .returning({ id: tickets.id, groupId: tickets.groupId });
  const released = rows[0];
  if (!released) return false;
  await recordHandOver(tx, {
    clientId,
    ticketId,
    groupId: released.groupId,
    from: userId,
    to: null,
    now,
    note: m.note,
  });
  return true;
}

/**
 * The ticket's transfer history and audit log for a hand-out or a skip (source `play`), written in the
 * transaction that moves the ticket, as the assignment service does for its own moves.
 */
async function recordHandOver(
  tx: DbOrTx,
  m: {
    clientId: string;
    ticketId: string;
    groupId: string | null;
    from: string | null;
    to: string | null;
    now: Date;
    note?: string;
  },
) {
  const by = m.to ?? m.from;
  await tx.insert(ticketTransfers).values({
    clientId: m.clientId,
    id: uuidv7(),
    ticketId: m.ticketId,
    fromUserId: m.from,
    toUserId: m.to,
    fromGroupId: m.groupId,
    toGroupId: m.groupId,
    source: 'play',
    byUserId: by,
    createdAt: m.now,
  });
  await recordTicketAudit(tx, {
    clientId: m.clientId,
    ticketId: m.ticketId,
    actorUserId: by,
    action: m.to ? 'assign' : 'play.skip',
    changes: {
      assigneeId: { from: m.from, to: m.to },
      status: { from: m.to ? 'unassigned' : 'assigned', to: m.to ? 'assigned' : 'unassigned' },
      assignedVia: { from: m.to ? null : 'play', to: m.to ? 'play' : null },
      ...(m.note ? { skipNote: { from: null, to: m.note } } : {}),
    },
    at: m.now,
  });
}
