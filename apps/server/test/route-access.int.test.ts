import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from './auth-helpers.js';
import { bearer, makeBusiness } from './fixtures.js';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;

beforeAll(async () => {
  server = await startTestServer();
  biz = await makeBusiness(server.deps.db, 'Akses');
});
afterAll(() => server.close());

describe('permission model: every route declares what it needs', () => {
  it('has no registered route without a declared access', () => {
    expect(server.routes.length).toBeGreaterThan(10);
    const offenders = server.routes.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);
    if (offenders.length > 0) console.error(`routes without config.access:\n  ${offenders.join('\n  ')}`);
    expect(offenders).toEqual([]);
  });

  it('declares a permission and action (not just "authenticated") on every admin route', () => {
    const admin = server.routes.filter(
      (r) => r.url.startsWith('/api/admin/') || r.url.startsWith('/api/feature-access'),
    );
    expect(admin.length).toBe(10);
    for (const r of admin)
      expect(r.access, `${r.method} ${r.url}`).toMatchObject({ permission: 'SETTING_ADMIN' });
    const actions = Object.fromEntries(
      admin.map((r) => [`${r.method} ${r.url}`, (r.access as { action: string }).action]),
    );
    expect(actions).toMatchObject({
      'GET /api/admin/users': 'READ',
      'POST /api/admin/users': 'CREATE',
      'PUT /api/admin/users/:id': 'UPDATE',
      'DELETE /api/admin/users/:id': 'DELETE',
      'DELETE /api/feature-access/:id': 'DELETE',
    });
  });

  it('serves the OpenAPI document publicly', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/auth/login']).toBeDefined();
  });
});

describe('permission model: enforced on the server', () => {
  const adminGets = ['/api/admin/users', '/api/feature-access/list'];

  it('refuses an agent (USC, no feature string) with 403 and the spec message', async () => {
    const tokens = await signInFresh(server.app, biz.agent.email);
    for (const url of adminGets) {
      const res = await server.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(tokens), 'accept-language': 'en' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({
        statusCode: 403,
        error: 'Forbidden',
        message: 'You have no permission to access this menu.',
      });
    }
    const create = await server.app.inject({
      method: 'POST',
      url: '/api/feature-access',
      headers: bearer(tokens),
      payload: { name: 'Sneaky', menus: ['adminSettings'] },
    });
    expect(create.statusCode).toBe(403);
  });

  it('gives the SIP credential (phone calls) to a user of a call page only', async () => {
    const url = '/api/calls/sip-credential';
    const agent = await signInFresh(server.app, biz.agent.email);
    expect((await server.app.inject({ method: 'GET', url, headers: bearer(agent) })).statusCode).toBe(403);
    const owner = await signInFresh(server.app, biz.owner.email);
    expect((await server.app.inject({ method: 'GET', url, headers: bearer(owner) })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    for (const url of adminGets) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('lets the owner and the admin in', async () => {
    for (const email of [biz.owner.email, biz.admin.email]) {
      const tokens = await signInFresh(server.app, email);
      for (const url of adminGets) {
        const res = await server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
        expect(res.statusCode, `${email} ${url}`).toBe(200);
      }
    }
  });

  it('lets a USC user in once given an access role with adminSettings, after signing in again', async () => {
    const owner = await signInFresh(server.app, biz.owner.email);
    const role = await server.app.inject({
      method: 'POST',
      url: '/api/feature-access',
      headers: bearer(owner),
      payload: { name: 'Admin Lite', menus: ['adminSettings', 'dashboard'] },
    });
    expect(role.statusCode).toBe(200);
    const agentId = biz.userIds[biz.agent.email]!;
    const before = await signInFresh(server.app, biz.agent.email);

    const update = await server.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${agentId}`,
      headers: bearer(owner),
      payload: { name: 'Agent', role: 'USC', accessRoleId: role.json().id, csPosition: null },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toMatchObject({
      accessRoleId: role.json().id,
      accessRoleName: 'Admin Lite',
      csPosition: null,
    });

    // The old token still carries the old access; a new sign-in carries the role's.
    const stale = await server.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: bearer(before),
    });
    expect(stale.statusCode).toBe(403);
    const after = await signInFresh(server.app, biz.agent.email);
    for (const url of adminGets) {
      const res = await server.app.inject({ method: 'GET', url, headers: bearer(after) });
      expect(res.statusCode, url).toBe(200);
    }
    const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(after) });
    expect(me.json().featureAccess).toBe(role.json().featureAccess);
  });
});
