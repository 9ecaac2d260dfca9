import { type CallSessionStatus, nextCallSessionStatus } from '@sapa/contracts';
import type { Tx } from '../../platform/db/database.js';
import type { AccountChange } from '../channels/index.js';
import { upsertContactByIdentity } from '../contacts/index.js';
import { findOrOpenTicket } from '../conversations/index.js';
import type { CallPublisher } from './call-events.js';
import {
  type CallSessionRow,
  insertRingingSession,
  moveSession,
  openRoomOf,
  sessionByRemoteId,
  setRoom,
} from './calls.repository.js';

/** The webhook field of Meta's Calling API. */
export const CALL_WEBHOOK_FIELDS = ['calls'] as const;

interface WaCall {
  id?: string;
  from?: string;
  event?: string;
  direction?: string;
  timestamp?: string;
  status?: string;
  duration?: number;
  session?: { sdp_type?: string; sdp?: string };
}
interface WaCallsValue {
  contacts?: { wa_id?: string; profile?: { name?: string } }[];
  calls?: WaCall[];
}

/**
 * The `calls` changes of a batch of WhatsApp deliveries, in its transaction: a customer's `connect` with an SDP
 * offer opens (or joins) the call room of the customer's chat and rings; a `terminate` ends the session — a call
 * nobody answered is missed (NOA), an answered one completed (CMP) or failed (FAI). The events go out after commit.
 */
export function applyCallWebhooks(publisher: CallPublisher) {
  return async (tx: Tx, changes: AccountChange[]) => {
    const changed: { row: CallSessionRow; event: 'new-call' | 'terminate' }[] = [];
    for (const change of changes) {
      const value = (change.value ?? {}) as WaCallsValue;
      const names = new Map((value.contacts ?? []).map((c) => [c.wa_id, c.profile?.name ?? null]));
      for (const call of value.calls ?? []) {
        if (!call.id) continue;
        const at = call.timestamp ? new Date(Number(call.timestamp) * 1000) : new Date();
        if (
          call.event === 'connect' &&
          call.direction === 'USER_INITIATED' &&
          call.from &&
          call.session?.sdp
        ) {
          const row = await ring(
            tx,
            change,
            call as Required<Pick<WaCall, 'id' | 'from'>> & WaCall,
            names,
            at,
          );
          if (row) changed.push({ row, event: 'new-call' });
        } else if (call.event === 'terminate') {
          const row = await endByProvider(tx, change.channelAccountId, call, at);
          if (row) changed.push({ row, event: 'terminate' });
        }
      }
    }
    return { afterCommit: () => publisher.publishAll(changed) };
  };
}

async function ring(
  tx: Tx,
  change: AccountChange,
  call: WaCall & { id: string; from: string },
  names: Map<string | undefined, string | null>,
  at: Date,
) {
  const { clientId, channelAccountId } = change;
  const contact = await upsertContactByIdentity(tx, {
    clientId,
    channel: 'WAP',
    channelAccountId,
    externalId: call.from,
    name: names.get(call.from) ?? null,
  });
  const ticket = await findOrOpenTicket(tx, {
    clientId,
    contactId: contact.id,
    channel: 'WAP',
    channelAccountId,
    at,
  });
  const roomId = await openRoomOf(tx, { clientId, ticketId: ticket.id, channelAccountId });
  return insertRingingSession(tx, {
    clientId,
    roomId,
    channelAccountId,
    remoteId: call.id,
    callerId: call.from,
    sdpOffer: call.session?.sdp ?? '',
    at,
  });
}

async function endByProvider(tx: Tx, channelAccountId: string, call: WaCall, at: Date) {
  const session = await sessionByRemoteId(tx, channelAccountId, call.id ?? '');
  if (!session) return null;
  const action = call.status === 'FAILED' ? 'fail' : 'terminate';
  const next = nextCallSessionStatus(session.status, action);
  if (!next) return null;
  const ended = await moveSession(tx, session, [session.status], endFields(session, next, at, call.duration));
  if (ended) await setRoom(tx, { clientId: ended.clientId, id: ended.roomId }, { code: 'CLS', closedAt: at });
  return ended;
}

/** The fields of a session that ends in `status` at `at` (Meta's duration when it gives one). */
export function endFields(
  session: Pick<CallSessionRow, 'answeredAt'>,
  status: CallSessionStatus,
  at: Date,
  duration?: number,
) {
  const seconds =
    duration ??
    (session.answeredAt
      ? Math.max(0, Math.round((at.getTime() - session.answeredAt.getTime()) / 1000))
      : null);
  return { status, endedAt: at, durationSeconds: seconds, sdpOffer: null };
}
