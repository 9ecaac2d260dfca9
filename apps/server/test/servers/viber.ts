import type { TokenPair } from '@sapa/contracts';
import { startViberSimulator, type ViberSimulator } from '@sapa/simulators';
import { expect } from 'vitest';
import { bearer } from '../fixtures.js';
import type { TestServer } from '../harness.js';
import { type Business, useTestServer } from '../use-test-server.js';
import { freePort } from './telegram.js';

/**
 * The Viber feature's preamble: a test server listening on a real port that it also advertises as its public
 * URL (Sapa sets the bot's webhook itself, and Viber checks it at once), the Viber simulator beside it with the
 * bot `BOT` registered, and the business's owner connecting it through the API. A second business (`other`)
 * proves tenant isolation.
 */
export const BOT = {
  token: '4a5b6c7d8e9f0a1b-1c2d3e4f5a6b7c8d-9e0f1a2b3c4d5e6f',
  name: 'Toko Uji',
  uri: 'tokouji',
};

export let server: TestServer;
export let biz: Business;
export let other: Business;
export let owner: TokenPair;
export let otherOwner: TokenPair;
export let sim: ViberSimulator;
export let accountId: string;

/** Connects a Viber bot through the API (`POST /api/channel-accounts/viber`) as `tokens`. */
export function connectViberBot(tokens: TokenPair, payload: Record<string, unknown>) {
  return server.app.inject({
    method: 'POST',
    url: '/api/channel-accounts/viber',
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    payload,
  });
}

export async function useViberServer(options: { userRatePerSecond?: number } = {}) {
  const port = await freePort();
  useTestServer({
    business: 'Viber',
    other: 'Lain',
    server: { env: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
    setup: async (seeded) => {
      ({ server, biz, other, owner, otherOwner } = seeded);
      await server.app.listen({ port, host: '127.0.0.1' });
      sim = await startViberSimulator({
        retry: { attempts: 5, baseDelayMs: 100 },
        ...(options.userRatePerSecond ? { userRatePerSecond: options.userRatePerSecond } : {}),
      });
      sim.registerBot(BOT);
      const res = await connectViberBot(owner, { botToken: BOT.token, apiBaseUrl: sim.apiBaseUrl });
      expect(res.statusCode, res.body).toBe(200);
      accountId = res.json().id;
    },
    beforeClose: () => sim?.close(),
  });
}
