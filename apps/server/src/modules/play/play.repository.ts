import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { channelAccounts } from '../channels/channels.schema.js';
import {
  answerWindowPassedWhere,
  claimNextTicket,
  inAgentGroupsWhere,
  inOpenGroupWhere,
  tickets,
} from '../conversations/index.js';
import { viewConditions } from '../views/index.js';
import type { PlaySource } from './play.rules.js';
import { playSessions, playSkips } from './play.schema.js';

export type PlaySessionRow = typeof playSessions.$inferSelect;

export interface PlaylistScope {
  clientId: string;
  userId: string;
  source: PlaySource;
  /** Skips since this time exclude a ticket (the session's start). */
  since: Date;
  now: Date;
  /** Groups closed now (000 §2 operational hours): their chats wait. */
  closedGroups: { ids: string[]; defaultClosed: boolean };
}

/** The SQL twin of `isPlayable` (play.rules.ts) over `tickets`. */
function playableConditions(s: PlaylistScope): SQL[] {
  return [
    eq(tickets.clientId, s.clientId),
    eq(tickets.status, 'unassigned'),
    sql`${tickets.assigneeId} is null`,
    // The BOT state: a chatbot answers it until the hand-over.
    eq(tickets.heldByBot, false),
    inAgentGroupsWhere(s.clientId, s.userId),
    inOpenGroupWhere(s.closedGroups),
    ...(s.source.kind === 'channel'
      ? [eq(tickets.channel, s.source.channel)]
      : viewConditions(s.source.filters, s.userId)),
    sql`not ${answerWindowPassedWhere(s.now, { orNeverWrote: true })}`,
    sql`not exists (select 1 from ${playSkips} where ${playSkips.clientId} = ${tickets.clientId} and ${playSkips.userId} = ${s.userId} and ${playSkips.ticketId} = ${tickets.id} and ${playSkips.createdAt} >= ${s.since.toISOString()}::timestamptz)`,
  ];
}

/** Hands the oldest playable ticket to the agent (conversations' claim, on this playlist). Null when none is left. */
export function claimTicket(tx: DbOrTx, s: PlaylistScope): Promise<string | null> {
  return claimNextTicket(tx, {
    clientId: s.clientId,
    userId: s.userId,
    now: s.now,
    conditions: playableConditions(s),
  });
}

/** The ticket that Next would hand out now (shown as next; not held). */
export async function peekTicket(db: DbOrTx, s: PlaylistScope): Promise<string | null> {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(...playableConditions(s)))
    .orderBy(asc(tickets.createdAt), asc(tickets.id))
    .limit(1);
  return row?.id ?? null;
}

/** Whether the business has a connected account on `channel` (Auto Assign on any other finds nothing). */
export async function hasConnectedAccount(db: DbOrTx, clientId: string, channel: string): Promise<boolean> {
  const [row] = await db
    .select({ id: channelAccounts.id })
    .from(channelAccounts)
    .where(
      and(
        eq(channelAccounts.clientId, clientId),
        eq(channelAccounts.channel, channel),
        eq(channelAccounts.status, 'connected'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertSkip(tx: DbOrTx, row: typeof playSkips.$inferInsert) {
  await tx.insert(playSkips).values(row);
}

export async function findSession(db: DbOrTx, clientId: string, userId: string, lock = false) {
  const q = db
    .select()
    .from(playSessions)
    .where(and(eq(playSessions.clientId, clientId), eq(playSessions.userId, userId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function saveSession(
  db: DbOrTx,
  row: Omit<PlaySessionRow, 'updatedAt'> & { updatedAt?: Date },
): Promise<PlaySessionRow> {
  const values = { ...row, updatedAt: row.updatedAt ?? new Date() };
  const { clientId: _c, userId: _u, ...set } = values;
  const [saved] = await db
    .insert(playSessions)
    .values(values)
    .onConflictDoUpdate({ target: [playSessions.clientId, playSessions.userId], set })
    .returning();
  return saved!;
}

/**
 * Clears current and next of the sessions whose current ticket is no longer their agent's open ticket
 * (resolved, reassigned, back in the queue) and returns those agents, who then move on. The ticket row is
 * read here, not taken from an event: an event can carry a snapshot older than the hand-out.
 */
export async function clearSessionsHolding(
  db: DbOrTx,
  clientId: string,
  ticketId: string,
): Promise<string[]> {
  const rows = await db
    .update(playSessions)
    .set({ currentTicketId: null, nextTicketId: null, updatedAt: new Date() })
    .where(
      and(
        eq(playSessions.clientId, clientId),
        eq(playSessions.currentTicketId, ticketId),
        sql`not exists (select 1 from ${tickets} where ${tickets.clientId} = ${playSessions.clientId} and ${tickets.id} = ${playSessions.currentTicketId} and ${tickets.status} = 'assigned' and ${tickets.assigneeId} = ${playSessions.userId})`,
      ),
    )
    .returning({ userId: playSessions.userId });
  return rows.map((r) => r.userId);
}

/** A deleted view ends the sessions playing it. */
export async function stopSessionsOnView(db: DbOrTx, clientId: string, viewId: string) {
  await db
    .update(playSessions)
    .set({ ...STOPPED, updatedAt: new Date() })
    .where(and(eq(playSessions.clientId, clientId), eq(playSessions.viewId, viewId)));
}

export const STOPPED = {
  active: false,
  viewId: null,
  channel: null,
  currentTicketId: null,
  nextTicketId: null,
  startedAt: null,
} as const;
