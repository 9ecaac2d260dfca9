/**
 * The call states of spec 000 §4 "Call room and session" and the rules of 000 §5, as pure functions shared by the
 * server and the web app. Where the spec names a state but not its transitions, the choice is Sapa's and is
 * written down in docs/decisions.md (Calls).
 */

/** 000 §4: call room status. */
export const CALL_ROOM_STATUSES = ['CLOSED', 'OPEN', 'QUEUE', 'ASSIGNED'] as const;
export type CallRoomStatus = (typeof CALL_ROOM_STATUSES)[number];

/** 000 §4: room status codes; BOT = handled by a bot. */
export const CALL_ROOM_STATUS_CODES = ['CLS', 'OPN', 'QUE', 'BOT'] as const;
export type CallRoomStatusCode = (typeof CALL_ROOM_STATUS_CODES)[number];

/**
 * The status a room shows from its stored code and assignment. The spec gives ASSIGNED no code of its own: an open
 * room (OPN, or BOT once a person takes over) with a CS assigned is ASSIGNED.
 */
export function callRoomStatusOf(room: { code: CallRoomStatusCode; csId: string | null }): CallRoomStatus {
  switch (room.code) {
    case 'CLS':
      return 'CLOSED';
    case 'QUE':
      return room.csId ? 'ASSIGNED' : 'QUEUE';
    case 'OPN':
    case 'BOT':
      return room.csId ? 'ASSIGNED' : 'OPEN';
  }
}

/** 000 §4: call session status — RIN ringing, ANS answered, RJC rejected, FAI failed, CMP completed, NOA no answer, HLD hold. */
export const CALL_SESSION_STATUSES = ['RIN', 'ANS', 'RJC', 'FAI', 'CMP', 'NOA', 'HLD'] as const;
export type CallSessionStatus = (typeof CALL_SESSION_STATUSES)[number];

/** What moves a session on. */
export type CallSessionAction = 'answer' | 'reject' | 'hold' | 'resume' | 'terminate' | 'fail' | 'noAnswer';

/**
 * The session machine: a ringing call is answered, rejected, missed (no answer, also when the caller hangs up
 * first) or fails; an answered call holds and resumes, and ends completed or failed. RJC, FAI, CMP and NOA are final.
 */
const SESSION_TRANSITIONS: Record<
  CallSessionStatus,
  Partial<Record<CallSessionAction, CallSessionStatus>>
> = {
  RIN: { answer: 'ANS', reject: 'RJC', noAnswer: 'NOA', terminate: 'NOA', fail: 'FAI' },
  ANS: { hold: 'HLD', terminate: 'CMP', fail: 'FAI' },
  HLD: { resume: 'ANS', terminate: 'CMP', fail: 'FAI' },
  RJC: {},
  FAI: {},
  CMP: {},
  NOA: {},
};

/** The status after `action`, or null when the action does not apply to a session in `status`. */
export function nextCallSessionStatus(
  status: CallSessionStatus,
  action: CallSessionAction,
): CallSessionStatus | null {
  return SESSION_TRANSITIONS[status][action] ?? null;
}

export function isFinalCallSessionStatus(status: CallSessionStatus): boolean {
  return Object.keys(SESSION_TRANSITIONS[status]).length === 0;
}

/** A call that holds the agent: answered or on hold (000 §5 "1 active call at a time"). */
export function isActiveCallSessionStatus(status: CallSessionStatus): boolean {
  return status === 'ANS' || status === 'HLD';
}

/** 000 §3 Call session. */
export interface CallSessionFields {
  roomId: string;
  id: string;
  clientId: string;
  callerId: string;
  remoteId: string;
  status: string;
}

export type CallSessionConstruction =
  | { ok: true; session: CallSessionFields & { status: CallSessionStatus } }
  | { ok: false; missing: string[] };

const REQUIRED_SESSION_FIELDS = ['roomId', 'id', 'clientId', 'callerId', 'remoteId'] as const;

/** 000 §5: a session needs roomId, id, clientId, callerId and remoteId, and a valid status; otherwise construction fails. */
export function constructCallSession(
  input: Partial<Record<keyof CallSessionFields, unknown>>,
): CallSessionConstruction {
  const missing: string[] = REQUIRED_SESSION_FIELDS.filter(
    (f) => typeof input[f] !== 'string' || input[f] === '',
  );
  if (!(CALL_SESSION_STATUSES as readonly unknown[]).includes(input.status)) missing.push('status');
  if (missing.length > 0) return { ok: false, missing };
  return { ok: true, session: input as CallSessionFields & { status: CallSessionStatus } };
}

/** 000 §4: call history states. */
export const CALL_HISTORY_STATES = ['established', 'not connected', 'missed'] as const;
export type CallHistoryState = (typeof CALL_HISTORY_STATES)[number];

/** A finished session's history state: answered at some point → established; no answer → missed; else not connected. */
export function callHistoryStateOf(session: {
  status: CallSessionStatus;
  answeredAt: unknown;
}): CallHistoryState {
  if (session.answeredAt != null || isActiveCallSessionStatus(session.status)) return 'established';
  if (session.status === 'NOA' || session.status === 'RIN') return 'missed';
  return 'not connected';
}

/** 000 §4: wider session states (phone calls). */
export const WIDER_CALL_SESSION_STATES = [
  'trying',
  'ringing',
  'connected',
  'hold',
  'busy',
  'no answer',
  'rejected',
  'ended',
  'cancelled',
  'failed',
] as const;

/** 000 §4: call events on the call socket. */
export const CALL_EVENTS = [
  'connect',
  'answer',
  'reject',
  'terminate',
  'transfer',
  'new-call-room-message',
  'new-call',
] as const;
export type CallEvent = (typeof CALL_EVENTS)[number];

/** 000 §4 "An invalid event type is rejected." */
export function parseCallEvent(value: unknown): CallEvent | null {
  return (CALL_EVENTS as readonly unknown[]).includes(value) ? (value as CallEvent) : null;
}

/** 000 §4: call filter. */
export const CALL_FILTERS = ['phone', 'whatsapp', 'all'] as const;
export type CallFilter = (typeof CALL_FILTERS)[number];

/** 000 §4: hold state — off, loading, on. Toggling sets loading, then flips on success and reverts on failure. */
export type HoldState = 'off' | 'loading' | 'on';
export interface HoldToggle {
  state: HoldState;
  /** The state before loading, to revert to on failure. */
  from: 'off' | 'on' | null;
}

export function startHoldToggle(toggle: HoldToggle): HoldToggle {
  if (toggle.state === 'loading') return toggle;
  return { state: 'loading', from: toggle.state };
}

export function settleHoldToggle(toggle: HoldToggle, succeeded: boolean): HoldToggle {
  if (toggle.state !== 'loading' || toggle.from === null) return toggle;
  const flipped = toggle.from === 'off' ? 'on' : 'off';
  return { state: succeeded ? flipped : toggle.from, from: null };
}

/** 000 §4: outbound call states. */
export const OUTBOUND_CALL_STATES = [
  'idle',
  'requesting_permission',
  'permission_granted',
  'permission_denied',
  'initializing',
  'calling',
  'ringing',
  'connected',
  'ending',
  'ended',
  'failed',
] as const;
export type OutboundCallState = (typeof OUTBOUND_CALL_STATES)[number];

/** 000 §4: audio connection states. */
export const AUDIO_CONNECTION_STATES = [
  'idle',
  'initializing',
  'connecting',
  'connected',
  'disconnected',
  'failed',
] as const;
export type AudioConnectionState = (typeof AUDIO_CONNECTION_STATES)[number];

/**
 * 000 §4: connecting → calling; connected → connected (the start time is recorded); disconnected → ended;
 * failed → failed. Other connection states leave the outbound state as it is (null).
 */
export function outboundStateOfConnection(
  connection: AudioConnectionState,
): { state: OutboundCallState; recordsStart: boolean } | null {
  switch (connection) {
    case 'connecting':
      return { state: 'calling', recordsStart: false };
    case 'connected':
      return { state: 'connected', recordsStart: true };
    case 'disconnected':
      return { state: 'ended', recordsStart: false };
    case 'failed':
      return { state: 'failed', recordsStart: false };
    default:
      return null;
  }
}

/** 000 §4 "Transfer is not supported for outbound calls." */
export function canTransferCall(direction: 'inbound' | 'outbound'): boolean {
  return direction === 'inbound';
}
