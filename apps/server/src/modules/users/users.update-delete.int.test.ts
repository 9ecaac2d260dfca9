import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postLogin, signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness, PASSWORD } from '../../../test/fixtures.js';
import {
  admin,
  biz,
  call,
  newEmail,
  other,
  owner,
  server,
  useUsersServer,
} from '../../../test/servers/users.js';
import { memberships, users } from '../identity/identity.schema.js';

/** Settings › Admin › users: editing and deleting users. */
useUsersServer();

describe('Settings › Admin › users: update', () => {
  it('updates name, role, position and tags; a new password ends their sessions', async () => {
    const budiId = biz.userIds[biz.members[3]!.email]!;
    const budi = await signInFresh(server.app, biz.members[3]!.email);
    const res = await call('PUT', `/api/admin/users/${budiId}`, owner, {
      name: 'Budi S.',
      role: 'ADC',
      csPosition: 'SPV1',
      csTags: ['senior'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: budiId,
      name: 'Budi S.',
      role: 'ADC',
      csPosition: 'SPV1',
      csTags: ['senior'],
    });
    const got = await call('GET', `/api/admin/users/${budiId}`, owner);
    expect(got.json()).toMatchObject({ name: 'Budi S.', role: 'ADC' });
    // No password in the update: the session goes on.
    expect((await call('GET', '/api/users/me', budi)).statusCode).toBe(200);

    const withPassword = await call('PUT', `/api/admin/users/${budiId}`, owner, {
      name: 'Budi S.',
      role: 'ADC',
      csPosition: 'SPV1',
      password: 'Diganti123',
    });
    expect(withPassword.statusCode).toBe(200);
    expect((await call('GET', '/api/users/me', budi)).statusCode).toBe(401);
    await signInFresh(server.app, biz.members[3]!.email, 'Diganti123');
  });

  it('keeps the owner the owner when the owner edits their own record', async () => {
    const ownerId = biz.userIds[biz.owner.email]!;
    const res = await call('PUT', `/api/admin/users/${ownerId}`, owner, {
      name: 'Owner',
      role: 'USC',
      csPosition: 'SPV2',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: 'OWN', csPosition: 'SPV2' });
  });

  it('refuses an admin any change to the owner: password, role, position (no takeover)', async () => {
    const ownerId = biz.userIds[biz.owner.email]!;
    const ownerSession = await signInFresh(server.app, biz.owner.email);
    const before = await call('GET', `/api/admin/users/${ownerId}`, owner);
    for (const body of [
      { name: 'Owner', role: 'ADC', csPosition: null, password: 'Diambil123' },
      { name: 'Owner', role: 'USC', csPosition: 'CS1' },
      { name: 'Diganti', role: 'ADC', csPosition: 'SPV1' },
    ]) {
      const res = await call('PUT', `/api/admin/users/${ownerId}`, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().message).toBe('You can only manage users below your own role.');
    }
    const indonesian = await server.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${ownerId}`,
      headers: bearer(admin),
      payload: { name: 'Owner', role: 'ADC', password: 'Diambil123' },
    });
    expect(indonesian.json().message).toBe('Anda hanya dapat mengelola pengguna di bawah peran Anda.');
    // Nothing changed: the owner keeps their password, position and session; the admin cannot sign in as them.
    expect((await call('GET', `/api/admin/users/${ownerId}`, owner)).json()).toEqual(before.json());
    expect((await call('GET', '/api/users/me', ownerSession)).statusCode).toBe(200);
    expect((await postLogin(server.app, { email: biz.owner.email, password: 'Diambil123' })).statusCode).toBe(
      401,
    );
    // Nor may the admin delete the owner (409 as before) or touch another admin.
    const otherAdminId = biz.userIds[biz.admin.email]!;
    const secondAdmin = await call('POST', '/api/admin/users', owner, {
      name: 'Admin Dua',
      email: newEmail(),
      password: 'Rahasia123',
      role: 'ADC',
      csPosition: 'SPV1',
    });
    expect(secondAdmin.statusCode, secondAdmin.body).toBe(200);
    const secondAdminTokens = await signInFresh(server.app, secondAdmin.json().email, 'Rahasia123');
    const peer = await call('PUT', `/api/admin/users/${otherAdminId}`, secondAdminTokens, {
      name: 'Admin',
      role: 'USC',
      csPosition: 'CS1',
      password: 'Diambil123',
    });
    expect(peer.statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/users/${otherAdminId}`, secondAdminTokens)).statusCode).toBe(
      403,
    );
  });

  it('lets an admin manage the users below them but not raise anyone to admin', async () => {
    const created = await call('POST', '/api/admin/users', admin, {
      name: 'Di Bawah',
      email: newEmail(),
      password: 'Rahasia123',
      role: 'USC',
      csPosition: 'CS1',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    const changed = await call('PUT', `/api/admin/users/${id}`, admin, {
      name: 'Di Bawah',
      role: 'USC',
      csPosition: 'CS2',
      password: 'Diganti123',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const raised = await call('PUT', `/api/admin/users/${id}`, admin, {
      name: 'Di Bawah',
      role: 'ADC',
      csPosition: 'SPV1',
    });
    expect(raised.statusCode).toBe(403);
    const newAdmin = await call('POST', '/api/admin/users', admin, {
      name: 'Admin Baru',
      email: newEmail(),
      password: 'Rahasia123',
      role: 'ADC',
      csPosition: 'SPV1',
    });
    expect(newAdmin.statusCode).toBe(403);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const body = { name: 'X', role: 'ADC' };
    expect(
      (await call('PUT', '/api/admin/users/018f0000-0000-7000-8000-000000000000', owner, body)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/admin/users/not-a-uuid', owner)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/users/not-a-uuid', owner)).statusCode).toBe(404);
  });
});

describe('Settings › Admin › users: delete', () => {
  it('refuses to delete yourself or the owner', async () => {
    const self = await call('DELETE', `/api/admin/users/${biz.userIds[biz.admin.email]}`, admin);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot delete your own user.');
    const ownerRes = await call('DELETE', `/api/admin/users/${biz.userIds[biz.owner.email]}`, admin);
    expect(ownerRes.statusCode).toBe(409);
    expect(ownerRes.json().message).toBe('The owner cannot be deleted.');
  });

  it('soft-deletes: gone from the list, sessions ended, cannot sign in to the business', async () => {
    const siti = biz.members[4]!;
    const sitiId = biz.userIds[siti.email]!;
    const session = await signInFresh(server.app, siti.email);
    const res = await call('DELETE', `/api/admin/users/${sitiId}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const list = await call('GET', '/api/admin/users?limit=100', owner);
    expect(list.json().items.map((u: { id: string }) => u.id)).not.toContain(sitiId);
    expect((await call('GET', `/api/admin/users/${sitiId}`, owner)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/users/${sitiId}`, owner)).statusCode).toBe(404);

    // Soft: the identity and the membership row stay, marked deleted.
    const [membership] = await server.deps.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.clientId, biz.clientId), eq(memberships.userId, sitiId)));
    expect(membership!.deletedAt).toBeInstanceOf(Date);
    expect(await server.deps.db.select().from(users).where(eq(users.id, sitiId))).toHaveLength(1);

    expect((await call('GET', '/api/users/me', session)).statusCode).toBe(401);
    const refresh = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await postLogin(server.app, { email: siti.email, password: PASSWORD });
    expect(login.statusCode).toBe(401);
    const withClient = await postLogin(server.app, {
      email: siti.email,
      password: PASSWORD,
      clientId: biz.clientId,
    });
    expect([401, 403]).toContain(withClient.statusCode);
    expect(withClient.json().status).toBeUndefined();
  });

  it('removes a multi-client user from this business only', async () => {
    const sharedEmail = other.agent.email;
    const joined = await makeBusiness(server.deps.db, 'Gabung', [
      { email: sharedEmail, role: 'USC', csPosition: 'CS1' },
    ]);
    const joinedOwner = await signInFresh(server.app, joined.owner.email);
    const sharedId = joined.userIds[sharedEmail]!;
    expect((await call('DELETE', `/api/admin/users/${sharedId}`, joinedOwner)).statusCode).toBe(200);
    const refused = await postLogin(server.app, {
      email: sharedEmail,
      password: PASSWORD,
      clientId: joined.clientId,
    });
    expect(refused.statusCode).toBe(403);
    // Only the other business is left: sign-in goes straight in there.
    const login = await postLogin(server.app, { email: sharedEmail, password: PASSWORD });
    expect(login.json().status).toBe('ok');
    const me = await call('GET', '/api/users/me', login.json().tokens);
    expect(me.json().client.id).toBe(other.clientId);
  });
});
