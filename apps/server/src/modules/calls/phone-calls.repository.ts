import { and, eq, inArray } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import { contacts } from '../contacts/index.js';
import type { CallSessionRow } from './calls.repository.js';
import { callRooms, callSessions } from './calls.schema.js';

/** The business's contact with this (normalised) number, if any. */
export async function contactIdByPhone(db: DbOrTx, clientId: string, phone: string) {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.clientId, clientId), eq(contacts.phone, phone)));
  return row?.id ?? null;
}

/** The business's outbound phone calls to `number` still ringing or under way (000 §4: one per number). */
export async function outboundCallsTo(db: DbOrTx, clientId: string, number: string) {
  return db
    .select({ id: callSessions.id })
    .from(callSessions)
    .innerJoin(
      callRooms,
      and(eq(callRooms.clientId, callSessions.clientId), eq(callRooms.id, callSessions.roomId)),
    )
    .where(
      and(
        eq(callSessions.clientId, clientId),
        eq(callRooms.roomType, 'PHN'),
        eq(callSessions.direction, 'outbound'),
        eq(callSessions.callerId, number),
        inArray(callSessions.status, ['RIN', 'ANS', 'HLD']),
      ),
    );
}

/** A phone call's room (assigned to the agent who dials) and its ringing outbound session. */
export async function insertOutboundPhoneCall(
  db: DbOrTx,
  input: { clientId: string; csId: string; number: string; contactId: string | null; at: Date },
): Promise<CallSessionRow> {
  return db.transaction(async (tx) => {
    const roomId = uuidv7();
    await tx.insert(callRooms).values({
      clientId: input.clientId,
      id: roomId,
      contactId: input.contactId,
      roomType: 'PHN',
      code: 'OPN',
      csId: input.csId,
      createdAt: input.at,
    });
    const id = uuidv7();
    const [row] = await tx
      .insert(callSessions)
      .values({
        clientId: input.clientId,
        id,
        roomId,
        remoteId: id,
        callerId: input.number,
        direction: 'outbound',
        status: 'RIN',
        csId: input.csId,
        createdAt: input.at,
      })
      .returning();
    return row!;
  });
}

/** The agent's calls ringing out, answered or on hold (000 §5: one call at a time). */
export async function agentCallsUnderWay(db: DbOrTx, clientId: string, csId: string) {
  return db
    .select({ id: callSessions.id })
    .from(callSessions)
    .where(
      and(
        eq(callSessions.clientId, clientId),
        eq(callSessions.csId, csId),
        inArray(callSessions.status, ['RIN', 'ANS', 'HLD']),
      ),
    );
}
