import { parseAgentSipUser } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { postLogin, signInFresh } from './auth-helpers.js';
import { bearer, makeBusiness, PASSWORD } from './fixtures.js';
import { bizB, ownerA, roleB, server, useTenantIsolationServer } from './servers/tenant-isolation.js';
import { businessBIds, snapshotB } from './servers/tenant-isolation-routes.js';

/** One business never reaches another's data, on B's seeded resources of test/servers/tenant-isolation.ts. */
useTenantIsolationServer();

describe("a user of business A cannot reach business B's resources", () => {
  it("answers 404 for B's ids on every route that takes one, and leaves B unchanged", async () => {
    // Provider webhooks are public and addressed by account id; they are authenticated by the provider's
    // signature or verify token instead (whatsapp-inbound.int.test.ts). The live-chat visitor API is public
    // too, addressed by the widget's account id and authenticated by the visitor token (livechat.int.test.ts).
    const paramRoutes = server.routes.filter(
      (r) => /:[A-Za-z]/.test(r.url) && !r.url.startsWith('/webhooks/') && !r.url.startsWith('/api/widget/'),
    );
    expect(paramRoutes.length).toBeGreaterThanOrEqual(5);
    const unmapped = [...new Set(paramRoutes.map((r) => r.url))].filter((url) => !(url in businessBIds));
    if (unmapped.length > 0)
      console.error(`routes with a param but no business-B id in the map:\n  ${unmapped.join('\n  ')}`);
    expect(unmapped).toEqual([]);

    const before = await snapshotB();
    const tried: string[] = [];
    for (const route of paramRoutes) {
      const entry = businessBIds[route.url]!;
      let url = route.url.replace(`:${entry.param}`, entry.id());
      for (const [name, id] of Object.entries(entry.more ?? {})) url = url.replace(`:${name}`, id());
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      const res = await server.app.inject({
        method: route.method as 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH',
        url,
        headers: bearer(ownerA),
        ...(withBody ? { payload: entry.body ?? {} } : {}),
      });
      expect(res.statusCode, `${route.method} ${url}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
      tried.push(`${route.method} ${route.url}`);
    }
    expect(tried).toEqual(
      expect.arrayContaining([
        'GET /api/admin/users/:id',
        'PUT /api/admin/users/:id',
        'DELETE /api/admin/users/:id',
        'PUT /api/feature-access/:id',
        'DELETE /api/feature-access/:id',
        'DELETE /api/channel-accounts/:id',
        'POST /api/channel-accounts/:id/refresh',
        'GET /api/tickets/:id',
        'GET /api/tickets/:id/messages',
        'POST /api/tickets/:id/messages',
        'POST /api/tickets/:id/messages/:messageId/retry',
        'POST /api/tickets/:id/read',
        'POST /api/tickets/:id/assign',
        'POST /api/tickets/:id/resolve',
        'GET /api/media/:clientId/:key',
      ]),
    );
    expect(await snapshotB()).toBe(before);
    // B's agent still signs in with the old password.
    await signInFresh(server.app, bizB.agent.email);
  });

  it("signs A's owner a SIP credential of A's business, never of B's", async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/calls/sip-credential',
      headers: bearer(ownerA),
    });
    expect(res.statusCode).toBe(200);
    const named = parseAgentSipUser(res.json().user);
    expect(named?.clientId).toBeDefined();
    expect(named?.clientId).not.toBe(bizB.clientId);
    expect(Object.values(bizB.userIds)).not.toContain(named?.userId);
  });

  it("answers 404 for B's access role by name, and lists none of B's", async () => {
    const detail = await server.app.inject({
      method: 'GET',
      url: `/api/feature-access/detail?name=${encodeURIComponent(roleB.name)}`,
      headers: bearer(ownerA),
    });
    expect(detail.statusCode).toBe(404);
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/feature-access/list',
      headers: bearer(ownerA),
    });
    expect(list.json().items.map((r: { name: string }) => r.name)).toEqual(['Milik A']);
    const users = await server.app.inject({
      method: 'GET',
      url: '/api/admin/users?limit=100',
      headers: bearer(ownerA),
    });
    const ids = users.json().items.map((u: { id: string }) => u.id);
    for (const id of Object.values(bizB.userIds)) expect(ids).not.toContain(id);
    const search = await server.app.inject({
      method: 'GET',
      url: `/api/admin/users?search=${encodeURIComponent(bizB.agent.email)}`,
      headers: bearer(ownerA),
    });
    expect(search.json().items).toEqual([]);
  });

  it("cannot set the password of a user who also belongs to B (no takeover of B's account)", async () => {
    // B's owner also works in A as an agent.
    const joined = await makeBusiness(server.deps.db, 'Bisnis C', [
      { email: bizB.owner.email, role: 'USC', csPosition: 'CS1' },
    ]);
    const ownerC = await signInFresh(server.app, joined.owner.email);
    const sharedId = joined.userIds[bizB.owner.email]!;
    const res = await server.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${sharedId}`,
      headers: bearer(ownerC),
      payload: { name: 'Owner', role: 'USC', csPosition: 'CS1', password: 'Diambil123' },
    });
    expect(res.statusCode).toBe(403);
    const takeover = await postLogin(server.app, {
      email: bizB.owner.email,
      password: 'Diambil123',
      clientId: bizB.clientId,
    });
    expect(takeover.statusCode).toBe(401);
    await signInFresh(server.app, bizB.owner.email, PASSWORD, bizB.clientId);
    // Without a password the rest of the update is theirs to make.
    const ok = await server.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${sharedId}`,
      headers: bearer(ownerC),
      payload: { name: 'Owner', role: 'USC', csPosition: 'CS2' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().csPosition).toBe('CS2');
  });
});
