import type { TokenPair } from '@sapa/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { makePng } from '../../src/modules/demo/demo-livechat.js';
import { signInFresh } from '../auth-helpers.js';
import { bearer, makeBusiness } from '../fixtures.js';
import { startTestServer, type TestServer } from '../harness.js';

/**
 * The live-chat tests' server (`livechat-*.int.test.ts`): listening on a port (the widget socket), business
 * `biz` with owner, admin and agent signed in, and `other` with its owner.
 */
export let server: TestServer;
export let base: string;
export let biz: Awaited<ReturnType<typeof makeBusiness>>;
export let other: Awaited<ReturnType<typeof makeBusiness>>;
export let owner: TokenPair;
export let admin: TokenPair;
export let agent: TokenPair;
export let otherOwner: TokenPair;

export const DOMAIN = 'https://toko-uji.example.com';
export const SHOP = 'http://shop.example.com:8080';

/** Registers the server (listening, with its workers) and the two businesses for the calling test file. */
export function useLivechatServer() {
  beforeAll(async () => {
    server = await startTestServer({ work: true });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}`;
    biz = await makeBusiness(server.deps.db, 'Livechat');
    other = await makeBusiness(server.deps.db, 'Lain');
    owner = await signInFresh(server.app, biz.owner.email);
    admin = await signInFresh(server.app, biz.admin.email);
    agent = await signInFresh(server.app, biz.agent.email);
    otherOwner = await signInFresh(server.app, other.owner.email);
  });
  afterAll(() => server.close());
}

export async function uploadLogo(tokens: TokenPair, bytes: Buffer, type = 'image/png') {
  return server.app.inject({
    method: 'POST',
    url: '/api/livechat/logo?name=logo.png',
    headers: { ...bearer(tokens), 'content-type': type },
    payload: bytes,
  });
}

export async function accountBody(tokens: TokenPair, overrides: Record<string, unknown> = {}) {
  const logo = await uploadLogo(tokens, makePng(64, [10, 20, 30]));
  expect(logo.statusCode, logo.body).toBe(200);
  return {
    name: 'Website',
    domain: DOMAIN,
    colour: '#14b8a6',
    logoUploadId: logo.json().uploadId,
    personaName: 'Sari',
    onlineTitle: 'Halo!',
    onlineMessage: 'Kami online',
    offlineTitle: 'Offline',
    offlineMessage: 'Tinggalkan pesan',
    preChatForm: {
      fields: [{ label: 'Email', customizedData: 'email' }],
      consentText: 'Saya setuju',
    },
    ...overrides,
  };
}

export const create = (tokens: TokenPair, payload: unknown, lang = 'en') =>
  server.app.inject({
    method: 'POST',
    url: '/api/livechat/accounts',
    headers: { ...bearer(tokens), 'accept-language': lang },
    payload: payload as object,
  });
