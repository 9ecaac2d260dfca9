import {
  agentRoleOfPosition,
  answerRefusal,
  CALL_ERROR_CODES,
  type CallSession,
  type CallSessionStatus,
  canAnswerByRole,
  nextCallSessionStatus,
} from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, conflict, notFound } from '../../platform/http/errors.js';
import { agentStateOf } from '../teams/index.js';
import type { CallPublisher } from './call-events.js';
import {
  activeSessionsOf,
  type CallSessionRow,
  moveSession,
  ringingSessions,
  sessionById,
  setRoom,
  toCallSessions,
} from './calls.repository.js';
import { endFields } from './calls-webhook.js';
import { sendCallAction } from './whatsapp-calling.js';

type Deps = Pick<ServerDeps, 'db' | 'secrets'> & { calls: CallPublisher };

const refused = (code: keyof typeof CALL_ERROR_CODES) =>
  new AppError(code === 'ROLE_NOT_ALLOWED' ? 403 : 409, CALL_ERROR_CODES[code]);

async function one(deps: Pick<ServerDeps, 'db'>, row: CallSessionRow): Promise<CallSession> {
  const [session] = await toCallSessions(deps.db, [row]);
  return session!;
}

/** The calls ringing for the caller — only an available agent whose role may answer — and the caller's active call. */
export async function listRinging(deps: Deps, auth: AuthContext) {
  const active = await activeSessionsOf(deps.db, auth.clientId, auth.userId);
  const mayAnswer =
    canAnswerByRole(agentRoleOfPosition(auth.csPosition)) &&
    (await agentStateOf(deps.db, auth.clientId, auth.userId)).status === 'online';
  const ringing = mayAnswer ? await ringingSessions(deps.db, auth.clientId) : [];
  return {
    ringing: await toCallSessions(deps.db, ringing),
    active: active[0] ? await one(deps, active[0]) : null,
  };
}

/**
 * 000 §4 incoming call: the agent claims the ringing session (exactly one of racing agents wins; the others get
 * SESSION_NOT_RINGING), then Sapa sends Meta `pre_accept` and `accept` with the browser's SDP answer. When Meta
 * refuses, the call rings again for the others and the agent gets 'Failed to accept call'.
 */
export async function answerCall(deps: Deps, auth: AuthContext, id: string, answer: { sdp: string }) {
  const session = await sessionById(deps.db, auth.clientId, id);
  if (!session) throw notFound();
  const active = await activeSessionsOf(deps.db, auth.clientId, auth.userId);
  const refusal = answerRefusal({
    role: agentRoleOfPosition(auth.csPosition),
    sessionStatus: session.status,
    agentActiveCalls: active.length,
    agentOutboundCalls: 0,
  });
  if (refusal) throw refused(refusal);
  const now = new Date();
  let claimed: CallSessionRow | null;
  try {
    claimed = await moveSession(deps.db, session, ['RIN'], {
      status: 'ANS',
      csId: auth.userId,
      answeredAt: now,
    });
  } catch (err) {
    // The database's one-active-call index: the agent answered another call at the same moment.
    if ((err as { code?: string }).code === '23505') throw refused('CALL_LIMITATION_ERROR');
    throw err;
  }
  if (!claimed) throw refused('SESSION_NOT_RINGING');
  const target = {
    clientId: auth.clientId,
    channelAccountId: session.channelAccountId,
    callId: session.remoteId,
  };
  for (const action of ['pre_accept', 'accept'] as const) {
    const sent = await sendCallAction(deps, target, { action, sdp: answer.sdp });
    if (!sent.ok) {
      const back = await moveSession(deps.db, claimed, ['ANS'], {
        status: 'RIN',
        csId: null,
        answeredAt: null,
      });
      if (back) await deps.calls.publishAll([{ row: back, event: 'new-call' }]);
      throw new AppError(502, 'calls.acceptFailed');
    }
  }
  await setRoom(deps.db, { clientId: auth.clientId, id: session.roomId }, { code: 'OPN', csId: auth.userId });
  const answered = { ...claimed, sdpOffer: null };
  await deps.calls.publishAll([{ row: answered, event: 'answer' }]);
  return one(deps, answered);
}

/** Rejects a ringing call (Meta `reject`): the caller hears the call declined; it stops ringing for everyone. */
export async function rejectCall(deps: Deps, auth: AuthContext, id: string) {
  const session = await sessionById(deps.db, auth.clientId, id);
  if (!session) throw notFound();
  if (!canAnswerByRole(agentRoleOfPosition(auth.csPosition))) throw refused('ROLE_NOT_ALLOWED');
  if (session.status !== 'RIN') throw refused('SESSION_NOT_RINGING');
  const sent = await sendCallAction(
    deps,
    { clientId: auth.clientId, channelAccountId: session.channelAccountId, callId: session.remoteId },
    { action: 'reject' },
  );
  if (!sent.ok) throw new AppError(502, 'calls.providerFailed');
  const rejected = await moveSession(deps.db, session, ['RIN'], endFields(session, 'RJC', new Date()));
  if (!rejected) throw refused('SESSION_NOT_RINGING');
  await setRoom(
    deps.db,
    { clientId: auth.clientId, id: session.roomId },
    { code: 'CLS', closedAt: new Date() },
  );
  await deps.calls.publishAll([{ row: rejected, event: 'reject' }]);
  return one(deps, rejected);
}

/** The agent's own answered call. */
async function ownActiveCall(deps: Deps, auth: AuthContext, id: string) {
  const session = await sessionById(deps.db, auth.clientId, id);
  if (!session) throw notFound();
  if (session.csId !== auth.userId || !['ANS', 'HLD'].includes(session.status))
    throw conflict('calls.notAnswered');
  return session;
}

/** Ends the agent's call (Meta `terminate`): completed, with its duration; failure is 'Error terminate the call'. */
export async function terminateCall(deps: Deps, auth: AuthContext, id: string) {
  const session = await ownActiveCall(deps, auth, id);
  const sent = await sendCallAction(
    deps,
    { clientId: auth.clientId, channelAccountId: session.channelAccountId, callId: session.remoteId },
    { action: 'terminate' },
  );
  if (!sent.ok) throw new AppError(502, 'calls.disconnectFailed');
  const now = new Date();
  const ended = await moveSession(deps.db, session, ['ANS', 'HLD'], endFields(session, 'CMP', now));
  if (!ended) throw conflict('calls.notAnswered');
  await setRoom(deps.db, { clientId: auth.clientId, id: session.roomId }, { code: 'CLS', closedAt: now });
  await deps.calls.publishAll([{ row: ended, event: 'terminate' }]);
  return one(deps, ended);
}

/**
 * Holds or resumes the agent's call. Meta's Calling API has no hold action: the browser stops sending and playing
 * audio, and the session's state (HLD / ANS) is kept here. A call not in the state to toggle is 'Hold state change
 * failed'.
 */
export async function holdCall(deps: Deps, auth: AuthContext, id: string, hold: boolean) {
  const session = await ownActiveCall(deps, auth, id);
  const next: CallSessionStatus | null = nextCallSessionStatus(session.status, hold ? 'hold' : 'resume');
  if (!next) throw conflict('calls.holdStateChangeFailed');
  const moved = await moveSession(
    deps.db,
    session,
    [session.status],
    { status: next },
    { csId: auth.userId },
  );
  if (!moved) throw conflict('calls.holdStateChangeFailed');
  await deps.calls.publishAll([{ row: moved, event: 'hold' }]);
  return one(deps, moved);
}

/** Sign-out ends every call of the agent first (000 §4 logout disconnects all active calls). */
export async function endCallsOnSignOut(deps: Deps, auth: AuthContext) {
  for (const session of await activeSessionsOf(deps.db, auth.clientId, auth.userId)) {
    try {
      await terminateCall(deps, auth, session.id);
    } catch {
      // Meta did not take the terminate: the session still ends here, the caller's side times out.
      const ended = await moveSession(
        deps.db,
        session,
        ['ANS', 'HLD'],
        endFields(session, 'FAI', new Date()),
      );
      if (ended) await deps.calls.publishAll([{ row: ended, event: 'terminate' }]);
    }
  }
}
