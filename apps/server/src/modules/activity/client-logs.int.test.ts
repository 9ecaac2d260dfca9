import type { TokenPair } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/fixtures.js';
import { type SeededServer, useTestServer } from '../../../test/use-test-server.js';

/** 000 §6, §7: client events are kept only for the partner's fixed list of client ids (`LOG_CLIENT_IDS`). */
let s: SeededServer;
useTestServer({
  business: 'Log Klien',
  other: 'Tanpa Log',
  setup: async (seeded) => {
    s = seeded;
    // The partner's list names the first business (what LOG_CLIENT_IDS holds in production).
    s.server.deps.config.clientLogIds.push(s.biz.clientId);
  },
});

const call = (tokens: TokenPair, method: 'GET' | 'POST', url: string, payload?: object) =>
  s.server.app.inject({
    method,
    url,
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

const event = (n: number) => ({
  type: 'network-summary',
  event: { version: '1.27.0', source: 'BROWSER', requests: 100, averageMs: n },
  result: n > 10_000 ? 'error' : 'success',
});

describe('client-event logs (POST /logs, GET /logs/byclient)', () => {
  it('keeps a listed client’s events and pages them newest first', async () => {
    for (const n of [120, 15_000, 300]) {
      const res = await call(s.owner, 'POST', '/api/logs', event(n));
      expect(res.statusCode, res.body).toBe(200);
    }
    const first = await call(s.owner, 'GET', '/api/logs/byclient?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page.items.map((i: { event: { averageMs: number } }) => i.event.averageMs)).toEqual([300, 15_000]);
    expect(page.items[1]).toMatchObject({ type: 'network-summary', result: 'error' });
    const second = await call(s.owner, 'GET', `/api/logs/byclient?limit=2&cursor=${page.nextCursor}`);
    expect(second.json().items.map((i: { event: { averageMs: number } }) => i.event.averageMs)).toEqual([
      120,
    ]);
    expect(second.json().nextCursor).toBeNull();
  });

  it('refuses another client with an error, and bad input with 400', async () => {
    const refused = await call(s.otherOwner, 'POST', '/api/logs', event(1));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Event logging is not enabled for this client.');
    expect((await call(s.otherOwner, 'GET', '/api/logs/byclient')).statusCode).toBe(403);
    const noSource = await call(s.owner, 'POST', '/api/logs', {
      type: 'x',
      event: { version: '1' },
      result: 'success',
    });
    expect(noSource.statusCode).toBe(400);
    const forged = await call(s.owner, 'GET', '/api/logs/byclient?cursor=abc');
    expect(forged.statusCode).toBe(400);
  });
});
