import {
  agentSipUser,
  CALL_ERROR_CODES,
  type CallSession,
  type CallSessionEvent,
  type CallSessionStatus,
  can,
  isFinalCallSessionStatus,
  normaliseCallNumber,
  OUTBOUND_PHONE_PERMISSIONS,
  PHONE_CALL_PERMISSIONS,
  type PhoneCallOutcome,
  phoneSessionStatusAfter,
  SIP_CREDENTIAL_SECONDS,
  type SipCredentialResponse,
} from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { sipCredentialFor } from '../../platform/telephony/sip-credentials.js';
import type { CallPublisher } from './call-events.js';
import {
  type CallSessionRow,
  moveSession,
  sessionById,
  setRoom,
  toCallSessions,
} from './calls.repository.js';
import { endFields } from './calls-webhook.js';
import {
  agentCallsUnderWay,
  contactIdByPhone,
  insertOutboundPhoneCall,
  outboundCallsTo,
} from './phone-calls.repository.js';

type Deps = Pick<ServerDeps, 'db' | 'config'> & { calls: CallPublisher };

/** A user of any call page (000 §2: inbound calls, call centre, telesales) may use the browser phone. */
export function mayUsePhone(auth: AuthContext): boolean {
  return PHONE_CALL_PERMISSIONS.some((p) => can(auth.subject, p, 'READ'));
}

/**
 * The signed-in agent's SIP credential (auth_ephemeral): it registers and calls only as `<business>.<user>`,
 * for an hour; nothing is stored — Kamailio recomputes the password from the username and the shared secret.
 */
export function sipCredentialOf(deps: Pick<ServerDeps, 'config'>, auth: AuthContext): SipCredentialResponse {
  if (!mayUsePhone(auth)) throw forbidden();
  const telephony = telephonyOf(deps);
  const user = agentSipUser(auth.clientId, auth.userId);
  const credential = sipCredentialFor(telephony.secret, user, SIP_CREDENTIAL_SECONDS, new Date());
  return {
    wsUrl: telephony.wsUrl,
    domain: telephony.domain,
    user,
    username: credential.username,
    password: credential.password,
    expiresAt: credential.expiresAt.getTime(),
  };
}

function telephonyOf(deps: Pick<ServerDeps, 'config'>) {
  if (!deps.config.telephony) throw new AppError(503, 'calls.phoneUnavailable');
  return deps.config.telephony;
}

async function one(deps: Pick<ServerDeps, 'db'>, row: CallSessionRow): Promise<CallSession> {
  const [session] = await toCallSessions(deps.db, [row]);
  return session!;
}

/**
 * An outbound phone call (000 §4 outbound call, §5): from a user of the call centre or telesales, to a valid
 * numeric number, not while the agent has a call (CALL_LIMITATION_ERROR) nor while the number is already being
 * called; a ringing session linked to the contact of that number. The browser's SIP phone then dials it.
 */
export async function dialPhone(deps: Deps, auth: AuthContext, input: string) {
  if (!OUTBOUND_PHONE_PERMISSIONS.some((p) => can(auth.subject, p, 'READ'))) throw forbidden();
  telephonyOf(deps);
  const number = normaliseCallNumber(input);
  if (!number) throw badRequest('calls.invalidNumber');
  if ((await agentCallsUnderWay(deps.db, auth.clientId, auth.userId)).length > 0)
    throw conflict(CALL_ERROR_CODES.CALL_LIMITATION_ERROR);
  if ((await outboundCallsTo(deps.db, auth.clientId, number)).length > 0)
    throw conflict('calls.outboundExists');
  const row = await insertOutboundPhoneCall(deps.db, {
    clientId: auth.clientId,
    csId: auth.userId,
    number,
    contactId: await contactIdByPhone(deps.db, auth.clientId, number),
    at: new Date(),
  });
  return { session: await one(deps, row), number };
}

const EVENT_OF: Record<CallSessionStatus, CallSessionEvent['event']> = {
  RIN: 'new-call',
  ANS: 'answer',
  HLD: 'hold',
  RJC: 'reject',
  FAI: 'terminate',
  CMP: 'terminate',
  NOA: 'terminate',
};

/**
 * What the agent's SIP phone saw happen to their phone call (answered, held, resumed, ended, or failed with the
 * SIP response): the session moves by the machine of 000 §4; a final state closes the room.
 */
export async function reportPhoneOutcome(
  deps: Deps,
  auth: AuthContext,
  id: string,
  outcome: PhoneCallOutcome,
  sipStatus: number | null,
) {
  const session = await sessionById(deps.db, auth.clientId, id);
  if (!session || session.channelAccountId !== null || session.csId !== auth.userId) throw notFound();
  const next = phoneSessionStatusAfter(session.status, outcome, sipStatus);
  const refusal =
    outcome === 'held' || outcome === 'resumed' ? 'calls.holdStateChangeFailed' : 'calls.notAnswered';
  if (!next) throw conflict(refusal);
  const now = new Date();
  const fields = isFinalCallSessionStatus(next)
    ? endFields(session, next, now)
    : { status: next, ...(next === 'ANS' && !session.answeredAt ? { answeredAt: now } : {}) };
  const moved = await moveSession(deps.db, session, [session.status], fields, { csId: auth.userId });
  if (!moved) throw conflict(refusal);
  if (isFinalCallSessionStatus(next))
    await setRoom(deps.db, { clientId: auth.clientId, id: session.roomId }, { code: 'CLS', closedAt: now });
  await deps.calls.publishAll([{ row: moved, event: EVENT_OF[next] }]);
  return one(deps, moved);
}
