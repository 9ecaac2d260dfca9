import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../messages.js';
import {
  AUDIO_PLAY_RETRY_MS,
  answerRefusal,
  CALL_ERROR_CODES,
  CALL_MESSAGES,
  callPermissionStateOf,
  canAnswerByRole,
  canSendCallPermissionRequest,
  canStartOutboundCall,
  ICE_GATHERING_TIMEOUT_INBOUND_MS,
  ICE_GATHERING_TIMEOUT_OUTBOUND_MS,
  isValidCallNumber,
} from './call-rules.js';

describe('only roles with CS answer (000 §5)', () => {
  it.each([
    ['CS', true],
    ['CS-SPV', true],
    ['SPV', false],
    ['', false],
  ] as const)('%s → %s', (role, allowed) => expect(canAnswerByRole(role)).toBe(allowed));
});

describe('answer refusal (000 §4 incoming call, §8)', () => {
  const ok = { role: 'CS', sessionStatus: 'RIN', agentActiveCalls: 0, agentOutboundCalls: 0 } as const;
  it.each([
    [{}, null],
    [{ role: 'SPV' }, 'ROLE_NOT_ALLOWED'],
    [{ role: '' }, 'ROLE_NOT_ALLOWED'],
    [{ agentActiveCalls: 1 }, 'CALL_LIMITATION_ERROR'],
    [{ agentOutboundCalls: 1 }, 'CALL_LIMITATION_ERROR'],
    [{ sessionStatus: 'ANS' }, 'SESSION_NOT_RINGING'],
    [{ sessionStatus: 'NOA' }, 'SESSION_NOT_RINGING'],
    [{ sessionStatus: 'CMP' }, 'SESSION_NOT_RINGING'],
    [{ role: 'SPV', agentActiveCalls: 1 }, 'ROLE_NOT_ALLOWED'],
  ] as const)('%j → %s', (change, refusal) => {
    expect(answerRefusal({ ...ok, ...change })).toBe(refusal);
  });
});

describe('outbound call rules (000 §4–§5)', () => {
  it('refuses a second outbound call to the same number', () => {
    expect(canStartOutboundCall(['6281234567890'], '6281234567890')).toBe(false);
    expect(canStartOutboundCall(['6281234567890'], '6281111111111')).toBe(true);
  });
  it.each([
    ['6281234567890', true],
    ['12345678', true],
    ['1234567', false],
    ['1234567890123456', false],
    ['+6281234567890', false],
    ['0812-3456-7890', false],
    ['', false],
  ])('number %s valid: %s', (phone, valid) => expect(isValidCallNumber(phone)).toBe(valid));
});

describe('call permission requests: 1 per 24 h, 2 per 7 days (000 §5, Meta)', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  it.each([
    [[], true],
    [[hoursAgo(1)], false],
    [[hoursAgo(23.9)], false],
    [[hoursAgo(24)], true],
    [[hoursAgo(25), hoursAgo(48)], false],
    [[hoursAgo(25), hoursAgo(7 * 24)], true],
    [[hoursAgo(7 * 24 + 1), hoursAgo(8 * 24)], true],
  ] as const)('sent %j → may send: %s', (sent, may) => {
    expect(canSendCallPermissionRequest(sent, now)).toBe(may);
  });
});

describe('call permission state (000 §4)', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const at = (h: number) => new Date(now.getTime() + h * 3_600_000);
  it.each([
    [{ requestedAt: null, reply: null }, { state: 'none' }],
    [{ requestedAt: at(-1), reply: null }, { state: 'waiting' }],
    [
      { requestedAt: at(-2), reply: { response: 'accept', at: at(-1), expiresAt: at(24) } },
      { state: 'allowed', until: at(24) },
    ],
    [
      { requestedAt: at(-2), reply: { response: 'accept', at: at(-1), expiresAt: null } },
      { state: 'allowed', until: null },
    ],
    [
      { requestedAt: at(-2), reply: { response: 'reject', at: at(-1), expiresAt: null } },
      { state: 'rejected' },
    ],
    [
      { requestedAt: at(-200), reply: { response: 'accept', at: at(-199), expiresAt: at(-1) } },
      { state: 'expired' },
    ],
    [
      { requestedAt: at(-1), reply: { response: 'reject', at: at(-5), expiresAt: null } },
      { state: 'waiting' },
    ],
  ] as const)('%j → %j', (input, state) => {
    expect(callPermissionStateOf(input, now)).toEqual(state);
  });
});

describe('000 §8 call messages and §9 timings', () => {
  it('keeps the spec strings verbatim', () => {
    expect(CALL_MESSAGES['calls.sessionNotRinging'].en).toBe('Session is not ringing');
    expect(CALL_MESSAGES['calls.answerFailed'].en).toBe('error answering call');
    expect(CALL_MESSAGES['calls.disconnectFailed'].en).toBe('Error terminate the call');
    expect(CALL_MESSAGES['calls.enableAudio'].en).toBe('Enable Call Audio');
    for (const text of [
      'Failed to obtain room token',
      'Failed to join room',
      'Failed to update leave room status',
      'Failed to accept call',
      'Error terminating call',
      'Hold state change failed',
      'Failed to initiate call',
      'Failed to send answer',
      'WebRTC connection failed',
    ])
      expect(Object.values(CALL_MESSAGES).map((m) => m.en)).toContain(text);
  });
  it('maps every error code to a message in both languages', () => {
    for (const key of Object.values(CALL_ERROR_CODES)) {
      expect(MESSAGES[key].en).not.toBe('');
      expect(MESSAGES[key].id).not.toBe('');
    }
  });
  it('has the timings', () => {
    expect([
      ICE_GATHERING_TIMEOUT_INBOUND_MS,
      ICE_GATHERING_TIMEOUT_OUTBOUND_MS,
      AUDIO_PLAY_RETRY_MS,
    ]).toEqual([3000, 5000, 1000]);
  });
});
