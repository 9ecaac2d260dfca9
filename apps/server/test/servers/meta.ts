import type { TokenPair } from '@sapa/contracts';
import { type MetaAccountKeys, type MetaSimulator, startMetaSimulator } from '@sapa/simulators';
import { expect } from 'vitest';
import { bearer } from '../fixtures.js';
import type { TestServer } from '../harness.js';
import { type Business, useTestServer } from '../use-test-server.js';
import { freePort } from './telegram.js';

/**
 * The Messenger and Instagram feature's preamble: a test server on a real port it advertises as its public URL
 * (Meta verifies the webhook URL with a GET and downloads attachments from Sapa's signed links), the Meta
 * simulator beside it with a Facebook Page and an Instagram account, both connected by the business's owner
 * through the API and their webhooks set in the app's settings (the URL and verify token Sapa shows). A second
 * business (`other`) proves tenant isolation.
 */
export const PAGE = { platform: 'messenger', name: 'Toko Uji', id: '100000000000001' } as const;
export const IG = {
  platform: 'instagram',
  name: 'Toko Uji IG',
  username: 'tokouji',
  id: '17841400000000001',
} as const;

export let server: TestServer;
export let biz: Business;
export let other: Business;
export let owner: TokenPair;
export let otherOwner: TokenPair;
export let sim: MetaSimulator;
export const accounts = {} as Record<'MSG' | 'IGM', { sapaId: string; keys: MetaAccountKeys }>;

const PATHS = { MSG: 'messenger', IGM: 'instagram' } as const;

/** Connects a Page or Instagram account through the API (`POST /api/channel-accounts/<platform>`) as `tokens`. */
export function connectMetaAccount(tokens: TokenPair, code: 'MSG' | 'IGM', payload: Record<string, unknown>) {
  return server.app.inject({
    method: 'POST',
    url: `/api/channel-accounts/${PATHS[code]}`,
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    payload,
  });
}

/** The connect payload of simulator keys. */
export const payloadOf = (keys: MetaAccountKeys) => ({
  metaAccountId: keys.id,
  accessToken: keys.accessToken,
  appSecret: keys.appSecret,
  graphBaseUrl: sim.graphBaseUrl,
});

export async function useMetaServer() {
  const port = await freePort();
  useTestServer({
    business: 'Meta',
    other: 'Lain',
    server: { env: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
    setup: async (seeded) => {
      ({ server, biz, other, owner, otherOwner } = seeded);
      await server.app.listen({ port, host: '127.0.0.1' });
      sim = await startMetaSimulator({ retry: { attempts: 5, baseDelayMs: 100 } });
      for (const [code, spec] of [
        ['MSG', PAGE],
        ['IGM', IG],
      ] as const) {
        const keys = sim.registerAccount(spec);
        const res = await connectMetaAccount(owner, code, payloadOf(keys));
        expect(res.statusCode, res.body).toBe(200);
        const view = res.json() as { id: string; webhookUrl: string; webhookVerifyToken: string };
        expect(
          await sim.setWebhook(keys.id, {
            callbackUrl: view.webhookUrl,
            verifyToken: view.webhookVerifyToken,
          }),
        ).toBe(true);
        accounts[code] = { sapaId: view.id, keys };
      }
    },
    beforeClose: () => sim?.close(),
  });
}
