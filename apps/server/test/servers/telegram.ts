import type { TokenPair } from '@sapa/contracts';
import { startTelegramSimulator, type TelegramSimulator } from '@sapa/simulators';
import { expect } from 'vitest';
import { bearer } from '../fixtures.js';
import { freePort } from '../free-port.js';

export { freePort };

import type { TestServer } from '../harness.js';
import { type Business, useTestServer } from '../use-test-server.js';

/**
 * The Telegram feature's preamble: a test server listening on a real port that it also advertises as its
 * public URL (Sapa gives Telegram its webhook URL itself, with `setWebhook`), the Telegram simulator beside it
 * with the bot `BOT` registered, and the business's owner connecting that bot through the API. A second
 * business (`other`) proves tenant isolation.
 */
export const BOT = {
  token: '7100000001:AAH-simulated-telegram-bot-token-1',
  username: 'TokoUjiBot',
  firstName: 'Toko Uji',
};

export let server: TestServer;
export let biz: Business;
export let other: Business;
export let owner: TokenPair;
export let otherOwner: TokenPair;
export let sim: TelegramSimulator;
export let accountId: string;

/** Connects a bot through the API (`POST /api/channel-accounts/telegram`) as `tokens`. */
export function connectBot(tokens: TokenPair, payload: Record<string, unknown>) {
  return server.app.inject({
    method: 'POST',
    url: '/api/channel-accounts/telegram',
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    payload,
  });
}

export async function useTelegramServer(options: { chatRatePerSecond?: number } = {}) {
  // The advertised URL is the real one: Sapa's setWebhook tells the simulator where to push.
  const port = await freePort();
  useTestServer({
    business: 'Telegram',
    other: 'Lain',
    server: { env: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
    setup: async (seeded) => {
      ({ server, biz, other, owner, otherOwner } = seeded);
      await server.app.listen({ port, host: '127.0.0.1' });
      sim = await startTelegramSimulator({
        retry: { attempts: 5, baseDelayMs: 100 },
        ...(options.chatRatePerSecond ? { chatRatePerSecond: options.chatRatePerSecond } : {}),
      });
      sim.registerBot(BOT);
      const res = await connectBot(owner, { botToken: BOT.token, apiBaseUrl: sim.apiBaseUrl });
      expect(res.statusCode, res.body).toBe(200);
      accountId = res.json().id;
    },
    beforeClose: () => sim?.close(),
  });
}
