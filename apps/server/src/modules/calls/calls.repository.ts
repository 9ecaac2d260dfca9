import type { CallSession, CallSessionStatus } from '@sapa/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import { contacts } from '../contacts/index.js';
import { tickets } from '../conversations/index.js';
import { callRooms, callSessions } from './calls.schema.js';

export type CallSessionRow = typeof callSessions.$inferSelect;

/** The chat's open call room, or a new one in the queue (one open room per chat). */
export async function openRoomOf(
  db: DbOrTx,
  input: { clientId: string; ticketId: string; channelAccountId: string },
): Promise<string> {
  const [created] = await db
    .insert(callRooms)
    .values({ ...input, id: uuidv7(), roomType: 'WAC', code: 'QUE' })
    .onConflictDoNothing()
    .returning({ id: callRooms.id });
  if (created) return created.id;
  const [open] = await db
    .select({ id: callRooms.id })
    .from(callRooms)
    .where(
      and(
        eq(callRooms.clientId, input.clientId),
        eq(callRooms.ticketId, input.ticketId),
        sql`${callRooms.code} <> 'CLS'`,
      ),
    );
  if (!open) throw new Error('open call room vanished');
  return open.id;
}

/** A new ringing session for Meta's call, or null when that call is already known (a repeated webhook). */
export async function insertRingingSession(
  db: DbOrTx,
  input: {
    clientId: string;
    roomId: string;
    channelAccountId: string;
    remoteId: string;
    callerId: string;
    sdpOffer: string;
    at: Date;
  },
): Promise<CallSessionRow | null> {
  const [row] = await db
    .insert(callSessions)
    .values({ ...input, id: uuidv7(), direction: 'inbound', status: 'RIN', createdAt: input.at })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function sessionByRemoteId(db: DbOrTx, channelAccountId: string, remoteId: string) {
  const [row] = await db
    .select()
    .from(callSessions)
    .where(and(eq(callSessions.channelAccountId, channelAccountId), eq(callSessions.remoteId, remoteId)));
  return row;
}

export async function sessionById(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(callSessions)
    .where(and(eq(callSessions.clientId, clientId), eq(callSessions.id, id)));
  return row;
}

/**
 * Moves a session from one of `from` to `to` with the given fields, only if it is still in one of `from` (the
 * compare-and-set that lets exactly one of two racing agents win). null: it had moved on.
 */
export async function moveSession(
  db: DbOrTx,
  session: { clientId: string; id: string },
  from: readonly CallSessionStatus[],
  set: Partial<typeof callSessions.$inferInsert> & { status: CallSessionStatus },
  extra: { csId?: string } = {},
): Promise<CallSessionRow | null> {
  const [row] = await db
    .update(callSessions)
    .set(set)
    .where(
      and(
        eq(callSessions.clientId, session.clientId),
        eq(callSessions.id, session.id),
        inArray(callSessions.status, [...from]),
        ...(extra.csId ? [eq(callSessions.csId, extra.csId)] : []),
      ),
    )
    .returning();
  return row ?? null;
}

/** The agent's sessions that hold them (answered or on hold). */
export async function activeSessionsOf(db: DbOrTx, clientId: string, csId: string) {
  return db
    .select()
    .from(callSessions)
    .where(
      and(
        eq(callSessions.clientId, clientId),
        eq(callSessions.csId, csId),
        inArray(callSessions.status, ['ANS', 'HLD']),
      ),
    );
}

export async function ringingSessions(db: DbOrTx, clientId: string) {
  return db
    .select()
    .from(callSessions)
    .where(and(eq(callSessions.clientId, clientId), eq(callSessions.status, 'RIN')))
    .orderBy(callSessions.createdAt);
}

/** Assigns the room to the agent who answered (ASSIGNED), or closes it when its call ends. */
export async function setRoom(
  db: DbOrTx,
  room: { clientId: string; id: string },
  set: Partial<typeof callRooms.$inferInsert>,
) {
  await db
    .update(callRooms)
    .set(set)
    .where(and(eq(callRooms.clientId, room.clientId), eq(callRooms.id, room.id)));
}

/** Sessions in the API's shape: with their chat (WhatsApp) and the customer's name and number. */
export async function toCallSessions(db: DbOrTx, rows: readonly CallSessionRow[]): Promise<CallSession[]> {
  if (rows.length === 0) return [];
  const clientId = rows[0]!.clientId;
  const rooms = await db
    .select({
      id: callRooms.id,
      ticketId: callRooms.ticketId,
      roomType: callRooms.roomType,
      name: contacts.name,
    })
    .from(callRooms)
    .leftJoin(tickets, and(eq(tickets.clientId, callRooms.clientId), eq(tickets.id, callRooms.ticketId)))
    .leftJoin(
      contacts,
      and(
        eq(contacts.clientId, callRooms.clientId),
        eq(contacts.id, sql`coalesce(${tickets.contactId}, ${callRooms.contactId})`),
      ),
    )
    .where(
      and(
        eq(callRooms.clientId, clientId),
        inArray(
          callRooms.id,
          rows.map((r) => r.roomId),
        ),
      ),
    );
  const roomOf = new Map(rooms.map((r) => [r.id, r]));
  return rows.map((r) => {
    const room = roomOf.get(r.roomId);
    return {
      id: r.id,
      roomId: r.roomId,
      ticketId: room?.ticketId ?? null,
      remoteId: r.remoteId,
      callerId: r.callerId,
      customerName: room?.name ?? r.callerId,
      customerPhoneNumber: r.callerId,
      roomType: room?.roomType ?? 'WAC',
      direction: r.direction,
      status: r.status,
      csId: r.csId,
      sdp: r.status === 'RIN' ? r.sdpOffer : null,
      createdAt: r.createdAt.getTime(),
      startTime: r.answeredAt?.getTime() ?? null,
      endTime: r.endedAt?.getTime() ?? null,
      duration: r.durationSeconds,
    };
  });
}
