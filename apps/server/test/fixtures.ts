import type { TokenPair } from '@sapa/contracts';
import type { FastifyInstance } from 'fastify';
import { createBusiness, type NewMember } from '../src/modules/onboarding/index.js';
import type { Db } from '../src/platform/db/database.js';

export const PASSWORD = 'rahasia123';

let counter = 0;
/** A business with an owner, an admin and an agent; emails are unique per call. */
export async function makeBusiness(db: Db, name = 'Toko Uji', extra: Partial<NewMember>[] = []) {
  const n = ++counter;
  const tag = `${name.toLowerCase().replace(/\W+/g, '')}${n}${Date.now().toString(36)}`;
  const members: NewMember[] = [
    {
      email: `owner-${tag}@example.com`,
      name: 'Owner',
      role: 'OWN',
      password: PASSWORD,
      phone: `62812${String(n).padStart(3, '0')}${String(Date.now()).slice(-5)}`,
    },
    { email: `admin-${tag}@example.com`, name: 'Admin', role: 'ADC', csPosition: 'SPV2', password: PASSWORD },
    // Supervisor 2: a customer-service user who sees, replies to and is assigned every chat (000 §6); tests of
    // the narrower positions (CS1, CS2, SPV1) add their own members.
    { email: `agent-${tag}@example.com`, name: 'Agent', role: 'USC', csPosition: 'SPV2', password: PASSWORD },
    ...extra.map((m, i) => ({
      email: `extra${i}-${tag}@example.com`,
      name: `Extra ${i}`,
      role: 'USC' as const,
      password: PASSWORD,
      ...m,
    })),
  ];
  const { clientId, userIds } = await createBusiness(db, { name: `${name} ${n}`, members });
  const [owner, admin, agent] = members as [NewMember, NewMember, NewMember];
  return { clientId, userIds, owner, admin, agent, members };
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  clientId?: string,
): Promise<TokenPair> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, clientId },
  });
  const body = res.json();
  if (body.status !== 'ok') throw new Error(`sign-in failed for ${email}: ${res.body}`);
  return body.tokens as TokenPair;
}

export const bearer = (tokens: TokenPair) => ({ authorization: `Bearer ${tokens.accessToken}` });
