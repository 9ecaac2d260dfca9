import { describe, expect, it } from 'vitest';
import {
  agentSipUser,
  normaliseCallNumber,
  parseAgentSipUser,
  phoneSessionStatusAfter,
  widerStateOfSipStatus,
} from './phone-calls.js';

describe('agentSipUser / parseAgentSipUser', () => {
  const cases = [
    ['01a225d4-0a43-7fdb-975e-3ad9dc898fa1', '01a225d4-0a58-7567-a296-df2afd470a4a'],
    ['00000000-0000-0000-0000-000000000001', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
  ] as const;
  it.each(cases)(
    '%s / %s: a short SIP user that names the business and the user again',
    (clientId, userId) => {
      const user = agentSipUser(clientId, userId);
      expect(user).toMatch(/^[0-9a-z]+\.[0-9a-z]+$/);
      expect(user.length).toBeLessThanOrEqual(51);
      expect(parseAgentSipUser(user)).toEqual({ clientId, userId });
    },
  );
  it.each(['6281100000001', '', 'abc', 'a.b.c', 'A.B', 'zzzzzzzzzzzzzzzzzzzzzzzzzz.1'])(
    '%j is no agent',
    (user) => {
      expect(parseAgentSipUser(user)).toBeNull();
    },
  );
});

describe('normaliseCallNumber (000 §5 valid and numeric)', () => {
  it.each([
    ['6281234567890', '6281234567890'],
    ['+62 812-3456-7890', '6281234567890'],
    ['0812 3456 7890', '6281234567890'],
    ['(021) 555-1234', '62215551234'],
    ['12345678', '12345678'],
    ['1234567', null],
    ['1234567890123456', null],
    ['0812abc4567', null],
    ['', null],
    ['+', null],
  ])('%j → %j', (input, expected) => {
    expect(normaliseCallNumber(input)).toBe(expected);
  });
});

describe('phoneSessionStatusAfter (000 §4 session machine, SIP responses)', () => {
  it.each([
    ['RIN', 'answered', null, 'ANS'],
    ['RIN', 'failed', 486, 'RJC'],
    ['RIN', 'failed', 603, 'RJC'],
    ['RIN', 'failed', 480, 'NOA'],
    ['RIN', 'failed', 487, 'NOA'],
    ['RIN', 'failed', 408, 'NOA'],
    ['RIN', 'failed', 500, 'FAI'],
    ['RIN', 'failed', null, 'FAI'],
    ['RIN', 'ended', null, 'NOA'],
    ['ANS', 'held', null, 'HLD'],
    ['HLD', 'resumed', null, 'ANS'],
    ['ANS', 'ended', null, 'CMP'],
    ['HLD', 'ended', null, 'CMP'],
    ['ANS', 'failed', 500, 'FAI'],
    ['ANS', 'answered', null, null],
    ['RIN', 'held', null, null],
    ['CMP', 'ended', null, null],
    ['NOA', 'answered', null, null],
  ] as const)('%s + %s (%s) → %s', (status, outcome, sip, expected) => {
    expect(phoneSessionStatusAfter(status, outcome, sip)).toBe(expected);
  });
  it.each([
    [200, 'connected'],
    [486, 'busy'],
    [603, 'rejected'],
    [487, 'cancelled'],
    [480, 'no answer'],
    [408, 'no answer'],
    [503, 'failed'],
  ])('SIP %i is the wider state %j', (sip, state) => {
    expect(widerStateOfSipStatus(sip)).toBe(state);
  });
});
