import { describe, expect, it } from 'vitest';
import { agentSipUser, parseAgentSipUser } from './phone-calls.js';

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
