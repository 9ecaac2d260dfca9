import { featureStringFrom, type TokenPair } from '@sapa/contracts';
import { expect } from 'vitest';
import { signInFresh } from '../auth-helpers.js';
import { bearer } from '../fixtures.js';
import type { TestServer } from '../harness.js';
import { type Business, useTestServer } from '../use-test-server.js';
import { connectWhatsapp } from '../whatsapp.js';

/**
 * The contact pages' server (`contacts-crm.*.int.test.ts`): business `biz` with a member who may use the inbox
 * but not contacts (`noContact`) beside owner, admin and agent; a WhatsApp number.
 */
export let server: TestServer;
export let biz: Business;
export let owner: TokenPair;
export let agent: TokenPair;
export let noContact: TokenPair;
export let otherOwner: TokenPair;
export let accountId: string;

export function useContactsCrmServer() {
  useTestServer({
    business: 'Kontak CRM',
    members: [{ featureAccess: featureStringFrom(['CUSTOMER_SERVICE_INBOX']), csPosition: 'CS2' }],
    other: 'Kontak Lain',
    timeoutMs: 180_000,
    setup: async (seeded) => {
      ({ server, biz, owner, otherOwner } = seeded);
      agent = await signInFresh(server.app, biz.agent.email);
      noContact = await signInFresh(server.app, biz.members[3]!.email);
      accountId = (await connectWhatsapp(server.app, owner, 'http://127.0.0.1:9/v25.0')).id;
    },
  });
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export function call(method: Method, url: string, payload?: unknown, tokens = owner, lang = 'en') {
  return server.app.inject({
    method,
    url,
    headers: { ...bearer(tokens), 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

let phoneCounter = 0;
export const newPhone = () =>
  `62813${String(Date.now()).slice(-5)}${String(++phoneCounter).padStart(3, '0')}`;

export async function addContact(body: Record<string, unknown>, tokens = owner) {
  const res = await call('POST', '/api/contacts', body, tokens);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; name: string; phone: string | null };
}

export const listOf = async (query: string, tokens = owner) => {
  const res = await call('GET', `/api/contacts?${query}`, undefined, tokens);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: { id: string; name: string; tags: { name: string }[] }[];
    nextCursor: string | null;
  };
};
