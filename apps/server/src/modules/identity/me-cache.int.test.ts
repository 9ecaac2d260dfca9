import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;

beforeAll(async () => {
  server = await startTestServer();
  biz = await makeBusiness(server.deps.db);
});
afterAll(() => server.close());

const me = async (tokens: Parameters<typeof bearer>[0]) => {
  const res = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(tokens) });
  expect(res.statusCode).toBe(200);
  return res.json();
};

/** `me` is served from a cache: every change a user can make or be given shows in the very next answer. */
describe('me is never stale', () => {
  it('shows consent, a renamed profile, a new CS position and 2FA right after each change', async () => {
    const owner = await signInFresh(server.app, biz.owner.email);
    const agent = await signInFresh(server.app, biz.agent.email);
    expect((await me(agent)).consent.agreed).toBe(false);

    await server.app.inject({
      method: 'PUT',
      url: '/api/users/me/consent',
      headers: bearer(agent),
      payload: { agreed: true },
    });
    expect((await me(agent)).consent.agreed).toBe(true);

    const agentId = (await me(agent)).user.id;
    const update = await server.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${agentId}`,
      headers: bearer(owner),
      payload: { name: 'Agen Baru', role: 'USC', accessRoleId: null, csPosition: 'SPV2', csTags: [] },
    });
    expect(update.statusCode).toBe(200);
    const after = await me(agent);
    expect(after.user.name).toBe('Agen Baru');
    expect(after.csPosition).toBe('SPV2');

    await server.app.inject({
      method: 'POST',
      url: '/api/users/me/mfa/setup',
      headers: bearer(owner),
      payload: {},
    });
    expect((await me(owner)).mfaEnabled).toBe(false);
  });

  it('shows a new access role on every holder once the role changes', async () => {
    const owner = await signInFresh(server.app, biz.owner.email);
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/feature-access',
      headers: bearer(owner),
      payload: { name: 'Gudang', menus: ['dashboard', 'inbox'], allMenu: false },
    });
    expect(created.statusCode).toBe(200);
    const role = created.json();
    const adminId = biz.userIds[biz.admin.email]!;
    await server.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${adminId}`,
      headers: bearer(owner),
      payload: { name: 'Admin', role: 'ADC', accessRoleId: role.id, csPosition: 'SPV2', csTags: [] },
    });
    const admin = await signInFresh(server.app, biz.admin.email);
    const before = (await me(admin)).featureAccess as string;
    await server.app.inject({
      method: 'PUT',
      url: `/api/feature-access/${role.id}`,
      headers: bearer(owner),
      payload: { name: 'Gudang', menus: ['dashboard', 'inbox', 'contacts'], allMenu: false },
    });
    const afterChange = (await me(admin)).featureAccess as string;
    expect(afterChange).not.toBe(before);
    expect(afterChange).toBe(
      (
        await server.app.inject({
          method: 'GET',
          url: '/api/feature-access/detail?name=Gudang',
          headers: bearer(owner),
        })
      ).json().featureAccess,
    );
  });
});
