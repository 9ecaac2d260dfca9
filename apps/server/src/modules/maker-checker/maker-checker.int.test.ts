import type { TokenPair } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.js';
import { signInFresh } from '../../../test/auth-helpers.js';
import { makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { makerCheckerOf } from './maker-checker.service.js';

/** Maker/checker settings and accounts (001 §2, §3, §4, §5, §6). */
let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let other: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let admin: TokenPair;
let agent: TokenPair;
let otherOwner: TokenPair;
const api = apiClient(() => server.app);

beforeAll(async () => {
  server = await startTestServer();
  biz = await makeBusiness(server.deps.db, 'Maker Checker');
  other = await makeBusiness(server.deps.db, 'Maker Lain');
  owner = await signInFresh(server.app, biz.owner.email);
  admin = await signInFresh(server.app, biz.admin.email);
  agent = await signInFresh(server.app, biz.agent.email);
  otherOwner = await signInFresh(server.app, other.owner.email);
});
afterAll(async () => {
  await server?.close();
});

const account = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  name: 'Akun Maker',
  mediaType: 'WHATSAPP',
  position: 'MAKER',
  ...extra,
});

describe('maker/checker settings', () => {
  it('is off by default, switched on and off by an admin', async () => {
    const start = await api('GET', '/api/maker-checker/settings', owner);
    expect(start.statusCode).toBe(200);
    expect(start.json()).toEqual({ enabled: false });
    const on = await api('PUT', '/api/maker-checker/settings', admin, { enabled: true });
    expect(on.json()).toEqual({ enabled: true });
    expect((await api('GET', '/api/maker-checker/settings', owner)).json()).toEqual({ enabled: true });
    // Another business's switch is its own.
    expect((await api('GET', '/api/maker-checker/settings', otherOwner)).json()).toEqual({ enabled: false });
    expect((await api('PUT', '/api/maker-checker/settings', owner, { enabled: false })).json()).toEqual({
      enabled: false,
    });
  });

  it('refuses an agent without the settings permission (403)', async () => {
    const res = await api('PUT', '/api/maker-checker/settings', agent, { enabled: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You have no permission to access this menu.');
    expect((await api('GET', '/api/maker-checker/accounts', agent)).statusCode).toBe(403);
    expect(
      (await api('POST', '/api/maker-checker/accounts', agent, account(biz.agent.email))).statusCode,
    ).toBe(403);
  });
});

describe('maker/checker accounts', () => {
  it('validates the 001 §5 rules with their messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [account(''), 'email', 'Email is required'],
      [account('bukan-email'), 'email', 'Email format is invalid'],
      [account(biz.agent.email, { name: 'A' }), 'name', 'Min 2 Characters'],
      [account(biz.agent.email, { mediaType: undefined }), 'mediaType', 'Media type is required'],
      [account(biz.agent.email, { position: undefined }), 'position', 'Position is required'],
      [account(biz.agent.email, { position: 'BOSS' }), 'position', 'Position is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await api('POST', '/api/maker-checker/accounts', owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(res.json())).toBe(message);
    }
    const id = await api(
      'POST',
      '/api/maker-checker/accounts',
      owner,
      account(biz.agent.email, { name: 'A' }),
      'id',
    );
    expect(id.json().fields.name).toBe('Minimal 2 karakter');
  });

  it('accepts only users of the business: a stranger or another business’s user is refused', async () => {
    for (const email of ['tidak-ada@example.com', other.owner.email]) {
      const res = await api('POST', '/api/maker-checker/accounts', owner, account(email));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'makerChecker.notMember',
        fields: { email: 'This email is not a user of this business.' },
      });
    }
  });

  it('creates, lists, edits, deactivates and deletes; one account per user and media type', async () => {
    const created = await api(
      'POST',
      '/api/maker-checker/accounts',
      owner,
      account(biz.agent.email.toUpperCase()),
    );
    expect(created.statusCode, created.body).toBe(200);
    const a = created.json();
    expect(a).toMatchObject({ email: biz.agent.email, name: 'Akun Maker', position: 'MAKER', active: true });
    expect(a.userId).toBe(biz.userIds[biz.agent.email]);

    const twice = await api('POST', '/api/maker-checker/accounts', owner, account(biz.agent.email));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This user already has a maker/checker account for this media type.');
    // The same user for another media type is another account.
    const email = await api(
      'POST',
      '/api/maker-checker/accounts',
      owner,
      account(biz.agent.email, { mediaType: 'EMAIL' }),
    );
    expect(email.statusCode).toBe(200);

    const list = await api('GET', '/api/maker-checker/accounts?mediaType=WHATSAPP', admin);
    expect(list.json().items.map((x: { id: string }) => x.id)).toEqual([a.id]);
    const searched = await api('GET', '/api/maker-checker/accounts?search=akun', admin);
    expect(searched.json().items).toHaveLength(2);

    const edited = await api(
      'PUT',
      `/api/maker-checker/accounts/${a.id}`,
      owner,
      account(biz.agent.email, { name: 'Agen Cek', position: 'MAKER_CHECKER' }),
    );
    expect(edited.json()).toMatchObject({ id: a.id, name: 'Agen Cek', position: 'MAKER_CHECKER' });
    const clash = await api(
      'PUT',
      `/api/maker-checker/accounts/${email.json().id}`,
      owner,
      account(biz.agent.email, { mediaType: 'WHATSAPP' }),
    );
    expect(clash.statusCode).toBe(409);

    const off = await api('PATCH', `/api/maker-checker/accounts/${a.id}/active`, owner, { active: false });
    expect(off.json().active).toBe(false);
    expect((await api('DELETE', `/api/maker-checker/accounts/${email.json().id}`, owner)).json()).toEqual({
      ok: true,
    });
    expect((await api('DELETE', `/api/maker-checker/accounts/${email.json().id}`, owner)).statusCode).toBe(
      404,
    );
    await api('DELETE', `/api/maker-checker/accounts/${a.id}`, owner);
  });

  it('never shows or changes another business’s accounts', async () => {
    const mine = await api('POST', '/api/maker-checker/accounts', owner, account(biz.admin.email));
    expect(mine.statusCode).toBe(200);
    const id = mine.json().id;
    expect((await api('GET', '/api/maker-checker/accounts', otherOwner)).json().items).toEqual([]);
    expect(
      (await api('PUT', `/api/maker-checker/accounts/${id}`, otherOwner, account(other.owner.email)))
        .statusCode,
    ).toBe(404);
    expect(
      (await api('PATCH', `/api/maker-checker/accounts/${id}/active`, otherOwner, { active: false }))
        .statusCode,
    ).toBe(404);
    expect((await api('DELETE', `/api/maker-checker/accounts/${id}`, otherOwner)).statusCode).toBe(404);
    const items = (await api('GET', '/api/maker-checker/accounts', owner)).json().items;
    expect(items.find((x: { id: string }) => x.id === id)).toMatchObject({ id, active: true });
    await api('DELETE', `/api/maker-checker/accounts/${id}`, owner);
  });
});

describe('makerCheckerOf (the broadcasts module asks it)', () => {
  it('off: everyone makes, nobody checks; on: only active accounts of their position and media type', async () => {
    const [ownerId, adminId, agentId] = [biz.owner, biz.admin, biz.agent].map(
      (m) => biz.userIds[m.email]!,
    ) as [string, string, string];
    await api('PUT', '/api/maker-checker/settings', owner, { enabled: false });
    let mc = await makerCheckerOf(server.deps.db, biz.clientId);
    expect([mc.enabled, mc.isMaker(agentId), mc.isChecker(agentId)]).toEqual([false, true, false]);

    const maker = (await api('POST', '/api/maker-checker/accounts', owner, account(biz.agent.email))).json();
    await api(
      'POST',
      '/api/maker-checker/accounts',
      owner,
      account(biz.admin.email, { position: 'CHECKER' }),
    );
    await api(
      'POST',
      '/api/maker-checker/accounts',
      owner,
      account(biz.owner.email, { position: 'MAKER_CHECKER' }),
    );
    await api('PUT', '/api/maker-checker/settings', owner, { enabled: true });
    mc = await makerCheckerOf(server.deps.db, biz.clientId);
    expect(mc.enabled).toBe(true);
    expect([mc.isMaker(agentId), mc.isChecker(agentId)]).toEqual([true, false]);
    expect([mc.isMaker(adminId), mc.isChecker(adminId)]).toEqual([false, true]);
    expect([mc.isMaker(ownerId), mc.isChecker(ownerId)]).toEqual([true, true]);
    expect(mc.isMaker(agentId, 'EMAIL')).toBe(false);

    await api('PATCH', `/api/maker-checker/accounts/${maker.id}/active`, owner, { active: false });
    mc = await makerCheckerOf(server.deps.db, biz.clientId);
    expect(mc.isMaker(agentId)).toBe(false);

    // The caller's own role.
    const me = await api('GET', '/api/maker-checker/me', admin);
    expect(me.json()).toEqual({ enabled: true, isMaker: false, isChecker: true });
    // Another business is unaffected.
    const theirs = await makerCheckerOf(server.deps.db, other.clientId);
    expect([theirs.enabled, theirs.isMaker(ownerId), theirs.isChecker(ownerId)]).toEqual([
      false,
      true,
      false,
    ]);
  });
});
