import type { TokenPair } from '@sapa/contracts';
import { expect } from 'vitest';
import { apiClient } from '../api-client.js';
import { signInFresh } from '../auth-helpers.js';
import type { TestServer } from '../harness.js';
import { type Business, useTestServer } from '../use-test-server.js';

/**
 * The user-management tests' server (`users.*.int.test.ts`): business `biz` with a CS1, a CS2 and a second
 * admin beside owner, admin and agent; the owner and the admin signed in.
 */
export let server: TestServer;
export let biz: Business;
export let other: Business;
export let owner: TokenPair;
export let admin: TokenPair;

export function useUsersServer() {
  useTestServer({
    business: 'Pengguna',
    members: [
      { name: 'Budi Santoso', role: 'USC', csPosition: 'CS1' },
      { name: 'Siti Rahma', role: 'USC', csPosition: 'CS2' },
      { name: 'Persen 100%', role: 'ADC' },
    ],
    other: 'Lain',
    setup: async (seeded) => {
      ({ server, biz, other, owner } = seeded);
      admin = await signInFresh(server.app, biz.admin.email);
    },
  });
}

const api = apiClient(() => server.app);
export const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  tokens: TokenPair,
  payload?: unknown,
) => api(method, url, tokens, payload);

let seq = 0;
export const newEmail = () => `baru${++seq}-${Date.now().toString(36)}@example.com`;

export async function createRole(name: string, menus: string[]) {
  const res = await call('POST', '/api/feature-access', owner, { name, menus });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; featureAccess: string };
}
