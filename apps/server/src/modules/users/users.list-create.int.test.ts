import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { makeBusiness } from '../../../test/fixtures.js';
import {
  admin,
  biz,
  call,
  createRole,
  newEmail,
  other,
  owner,
  server,
  useUsersServer,
} from '../../../test/servers/users.js';
import { memberships, users } from '../identity/identity.schema.js';

/**
 * Settings › Admin › users: the list (keyset pages, search) and creating users (roles, CS positions,
 * limits).
 */
useUsersServer();

describe('Settings › Admin › users: list', () => {
  it('pages with a keyset cursor through every user exactly once, newest first', async () => {
    // A few users created one by one, on top of the five created together with the business.
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', '/api/admin/users', owner, {
        name: `Halaman ${i}`,
        email: newEmail(),
        password: 'Rahasia123',
        role: 'USC',
        csPosition: 'CS2',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const all = await call('GET', '/api/admin/users?limit=100', owner);
    expect(all.statusCode).toBe(200);
    const everyone = all.json().items as { id: string; createdAt: number }[];
    expect(everyone).toHaveLength(9);
    expect(all.json().nextCursor).toBeNull();
    for (let i = 1; i < everyone.length; i++)
      expect(everyone[i - 1]!.createdAt).toBeGreaterThanOrEqual(everyone[i]!.createdAt);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/admin/users?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await call('GET', url, owner);
      expect(page.statusCode, page.body).toBe(200);
      const items = page.json().items as { id: string }[];
      expect(items.length).toBeLessThanOrEqual(2);
      seen.push(...items.map((u) => u.id));
      cursor = page.json().nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(seen).toEqual(everyone.map((u) => u.id));
    expect(pages).toBe(5);
  });

  it('searches by name or email, case-insensitively, with wildcards taken literally', async () => {
    const byName = await call('GET', '/api/admin/users?search=budi', owner);
    expect(byName.json().items.map((u: { name: string }) => u.name)).toEqual(['Budi Santoso']);
    const byEmail = await call(
      'GET',
      `/api/admin/users?search=${encodeURIComponent(biz.admin.email.toUpperCase())}`,
      owner,
    );
    expect(byEmail.json().items.map((u: { email: string }) => u.email)).toEqual([biz.admin.email]);
    const percent = await call('GET', `/api/admin/users?search=${encodeURIComponent('100%')}`, owner);
    expect(percent.json().items.map((u: { name: string }) => u.name)).toEqual(['Persen 100%']);
    const literal = await call('GET', `/api/admin/users?search=${encodeURIComponent('%')}`, owner);
    expect(literal.json().items).toHaveLength(1);
    const none = await call('GET', '/api/admin/users?search=tidakada', owner);
    expect(none.json()).toEqual({ items: [], nextCursor: null });
  });

  it('lists only this business and refuses a forged cursor', async () => {
    const res = await call('GET', '/api/admin/users?limit=100', owner);
    const emails = res.json().items.map((u: { email: string }) => u.email);
    expect(emails).not.toContain(other.owner.email);
    const forged = [
      'not-a-cursor',
      '2026-02-30 10:00:00.123456+00|018f0000-0000-7000-8000-000000000000',
      '2026-01-30 10:00:00.123456+00|------------------------------------',
      "2026-01-30 10:00:00+00'; drop table users; --|018f0000-0000-7000-8000-000000000000",
    ];
    for (const raw of forged) {
      const bad = await call(
        'GET',
        `/api/admin/users?cursor=${Buffer.from(raw).toString('base64url')}`,
        owner,
      );
      expect(bad.statusCode, raw).toBe(400);
      expect(bad.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: 'The request is invalid',
      });
    }
    const valid = await call(
      'GET',
      `/api/admin/users?cursor=${Buffer.from('2099-01-30 10:00:00.5+07|018f0000-0000-7000-8000-000000000000').toString('base64url')}`,
      owner,
    );
    expect(valid.statusCode).toBe(200);
    expect(valid.json().items.length).toBeGreaterThan(0);
    const badLimit = await call('GET', '/api/admin/users?limit=1000', owner);
    expect(badLimit.statusCode).toBe(400);
  });
});

describe('Settings › Admin › users: create', () => {
  it('creates a user who can then sign in', async () => {
    const email = newEmail();
    const res = await call('POST', '/api/admin/users', admin, {
      name: '  Dewi  ',
      email,
      password: 'Rahasia123',
      role: 'USC',
      csPosition: 'CS1',
      csTags: ['vip', 'retur'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Dewi',
      email,
      role: 'USC',
      csPosition: 'CS1',
      accessRoleId: null,
      csTags: ['vip', 'retur'],
    });
    const tokens = await signInFresh(server.app, email, 'Rahasia123');
    const me = await call('GET', '/api/users/me', tokens);
    expect(me.json()).toMatchObject({ role: 'USC', client: { id: biz.clientId } });
    const [row] = await server.deps.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true);
  });

  it('refuses an email already registered anywhere in the product with 409 and fields.email', async () => {
    for (const email of [biz.agent.email, biz.agent.email.toUpperCase(), other.owner.email]) {
      const res = await call('POST', '/api/admin/users', owner, {
        name: 'Dup',
        email,
        password: 'Rahasia123',
        role: 'ADC',
      });
      expect(res.statusCode, email).toBe(409);
      expect(res.json()).toMatchObject({
        statusCode: 409,
        error: 'Conflict',
        fields: { email: 'This email is already registered in the product' },
      });
    }
  });

  it('answers alike for an email of this business and of another, and stops answering after 10 refusals an hour', async () => {
    const probing = await makeBusiness(server.deps.db, 'Penasaran');
    const prober = await signInFresh(server.app, probing.owner.email);
    const add = (email: string) =>
      call('POST', '/api/admin/users', prober, {
        name: 'Coba',
        email,
        password: 'Rahasia123',
        role: 'ADC',
        csPosition: 'SPV1',
      });
    const strip = (res: { json: () => Record<string, unknown> }) => {
      const { requestId: _r, ...rest } = res.json();
      return rest;
    };
    const mine = await add(probing.agent.email);
    const theirs = await add(other.agent.email);
    expect(mine.statusCode).toBe(409);
    expect(strip(theirs)).toEqual(strip(mine));
    for (let i = 0; i < 8; i++) expect((await add(other.owner.email)).statusCode).toBe(409);
    // The eleventh refused probe within the hour, and any creation after it, waits.
    const limited = await add(other.admin.email);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await add(newEmail())).statusCode).toBe(429);
    // Another business is not held up.
    expect(
      (
        await call('POST', '/api/admin/users', owner, {
          name: 'Bebas',
          email: newEmail(),
          password: 'Rahasia123',
          role: 'USC',
          csPosition: 'CS1',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('answers simultaneous creations of one email with one 200 and 409s, never a 500', async () => {
    const email = newEmail();
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        call('POST', '/api/admin/users', owner, {
          name: 'Kembar',
          email,
          password: 'Rahasia123',
          role: 'ADC',
          csPosition: 'SPV1',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('validates name, email, password and role', async () => {
    const res = await call('POST', '/api/admin/users', owner, {
      name: '',
      email: 'x',
      password: 'short',
      role: 'OWN',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      name: 'Name is Required',
      email: 'Email format is invalid',
      password: 'Password must be at least 8 characters',
      role: 'This field is required',
    });
  });

  it('requires a CS position only for users with Chat Inbox access', async () => {
    // USC without an access role has the inbox by the role fallback: position required.
    const noPosition = await call('POST', '/api/admin/users', owner, {
      name: 'Tanpa Posisi',
      email: newEmail(),
      password: 'Rahasia123',
      role: 'USC',
    });
    expect(noPosition.statusCode).toBe(400);
    expect(noPosition.json()).toMatchObject({
      fields: { csPosition: 'Role is required for users with Chat Inbox access' },
    });

    // An access role without the inbox menu: the position must stay empty.
    const reports = await createRole('Laporan', ['dashboard', 'contacts']);
    const withPosition = await call('POST', '/api/admin/users', owner, {
      name: 'Analis',
      email: newEmail(),
      password: 'Rahasia123',
      role: 'USC',
      accessRoleId: reports.id,
      csPosition: 'CS1',
    });
    expect(withPosition.statusCode).toBe(400);
    expect(withPosition.json().fields).toEqual({
      csPosition: 'Role must be empty for users without Chat Inbox access',
    });
    const analyst = await call('POST', '/api/admin/users', owner, {
      name: 'Analis',
      email: newEmail(),
      password: 'Rahasia123',
      role: 'USC',
      accessRoleId: reports.id,
      csPosition: null,
    });
    expect(analyst.statusCode, analyst.body).toBe(200);
    expect(analyst.json()).toMatchObject({
      accessRoleId: reports.id,
      accessRoleName: 'Laporan',
      csPosition: null,
    });
    const [membership] = await server.deps.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.clientId, biz.clientId), eq(memberships.userId, analyst.json().id)));
    expect(membership!.featureAccess).toBe(reports.featureAccess);

    // An access role with the inbox: the position is required again.
    const inbox = await createRole('Inbox Saja', ['inbox']);
    const missing = await call('POST', '/api/admin/users', owner, {
      name: 'Agen',
      email: newEmail(),
      password: 'Rahasia123',
      role: 'USC',
      accessRoleId: inbox.id,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      csPosition: 'Role is required for users with Chat Inbox access',
    });
  });

  it("refuses another business's access role", async () => {
    const otherOwner = await signInFresh(server.app, other.owner.email);
    const foreign = await call('POST', '/api/feature-access', otherOwner, {
      name: 'Asing',
      menus: ['dashboard'],
    });
    expect(foreign.statusCode).toBe(200);
    const res = await call('POST', '/api/admin/users', owner, {
      name: 'Penyusup',
      email: newEmail(),
      password: 'Rahasia123',
      role: 'USC',
      accessRoleId: foreign.json().id,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['accessRoleId']);
  });
});
