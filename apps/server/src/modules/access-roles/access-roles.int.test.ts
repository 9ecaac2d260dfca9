import { ALL_FEATURES_STRING, type TokenPair } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { memberships } from '../identity/identity.schema.js';

let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;

beforeAll(async () => {
  server = await startTestServer();
  biz = await makeBusiness(server.deps.db, 'Peran', [
    { name: 'Satu', role: 'USC', csPosition: 'CS1' },
    { name: 'Dua', role: 'USC', csPosition: 'CS1' },
  ]);
  owner = await signInFresh(server.app, biz.owner.email);
});
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, lang = 'en') =>
  server.app.inject({
    method,
    url,
    headers: { ...bearer(owner), 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function createRole(body: Record<string, unknown>) {
  const res = await call('POST', '/api/feature-access', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    id: string;
    name: string;
    featureAccess: string;
    menus: string[];
    userCount: number;
  };
}

async function assign(email: string, roleId: string | null, csPosition: string | null) {
  const res = await call('PUT', `/api/admin/users/${biz.userIds[email]}`, {
    name: 'Anggota',
    role: 'USC',
    accessRoleId: roleId,
    csPosition,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function membershipOf(email: string) {
  const [row] = await server.deps.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.clientId, biz.clientId), eq(memberships.userId, biz.userIds[email]!)));
  return row!;
}

describe('access roles: validation (001 §5)', () => {
  it("requires a name: 'Name is Required' / 'Nama wajib diisi'", async () => {
    for (const name of ['', '   ', undefined]) {
      const en = await call('POST', '/api/feature-access', { name, menus: ['dashboard'] });
      expect(en.statusCode).toBe(400);
      expect(en.json()).toMatchObject({ message: 'Name is Required', fields: { name: 'Name is Required' } });
      const id = await call('POST', '/api/feature-access', { name, menus: ['dashboard'] }, 'id');
      expect(id.json().fields).toEqual({ name: 'Nama wajib diisi' });
    }
  });

  it("limits the name to 15 characters: 'Max 15 Characters' / 'Maksimal 15 karakter'", async () => {
    const en = await call('POST', '/api/feature-access', { name: 'x'.repeat(16), menus: ['dashboard'] });
    expect(en.statusCode).toBe(400);
    expect(en.json().fields).toEqual({ name: 'Max 15 Characters' });
    const id = await call(
      'POST',
      '/api/feature-access',
      { name: 'x'.repeat(16), menus: ['dashboard'] },
      'id-ID,id;q=0.9',
    );
    expect(id.json().fields).toEqual({ name: 'Maksimal 15 karakter' });
    const exactly = await createRole({ name: 'y'.repeat(15), menus: ['dashboard'] });
    expect(exactly.name).toBe('y'.repeat(15));
  });

  it('requires a menu (or all menus) and knows only real menus', async () => {
    const none = await call('POST', '/api/feature-access', { name: 'Kosong', menus: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ menus: 'Choose at least one menu' });
    const unknown = await call('POST', '/api/feature-access', { name: 'Aneh', menus: ['nuclearCodes'] });
    expect(unknown.statusCode).toBe(400);
    const twice = await call('POST', '/api/feature-access', {
      name: 'Ganda',
      menus: ['dashboard', 'dashboard'],
    });
    expect(twice.json().fields).toEqual({ menus: 'A menu is listed twice' });
  });
});

describe('access roles: create, list, detail, update, delete', () => {
  let role: Awaited<ReturnType<typeof createRole>>;

  it('creates a role with its feature string, refusing a duplicate name (any case) with 409', async () => {
    role = await createRole({
      name: 'Gudang',
      description: 'Stok dan produk',
      menus: ['dashboard', 'products'],
    });
    expect(role).toMatchObject({
      name: 'Gudang',
      description: 'Stok dan produk',
      menus: ['dashboard', 'products'],
      allMenu: false,
      isDeleted: false,
      userCount: 0,
    });
    expect(role.featureAccess).toMatch(/^[01]+$/);
    expect(role.featureAccess).not.toBe(ALL_FEATURES_STRING);
    const dup = await call('POST', '/api/feature-access', { name: 'GUDANG', menus: ['dashboard'] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      statusCode: 409,
      fields: { name: 'An access role with this name already exists' },
    });
    const all = await createRole({ name: 'Semua', allMenu: true });
    expect(all.featureAccess).toBe(ALL_FEATURES_STRING);
  });

  it('lists roles with their user count, and reads one by name', async () => {
    await assign(biz.members[3]!.email, role.id, null);
    const list = await call('GET', '/api/feature-access/list');
    expect(list.statusCode).toBe(200);
    const found = list.json().items.find((r: { id: string }) => r.id === role.id);
    expect(found).toMatchObject({ name: 'Gudang', userCount: 1 });
    const names = list.json().items.map((r: { name: string }) => r.name);
    expect(names).toEqual(
      [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );

    const detail = await call('GET', `/api/feature-access/detail?name=${encodeURIComponent('gudang')}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: role.id, name: 'Gudang', userCount: 1 });
    const missing = await call('GET', '/api/feature-access/detail?name=Tidak%20Ada');
    expect(missing.statusCode).toBe(404);
  });

  it('updates a role and gives its members the new feature string', async () => {
    await assign(biz.members[4]!.email, role.id, null);
    const oldString = role.featureAccess;
    expect((await membershipOf(biz.members[4]!.email)).featureAccess).toBe(oldString);

    const updated = await call('PUT', `/api/feature-access/${role.id}`, {
      name: 'Gudang Baru',
      menus: ['dashboard', 'products', 'inbox', 'adminSettings'],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id: role.id, name: 'Gudang Baru', userCount: 2 });
    const newString = updated.json().featureAccess as string;
    expect(newString).not.toBe(oldString);
    for (const m of [biz.members[3]!, biz.members[4]!])
      expect((await membershipOf(m.email)).featureAccess).toBe(newString);

    // A member who signs in again gets the new access (adminSettings is now in).
    const member = await signInFresh(server.app, biz.members[3]!.email);
    const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(member) });
    expect(me.json().featureAccess).toBe(newString);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/feature-access/list', headers: bearer(member) }))
        .statusCode,
    ).toBe(200);

    // Renaming onto another role's name is a conflict; keeping its own name is not.
    const other = await createRole({ name: 'Kasir', menus: ['transactions'] });
    const clash = await call('PUT', `/api/feature-access/${other.id}`, {
      name: 'gudang baru',
      menus: ['transactions'],
    });
    expect(clash.statusCode).toBe(409);
    const same = await call('PUT', `/api/feature-access/${other.id}`, {
      name: 'Kasir',
      menus: ['transactions', 'wallet'],
    });
    expect(same.statusCode).toBe(200);
    const invalid = await call('PUT', `/api/feature-access/${other.id}`, {
      name: 'z'.repeat(16),
      menus: ['wallet'],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({ name: 'Max 15 Characters' });
  });

  it('refuses to delete a role while users hold it (409), and deletes it once free', async () => {
    const held = await call('DELETE', `/api/feature-access/${role.id}`);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe('This access role is still held by users and cannot be deleted.');

    await assign(biz.members[3]!.email, null, 'CS1');
    await assign(biz.members[4]!.email, null, 'CS1');
    const list = await call('GET', '/api/feature-access/list');
    expect(list.json().items.find((r: { id: string }) => r.id === role.id).userCount).toBe(0);

    const ok = await call('DELETE', `/api/feature-access/${role.id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    const active = await call('GET', '/api/feature-access/list');
    expect(active.json().items.map((r: { id: string }) => r.id)).not.toContain(role.id);
    const deleted = await call('GET', '/api/feature-access/list?isDeleted=true');
    expect(deleted.json().items).toEqual([expect.objectContaining({ id: role.id, isDeleted: true })]);
    expect((await call('DELETE', `/api/feature-access/${role.id}`)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/feature-access/${role.id}`, { name: 'Hidup Lagi', menus: ['dashboard'] }))
        .statusCode,
    ).toBe(404);
    // The name is free again.
    await createRole({ name: 'Gudang Baru', menus: ['dashboard'] });
  });

  it('does not count a deleted user as a holder', async () => {
    const temp = await createRole({ name: 'Sementara', menus: ['dashboard'] });
    const created = await call('POST', '/api/admin/users', {
      name: 'Keluar',
      email: `keluar-${Date.now()}@example.com`,
      password: 'Rahasia123',
      role: 'USC',
      accessRoleId: temp.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await call('DELETE', `/api/feature-access/${temp.id}`)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/admin/users/${created.json().id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/feature-access/${temp.id}`)).statusCode).toBe(200);
  });

  it('answers two simultaneous creations of one name with one 200 and one 409, never a 500', async () => {
    const results = await Promise.all(
      [0, 1, 2].map(() => call('POST', '/api/feature-access', { name: 'Kembar', menus: ['dashboard'] })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });
});
