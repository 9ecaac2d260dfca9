import { describe, expect, it } from 'vitest';
import {
  CALL_EVENTS,
  type CallSessionAction,
  type CallSessionStatus,
  callHistoryStateOf,
  callRoomStatusOf,
  canTransferCall,
  constructCallSession,
  isFinalCallSessionStatus,
  nextCallSessionStatus,
  outboundStateOfConnection,
  parseCallEvent,
  settleHoldToggle,
  startHoldToggle,
} from './call-states.js';

describe('call room status (000 §4)', () => {
  it.each([
    ['CLS', null, 'CLOSED'],
    ['CLS', 'cs-1', 'CLOSED'],
    ['OPN', null, 'OPEN'],
    ['OPN', 'cs-1', 'ASSIGNED'],
    ['QUE', null, 'QUEUE'],
    ['QUE', 'cs-1', 'ASSIGNED'],
    ['BOT', null, 'OPEN'],
  ] as const)('code %s with cs %s is %s', (code, csId, status) => {
    expect(callRoomStatusOf({ code, csId })).toBe(status);
  });
});

describe('call session transitions (000 §4)', () => {
  const table: [CallSessionStatus, CallSessionAction, CallSessionStatus | null][] = [
    ['RIN', 'answer', 'ANS'],
    ['RIN', 'reject', 'RJC'],
    ['RIN', 'noAnswer', 'NOA'],
    ['RIN', 'terminate', 'NOA'],
    ['RIN', 'fail', 'FAI'],
    ['RIN', 'hold', null],
    ['ANS', 'hold', 'HLD'],
    ['ANS', 'terminate', 'CMP'],
    ['ANS', 'answer', null],
    ['ANS', 'reject', null],
    ['HLD', 'resume', 'ANS'],
    ['HLD', 'terminate', 'CMP'],
    ['HLD', 'hold', null],
    ['CMP', 'terminate', null],
    ['RJC', 'answer', null],
    ['NOA', 'answer', null],
    ['FAI', 'resume', null],
  ];
  it.each(table)('%s + %s → %s', (status, action, next) => {
    expect(nextCallSessionStatus(status, action)).toBe(next);
  });
  it.each([
    ['RIN', false],
    ['ANS', false],
    ['HLD', false],
    ['RJC', true],
    ['FAI', true],
    ['CMP', true],
    ['NOA', true],
  ] as const)('%s final: %s', (status, final) => {
    expect(isFinalCallSessionStatus(status)).toBe(final);
  });
});

describe('call session construction (000 §5)', () => {
  const full = { roomId: 'r', id: 'i', clientId: 'c', callerId: 'p', remoteId: 'w', status: 'RIN' };
  it('builds with every required field and a valid status', () => {
    expect(constructCallSession(full)).toEqual({ ok: true, session: full });
  });
  it.each(['roomId', 'id', 'clientId', 'callerId', 'remoteId'] as const)('fails without %s', (field) => {
    expect(constructCallSession({ ...full, [field]: undefined })).toEqual({ ok: false, missing: [field] });
    expect(constructCallSession({ ...full, [field]: '' })).toEqual({ ok: false, missing: [field] });
  });
  it('fails with an invalid status', () => {
    expect(constructCallSession({ ...full, status: 'XYZ' })).toEqual({ ok: false, missing: ['status'] });
  });
});

describe('call history state (000 §4)', () => {
  it.each([
    ['CMP', 1, 'established'],
    ['FAI', 1, 'established'],
    ['ANS', null, 'established'],
    ['NOA', null, 'missed'],
    ['RJC', null, 'not connected'],
    ['FAI', null, 'not connected'],
  ] as const)('%s answered %s → %s', (status, answeredAt, state) => {
    expect(callHistoryStateOf({ status, answeredAt })).toBe(state);
  });
});

describe('call events (000 §4)', () => {
  it.each(CALL_EVENTS)('accepts %s', (event) => expect(parseCallEvent(event)).toBe(event));
  it.each(['ring', '', null, 42, 'CONNECT'])('rejects %s', (event) =>
    expect(parseCallEvent(event)).toBeNull(),
  );
});

describe('hold state (000 §4: off → loading → on, reverting on failure)', () => {
  it.each([
    ['off', true, 'on'],
    ['off', false, 'off'],
    ['on', true, 'off'],
    ['on', false, 'on'],
  ] as const)('from %s, success %s → %s', (from, ok, to) => {
    const loading = startHoldToggle({ state: from, from: null });
    expect(loading.state).toBe('loading');
    expect(startHoldToggle(loading)).toBe(loading);
    expect(settleHoldToggle(loading, ok).state).toBe(to);
  });
});

describe('outbound states from connection states (000 §4)', () => {
  it.each([
    ['connecting', { state: 'calling', recordsStart: false }],
    ['connected', { state: 'connected', recordsStart: true }],
    ['disconnected', { state: 'ended', recordsStart: false }],
    ['failed', { state: 'failed', recordsStart: false }],
    ['idle', null],
    ['initializing', null],
  ] as const)('%s → %j', (connection, mapped) => {
    expect(outboundStateOfConnection(connection)).toEqual(mapped);
  });
  it('transfers only inbound calls', () => {
    expect(canTransferCall('inbound')).toBe(true);
    expect(canTransferCall('outbound')).toBe(false);
  });
});
