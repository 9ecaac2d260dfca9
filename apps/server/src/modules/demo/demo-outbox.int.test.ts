import type { TokenPair } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh, waitForResetCode } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let demo: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let other: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let admin: TokenPair;
let agent: TokenPair;

const forgot = (email: string) =>
  demo.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { channel: 'email', email } });
const outbox = (tokens?: TokenPair, query = '') =>
  demo.app.inject({
    method: 'GET',
    url: `/api/demo/outbox${query}`,
    headers: { 'accept-language': 'en', ...(tokens ? bearer(tokens) : {}) },
  });
const recipients = (res: { json: () => { items: { recipient: string }[] } }) =>
  res
    .json()
    .items.map((m) => m.recipient)
    .sort();

beforeAll(async () => {
  demo = await startTestServer({ demo: true });
  biz = await makeBusiness(demo.deps.db, 'Demo', [{ name: 'Kedua', role: 'ADC', csPosition: 'SPV2' }]);
  other = await makeBusiness(demo.deps.db, 'Lain');
  owner = await signInFresh(demo.app, biz.owner.email);
  admin = await signInFresh(demo.app, biz.admin.email);
  agent = await signInFresh(demo.app, biz.agent.email);
  // A reset code for everyone: this business's owner, admins and agent, and the other business's owner.
  const everyone = [biz.owner, biz.admin, biz.members[3]!, biz.agent, other.owner].map((m) => m.email);
  for (const email of everyone) expect((await forgot(email)).statusCode).toBe(200);
  await Promise.all(everyone.map((email) => waitForResetCode(demo.deps.db, email)));
});
afterAll(() => demo?.close());

describe('demo outbox', () => {
  it('is closed to anyone not signed in', async () => {
    const res = await outbox();
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toMatch(/\b\d{5}\b/);
  });

  it('is closed to a customer-service user', async () => {
    const res = await outbox(agent);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only the owner or an admin of the demo business can read its outbox.');
  });

  it("shows an admin their own messages and those of the users below them, never the owner's, another admin's or another business's", async () => {
    const res = await outbox(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(recipients(res)).toEqual([biz.admin.email, biz.agent.email].sort());
  });

  it("shows the owner their business's messages only", async () => {
    const res = await outbox(owner);
    expect(recipients(res)).toEqual(
      [biz.owner.email, biz.admin.email, biz.members[3]!.email, biz.agent.email].sort(),
    );
    const filtered = await outbox(owner, `?recipient=${encodeURIComponent(biz.agent.email.toUpperCase())}`);
    expect(recipients(filtered)).toEqual([biz.agent.email]);
    expect(recipients(await outbox(owner, `?recipient=${encodeURIComponent(other.owner.email)}`))).toEqual(
      [],
    );
  });

  it('does not exist outside demo mode', async () => {
    const plain = await startTestServer({ work: false });
    try {
      const tokens = await signInFresh(plain.app, (await makeBusiness(plain.deps.db, 'Biasa')).owner.email);
      const res = await plain.app.inject({ method: 'GET', url: '/api/demo/outbox', headers: bearer(tokens) });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  }, 180_000);
});
