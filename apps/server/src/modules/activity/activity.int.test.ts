import type { TokenPair } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { pageVisits, userConsents } from './activity.schema.js';

let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let agent: TokenPair;

beforeAll(async () => {
  server = await startTestServer();
  biz = await makeBusiness(server.deps.db, 'Aktivitas');
  agent = await signInFresh(server.app, biz.agent.email);
});
afterAll(() => server.close());

const me = async (tokens: TokenPair) =>
  (await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(tokens) })).json();

describe('user consent (000 §4)', () => {
  it('starts unanswered, records agreement, and can be changed', async () => {
    expect((await me(agent)).consent).toEqual({ agreed: false, consentAt: null });

    const started = Date.now();
    const agree = await server.app.inject({
      method: 'PUT',
      url: '/api/users/me/consent',
      headers: bearer(agent),
      payload: { agreed: true },
    });
    expect(agree.statusCode).toBe(200);
    expect(agree.json().agreed).toBe(true);
    expect(agree.json().consentAt).toBeGreaterThanOrEqual(started - 1000);
    expect((await me(agent)).consent).toEqual({ agreed: true, consentAt: agree.json().consentAt });

    const decline = await server.app.inject({
      method: 'PUT',
      url: '/api/users/me/consent',
      headers: bearer(agent),
      payload: { agreed: false },
    });
    expect(decline.statusCode).toBe(200);
    const rows = await server.deps.db
      .select()
      .from(userConsents)
      .where(
        and(eq(userConsents.clientId, biz.clientId), eq(userConsents.userId, biz.userIds[biz.agent.email]!)),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.agreed).toBe(false);
    // Another user of the same business is unaffected.
    const owner = await signInFresh(server.app, biz.owner.email);
    expect((await me(owner)).consent.agreed).toBe(false);
  });

  it('needs a signed-in user and a boolean', async () => {
    expect(
      (await server.app.inject({ method: 'PUT', url: '/api/users/me/consent', payload: { agreed: true } }))
        .statusCode,
    ).toBe(401);
    const bad = await server.app.inject({
      method: 'PUT',
      url: '/api/users/me/consent',
      headers: bearer(agent),
      payload: { agreed: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('page-visit tracker (000 §7)', () => {
  it('records the page and up to five data fields for the signed-in user', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/tracker/page-visitation',
      headers: bearer(agent),
      payload: { pageName: '/dashboard', additionalData: { data_1: 'tutorial', data_3: 'step-2' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const plain = await server.app.inject({
      method: 'POST',
      url: '/api/tracker/page-visitation',
      headers: bearer(agent),
      payload: { pageName: '/setting/admin' },
    });
    expect(plain.statusCode).toBe(200);

    const rows = await server.deps.db.select().from(pageVisits).where(eq(pageVisits.clientId, biz.clientId));
    expect(rows).toHaveLength(2);
    const dashboard = rows.find((r) => r.pageName === '/dashboard')!;
    expect(dashboard).toMatchObject({
      userId: biz.userIds[biz.agent.email],
      additionalData: { data_1: 'tutorial', data_3: 'step-2' },
    });
    expect(rows.find((r) => r.pageName === '/setting/admin')!.additionalData).toEqual({});
  });

  it('refuses unknown data fields, an empty page name and anonymous calls', async () => {
    const extra = await server.app.inject({
      method: 'POST',
      url: '/api/tracker/page-visitation',
      headers: bearer(agent),
      payload: { pageName: '/x', additionalData: { data_6: 'no' } },
    });
    expect(extra.statusCode).toBe(400);
    const empty = await server.app.inject({
      method: 'POST',
      url: '/api/tracker/page-visitation',
      headers: bearer(agent),
      payload: { pageName: '' },
    });
    expect(empty.statusCode).toBe(400);
    const anonymous = await server.app.inject({
      method: 'POST',
      url: '/api/tracker/page-visitation',
      payload: { pageName: '/x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const rows = await server.deps.db.select().from(pageVisits).where(eq(pageVisits.pageName, '/x'));
    expect(rows).toHaveLength(0);
  });
});
