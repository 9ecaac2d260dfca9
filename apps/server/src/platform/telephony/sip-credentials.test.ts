import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sipCredentialFor } from './sip-credentials.js';

describe('sipCredentialFor (auth_ephemeral, username_format 1, SHA-256)', () => {
  const now = new Date('2026-11-29T03:00:00Z');
  it.each([
    ['agent-1', 3600, '1795924800:agent-1'],
    ['6281234567890', 60, '1795921260:6281234567890'],
    ['cs.2+line', 0, '1795921200:cs.2+line'],
  ])('%s for %i s → %s', (user, ttl, username) => {
    const credential = sipCredentialFor('s3cret', user, ttl, now);
    expect(credential.username).toBe(username);
    expect(credential.password).toBe(createHmac('sha256', 's3cret').update(username).digest('base64'));
    expect(credential.expiresAt.getTime()).toBe(now.getTime() + ttl * 1000);
  });

  it.each(['', 'a b', 'agent@domain', 'x;transport=ws', 'a:b'])('refuses the user %j', (user) => {
    expect(() => sipCredentialFor('s', user, 60, now)).toThrow();
  });
});
