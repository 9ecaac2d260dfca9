import type { TokenPair } from '@sapa/contracts';
import { type LineSimulator, startLineSimulator } from '@sapa/simulators';
import { expect } from 'vitest';
import { bearer } from '../fixtures.js';
import type { TestServer } from '../harness.js';
import { type Business, useTestServer } from '../use-test-server.js';
import { freePort } from './telegram.js';

/**
 * The LINE feature's preamble: a test server listening on a real port that it also advertises as its public
 * URL (Sapa sets LINE's webhook endpoint itself), the LINE simulator beside it with the Official Account
 * `OA` registered, and the business's owner connecting it through the API. A second business (`other`)
 * proves tenant isolation.
 */
export const OA = { basicId: '@tokouji', displayName: 'Toko Uji' };

export let server: TestServer;
export let biz: Business;
export let other: Business;
export let owner: TokenPair;
export let otherOwner: TokenPair;
export let sim: LineSimulator;
export let accountId: string;
export let channel: { botUserId: string; channelSecret: string; accessToken: string };

/** Connects a LINE account through the API (`POST /api/channel-accounts/line`) as `tokens`. */
export function connectLineAccount(tokens: TokenPair, payload: Record<string, unknown>) {
  return server.app.inject({
    method: 'POST',
    url: '/api/channel-accounts/line',
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    payload,
  });
}

/** The simulator's hosts, for a connect payload. */
export const simHosts = () => ({ apiBaseUrl: sim.apiBaseUrl, dataBaseUrl: sim.dataBaseUrl });

export async function useLineServer(options: { sendRatePerSecond?: number } = {}) {
  const port = await freePort();
  useTestServer({
    business: 'Line',
    other: 'Lain',
    server: { env: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
    setup: async (seeded) => {
      ({ server, biz, other, owner, otherOwner } = seeded);
      await server.app.listen({ port, host: '127.0.0.1' });
      sim = await startLineSimulator({
        retry: { attempts: 5, baseDelayMs: 100 },
        ...(options.sendRatePerSecond ? { sendRatePerSecond: options.sendRatePerSecond } : {}),
      });
      channel = sim.registerChannel(OA);
      const res = await connectLineAccount(owner, {
        channelSecret: channel.channelSecret,
        accessToken: channel.accessToken,
        ...simHosts(),
      });
      expect(res.statusCode, res.body).toBe(200);
      accountId = res.json().id;
    },
    beforeClose: () => sim?.close(),
  });
}
