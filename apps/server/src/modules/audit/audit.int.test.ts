import { type AuditEntry, type TokenPair, todayIn } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { postLogin, signInFresh } from '../../../test/auth-helpers.js';
import { bearer, PASSWORD } from '../../../test/fixtures.js';
import { type SeededServer, useTestServer } from '../../../test/use-test-server.js';
import { auditLog } from './audit.schema.js';
import { recordAudit } from './index.js';

/** 001 §2 /setting/logs: the business audit log, written by the modules, read with filters, exported. */
let s: SeededServer;
useTestServer({
  business: 'Audit',
  other: 'Audit Lain',
  members: [{ name: 'Agen Dua', role: 'USC', csPosition: 'CS2' }],
  setup: async (seeded) => {
    s = seeded;
  },
});

const today = () => todayIn();
const daysAgo = (n: number) => todayIn(undefined, new Date(Date.now() - n * 86_400_000));

function call(tokens: TokenPair, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return s.server.app.inject({
    method,
    url,
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function entries(tokens: TokenPair, query: Record<string, string> = {}) {
  const q = new URLSearchParams({ from: today(), to: today(), ...query });
  const res = await call(tokens, 'GET', `/api/audit-logs?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: AuditEntry[]; nextCursor: string | null };
}

/** A settings change by the system straight through the public entry; how many entries it wrote. */
async function systemChange(before: Record<string, unknown>, after: Record<string, unknown>) {
  const db = s.server.deps.db;
  const count = await db.$count(auditLog);
  await recordAudit(db, {
    clientId: s.biz.clientId,
    actorUserId: null,
    area: 'SETTINGS',
    action: 'chatbot.updated',
    target: { type: 'chatbot' },
    before,
    after,
  });
  return (await db.$count(auditLog)) - count;
}

describe('audit log: what the modules write', () => {
  it('records a sign-in with who, and a user role change with before and after', async () => {
    const login = await postLogin(s.server.app, { email: s.biz.agent.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const agentId = s.biz.userIds[s.biz.agent.email]!;
    const signIns = await entries(s.owner, { area: 'SIGN_IN', actorId: agentId });
    expect(signIns.items[0]).toMatchObject({
      action: 'signIn',
      actor: { id: agentId, email: s.biz.agent.email },
      after: { method: 'password' },
    });

    const memberId = s.biz.userIds[s.biz.members[3]!.email]!;
    const res = await call(s.owner, 'PUT', `/api/admin/users/${memberId}`, {
      name: 'Agen Dua',
      role: 'ADC',
      accessRoleId: null,
      csPosition: 'SPV1',
      csTags: [],
      password: 'RahasiaBaru123!',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = await entries(s.owner, { area: 'USERS' });
    expect(items[0]).toMatchObject({
      action: 'user.updated',
      actor: { id: s.biz.userIds[s.biz.owner.email] },
      target: { type: 'user', id: memberId, label: 'Agen Dua' },
      before: { role: 'USC', csPosition: 'CS2', passwordChanged: null },
      after: { role: 'ADC', csPosition: 'SPV1', passwordChanged: true },
    });
    // Only what changed, and never a password.
    expect(items[0]!.after).not.toHaveProperty('name');
    expect(JSON.stringify(items)).not.toContain('RahasiaBaru123!');
  });

  it('records access role changes, settings and groups', async () => {
    const role = await call(s.owner, 'POST', '/api/feature-access', {
      name: 'Kasir',
      description: 'Kasir toko',
      menus: ['dashboard'],
      allMenu: false,
    });
    expect(role.statusCode, role.body).toBe(200);
    const id = role.json().id as string;
    const renamed = await call(s.owner, 'PUT', `/api/feature-access/${id}`, {
      name: 'Kasir Senior',
      description: 'Kasir toko',
      menus: ['dashboard'],
      allMenu: false,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const { items } = await entries(s.owner, { area: 'ROLES' });
    expect(items.map((e) => e.action)).toEqual(['role.updated', 'role.created']);
    expect(items[0]).toMatchObject({ before: { name: 'Kasir' }, after: { name: 'Kasir Senior' } });

    const profile = await call(s.owner, 'GET', '/api/settings/store/profile');
    expect(profile.statusCode, profile.body).toBe(200);
    const saved = await call(s.owner, 'PUT', '/api/settings/store/profile', {
      ...profile.json(),
      address: 'Jl. Audit 1',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = await entries(s.owner, { area: 'SETTINGS' });
    expect(settings.items[0]).toMatchObject({
      action: 'businessProfile.updated',
      after: { address: 'Jl. Audit 1' },
    });
  });

  it('writes nothing for an update that changed nothing, and keeps the system as no one', async () => {
    const written = await systemChange({ enabled: true }, { enabled: true });
    expect(written).toBe(0);
  });
});

describe('audit log: reading it', () => {
  it('pages with a keyset cursor, newest first, without repeats', async () => {
    const at = new Date();
    await recordAudit(
      s.server.deps.db,
      Array.from({ length: 7 }, (_, i) => ({
        clientId: s.biz.clientId,
        actorUserId: null,
        area: 'TICKETS' as const,
        action: 'ticket.update',
        target: { type: 'ticket', id: `t${i}` },
        after: { priority: i },
        at,
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await entries(s.owner, { area: 'TICKETS', limit: '3', ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.length).toBeGreaterThanOrEqual(7);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('refuses a range over 30 days with the spec message, and a forged cursor with 400', async () => {
    const wide = await call(s.owner, 'GET', `/api/audit-logs?from=${daysAgo(30)}&to=${today()}`);
    expect(wide.statusCode).toBe(400);
    expect(wide.body).toContain('Audit log range is at most 30 days');
    const thirty = await call(s.owner, 'GET', `/api/audit-logs?from=${daysAgo(29)}&to=${today()}`);
    expect(thirty.statusCode).toBe(200);
    const forged = await call(s.owner, 'GET', `/api/audit-logs?from=${today()}&to=${today()}&cursor=abc`);
    expect(forged.statusCode).toBe(400);
  });

  it('downloads the filter as csv in the reader language', async () => {
    const res = await call(s.owner, 'GET', `/api/audit-logs/download?from=${today()}&to=${today()}&lang=id`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toContain('Waktu (WIB)');
    expect(res.body).toContain('Mengubah pengguna');
  });

  it('shows a business only its own entries and people, and only to SETTING_LOGS readers', async () => {
    const other = await entries(s.otherOwner);
    expect(other.items.every((e) => e.actor === null || e.actor.email.includes('auditlain'))).toBe(true);
    expect(other.items.some((e) => e.area === 'USERS')).toBe(false);
    const people = await call(s.otherOwner, 'GET', '/api/audit-logs/people');
    expect(people.json().items.map((p: { email: string }) => p.email)).not.toContain(s.biz.agent.email);
    const agentTokens = await signInFresh(s.server.app, s.biz.agent.email);
    const refused = await call(agentTokens, 'GET', `/api/audit-logs?from=${today()}&to=${today()}`);
    expect(refused.statusCode).toBe(403);
  });
});

describe('audit log: what counts as a change', () => {
  it('compares values whatever the order of their keys (jsonb keeps its own order)', async () => {
    const written = await systemChange(
      { flow: { startId: 'a', nodes: [{ id: 'a', text: 'x' }] }, enabled: true },
      { flow: { nodes: [{ text: 'x', id: 'a' }], startId: 'a' }, enabled: false },
    );
    expect(written).toBe(1);
    const { items } = await entries(s.owner, { area: 'SETTINGS' });
    expect(items[0]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect(items[0]!.after).not.toHaveProperty('flow');
  });
});
