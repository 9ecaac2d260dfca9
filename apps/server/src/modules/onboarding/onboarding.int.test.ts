import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signIn } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { chatCreditWallets } from '../billing/billing.schema.js';
import { memberships, users } from '../identity/identity.schema.js';
import { clients } from '../tenancy/tenancy.schema.js';
import { createBusiness } from './onboarding.service.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const owner = (email: string) => ({ email, name: 'Pemilik', role: 'OWN' as const, password: PASSWORD });

describe('createBusiness', () => {
  it('opens the business with its defaults, its wallet and its members, who can sign in', async () => {
    const { clientId, userIds } = await createBusiness(server.deps.db, {
      name: 'Toko Onboarding',
      chatCredit: 250,
      members: [owner('onboard-owner@example.com')],
    });
    const [client] = await server.deps.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client).toMatchObject({
      name: 'Toko Onboarding',
      countryDefault: 'ID',
      billingType: 'PRE_PAID',
      accountStatus: 'Active',
      subscriptionPackage: 'ENTERPRISE',
    });
    const [wallet] = await server.deps.db
      .select()
      .from(chatCreditWallets)
      .where(eq(chatCreditWallets.clientId, clientId));
    expect(Number(wallet?.balance)).toBe(250);
    const tokens = await signIn(server.app, 'onboard-owner@example.com');
    expect(tokens.accessToken).toBeTruthy();
    expect(Object.keys(userIds)).toEqual(['onboard-owner@example.com']);
  });

  it('lets an existing email join a second business with the same identity and password', async () => {
    const first = await createBusiness(server.deps.db, {
      name: 'Toko Pertama',
      members: [owner('onboard-twice@example.com')],
    });
    const second = await createBusiness(server.deps.db, {
      name: 'Toko Kedua',
      members: [{ ...owner('ONBOARD-TWICE@example.com'), password: 'another-password-1' }],
    });
    const userId = first.userIds['onboard-twice@example.com'];
    expect(second.userIds['ONBOARD-TWICE@example.com']).toBe(userId);
    const rows = await server.deps.db.select().from(memberships).where(eq(memberships.userId, userId!));
    expect(rows.map((m) => m.clientId).sort()).toEqual([first.clientId, second.clientId].sort());
    const [user] = await server.deps.db.select().from(users).where(eq(users.id, userId!));
    expect(user?.email).toBe('onboard-twice@example.com');
    // The first password still opens the second business: joining changed nothing of the identity.
    await expect(
      signIn(server.app, 'onboard-twice@example.com', PASSWORD, second.clientId),
    ).resolves.toBeTruthy();
  });

  it('leaves nothing behind when a member cannot be added', async () => {
    const name = 'Toko Gagal';
    await expect(
      createBusiness(server.deps.db, {
        name,
        members: [owner('onboard-fail@example.com'), owner('onboard-fail@example.com')],
      }),
    ).rejects.toThrow();
    expect(await server.deps.db.select().from(clients).where(eq(clients.name, name))).toEqual([]);
    const [user] = await server.deps.db
      .select()
      .from(users)
      .where(eq(users.email, 'onboard-fail@example.com'));
    expect(user).toBeUndefined();
  });
});
