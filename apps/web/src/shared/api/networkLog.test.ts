import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  NETWORK_LOG_SIZE,
  type NetworkEntry,
  networkEntries,
  networkSummary,
  recordRequest,
  startNetworkLog,
} from './networkLog';

const entry = (ms: number, over: Partial<NetworkEntry> = {}): NetworkEntry => ({
  method: 'GET',
  path: '/api/x',
  status: 200,
  ms,
  at: Date.now(),
  ...over,
});

describe('000 §9 network log', () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    ['no requests', [], { requests: 0, averageMs: 0, result: 'success' }],
    ['quick requests', [entry(100), entry(300)], { requests: 2, averageMs: 200, result: 'success' }],
    ['an average of exactly 10 s is not an error', [entry(10_000)], { averageMs: 10_000, result: 'success' }],
    [
      'an average past 10 s is an error',
      [entry(9_000), entry(11_002)],
      { averageMs: 10_001, result: 'error' },
    ],
    [
      'failures are counted',
      [entry(5, { status: 502 }), entry(5, { status: 0 }), entry(5, { status: 404 })],
      { failed: 2 },
    ],
  ] as const)('summarises %s', (_, list, expected) => {
    expect(networkSummary(list)).toMatchObject(expected);
  });

  it('keeps the last 100 requests, without their query strings', () => {
    for (let i = 0; i < NETWORK_LOG_SIZE + 20; i += 1)
      recordRequest(entry(i, { path: `/api/t?search=rahasia${i}` }));
    expect(networkEntries()).toHaveLength(NETWORK_LOG_SIZE);
    expect(networkEntries()[0]!.ms).toBe(20);
    expect(networkEntries().every((e) => e.path === '/api/t')).toBe(true);
  });

  it('posts a summary every interval of the requests since the last one, and stops when refused', async () => {
    vi.useFakeTimers();
    const posts: unknown[] = [];
    const post = vi.fn(async (body: unknown) => {
      posts.push(body);
      return { ok: false, status: 403 };
    });
    const stop = startNetworkLog(post, '9.9.9', 60_000);
    recordRequest(entry(12_000, { at: Date.now() + 1 }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(posts).toEqual([
      expect.objectContaining({
        type: 'network-summary',
        result: 'error',
        event: expect.objectContaining({ version: '9.9.9', source: 'BROWSER', requests: 1 }),
      }),
    ]);
    recordRequest(entry(1, { at: Date.now() + 2 }));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(post).toHaveBeenCalledTimes(1);
    stop();
  });
});
