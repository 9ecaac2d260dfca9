import type { SignUpState } from '@sapa/contracts';
import { startWhatsappCloudSimulator, type WhatsappCloudSimulator } from '@sapa/simulators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, PASSWORD } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { partnerFileWith } from '../../../test/partner-profile.js';
import { signUpCodeOnPhone } from '../../../test/sign-up-helpers.js';
import { channelAccounts } from '../channels/channels.schema.js';
import { clients } from '../tenancy/tenancy.schema.js';
import { signUps } from './signup.schema.js';

/**
 * The partner profile's sign-up and subscription flags (000 §4), off: "WABA required" off lets sign-up skip the
 * WhatsApp step (the business opens without a WhatsApp account); "multiple package subscription" off offers one
 * package (Pro) on the plan page and refuses a new Starter subscription. (On, the default profile: the skip is
 * refused in signup.int.test.ts and both packages are sold in subscriptions.int.test.ts.)
 */
const PLATFORM = {
  phoneNumberId: '109000000000888',
  wabaId: '209000000000888',
  displayPhoneNumber: '6281100000888',
  accessToken: 'platform-sender-token-flags',
  appSecret: 'platform-app-secret-flags',
};

let sim: WhatsappCloudSimulator;
let server: TestServer;

beforeAll(async () => {
  const file = partnerFileWith('ONE_PACKAGE', { wabaRequired: false, multiplePackageSubscription: false });
  sim = await startWhatsappCloudSimulator({ port: 0 });
  sim.registerNumber({ ...PLATFORM, webhookUrl: 'http://127.0.0.1:9/unused', businessName: 'Sapa' });
  server = await startTestServer({
    work: true,
    env: {
      PARTNER_CONFIG: file,
      PLATFORM_WHATSAPP_PHONE_NUMBER_ID: PLATFORM.phoneNumberId,
      PLATFORM_WHATSAPP_ACCESS_TOKEN: PLATFORM.accessToken,
      PLATFORM_WHATSAPP_GRAPH_URL: sim.graphBaseUrl,
    },
  });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await sim?.close();
});

const post = (url: string, payload: unknown) =>
  server.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'accept-language': 'en' },
  });

const codeOnPhone = (phone: string) => signUpCodeOnPhone(sim, PLATFORM.phoneNumberId, phone);

describe('partner flags off: WABA not required, one package', () => {
  it('skips the WhatsApp step, opens the business without WhatsApp, and sells Pro alone', async () => {
    const phone = `6281${String(Date.now()).slice(-8)}`;
    const email = `flags-${Date.now()}@example.com`;
    const started = await post('/api/sign-up/account', {
      phone,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { token } = started.json() as SignUpState;
    expect(started.json().wabaRequired).toBe(false);
    // Not before the store step.
    expect((await post('/api/sign-up/waba/skip', { token })).statusCode).toBe(409);
    await post('/api/sign-up/otp/verify', { token, otp: await codeOnPhone(phone) });
    await post('/api/sign-up/store', {
      token,
      name: 'Toko Tanpa WA',
      address: 'Jl. Asia Afrika 2, Bandung',
      businessFields: ['SERVICES'],
      businessType: 'INDIVIDUAL',
      mode: 'ONLINE_SHOP',
    });
    const skipped = await post('/api/sign-up/waba/skip', { token });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json()).toMatchObject({ step: 'subscription', waba: null });
    // The step survives a reload.
    expect((await post('/api/sign-up/state', { token })).json().step).toBe('subscription');

    const starter = await post('/api/sign-up/complete', { token, plan: 'PAID', package: 'STARTER' });
    expect(starter.statusCode).toBe(409);
    expect(starter.json().code).toBe('subscription.packageNotOffered');
    const done = await post('/api/sign-up/complete', { token, plan: 'FREE_TRIAL' });
    expect(done.statusCode, done.body).toBe(200);
    const auth = bearer(done.json().tokens);
    const [row] = await server.deps.db.select().from(signUps).where(eq(signUps.email, email));
    const clientId = row!.clientId!;
    const [client] = await server.deps.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client?.accountStatus).toBe('Free Trial');
    const accounts = await server.deps.db
      .select()
      .from(channelAccounts)
      .where(eq(channelAccounts.clientId, clientId));
    expect(accounts).toEqual([]);

    const plans = await server.app.inject({ method: 'GET', url: '/api/subscription/plans', headers: auth });
    expect(plans.statusCode, plans.body).toBe(200);
    expect(plans.json().plans.map((p: { package: string }) => p.package)).toEqual(['PRO']);
    const quote = (pkg: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/subscription/quote',
        headers: { ...auth, 'accept-language': 'en' },
        payload: { kind: 'start', package: pkg, months: 3 },
      });
    const starterQuote = await quote('STARTER');
    expect(starterQuote.statusCode).toBe(409);
    expect(starterQuote.json().message).toBe('This package is not offered. Choose another package.');
    expect((await quote('PRO')).statusCode).toBe(200);
  });
});
