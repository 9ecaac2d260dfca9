import { FREE_TRIAL_DAYS, type SignUpState } from '@sapa/contracts';
import { startWhatsappCloudSimulator, type WhatsappCloudSimulator } from '@sapa/simulators';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeBusiness, PASSWORD } from '../../../test/fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../../../test/harness.js';
import { sha256 } from '../../platform/auth/tokens.js';
import { channelAccounts } from '../channels/channels.schema.js';
import { businessProfiles, clients } from '../tenancy/tenancy.schema.js';
import { signUpCodes, signUps } from './signup.schema.js';

const PLATFORM = {
  phoneNumberId: '109000000000777',
  wabaId: '209000000000777',
  displayPhoneNumber: '6281100000777',
  accessToken: 'platform-sender-token',
  appSecret: 'platform-app-secret',
};
const META_APP = { appId: '4242424242', appSecret: 'meta-app-secret-for-tests', name: 'Sapa' };

let sim: WhatsappCloudSimulator;
let server: TestServer;
let seq = 0;

beforeAll(async () => {
  sim = await startWhatsappCloudSimulator({ port: 0, metaApps: [META_APP] });
  sim.registerNumber({ ...PLATFORM, webhookUrl: 'http://127.0.0.1:9/unused', businessName: 'Sapa' });
  server = await startTestServer({
    work: true,
    env: {
      PLATFORM_WHATSAPP_PHONE_NUMBER_ID: PLATFORM.phoneNumberId,
      PLATFORM_WHATSAPP_ACCESS_TOKEN: PLATFORM.accessToken,
      PLATFORM_WHATSAPP_GRAPH_URL: sim.graphBaseUrl,
      META_APP_ID: META_APP.appId,
      META_APP_SECRET: META_APP.appSecret,
      META_EMBEDDED_SIGNUP_CONFIG_ID: 'cfg-1',
      META_GRAPH_URL: sim.graphBaseUrl,
      META_DIALOG_URL: `${sim.graphBaseUrl}/dialog/oauth`,
      PUBLIC_URL: 'http://127.0.0.1:9',
    },
  });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await sim?.close();
});

/** A fresh person: phone, email and the address they come from (the per-address limit is tested apart). */
function person() {
  seq += 1;
  const n = `${String(Date.now()).slice(-5)}${String(seq).padStart(3, '0')}`;
  return {
    phone: `6281${n}`,
    email: `daftar-${n}@example.com`,
    address: `10.20.${seq % 250}.${(seq * 7) % 250}`,
  };
}

const post = (url: string, payload: unknown, address = '127.0.0.1', language = 'en') =>
  server.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: address,
    headers: { 'accept-language': language },
  });

async function start(who = person(), extra: Record<string, unknown> = {}) {
  const res = await post(
    '/api/sign-up/account',
    {
      phone: `0${who.phone.slice(2)}`,
      email: who.email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...extra,
    },
    who.address,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { who, state: res.json() as SignUpState };
}

/** The code as the person reads it on their WhatsApp: the platform number's template to their phone. */
async function codeOnPhone(phone: string, nth = 1): Promise<string> {
  const messages = await waitFor(async () => {
    const sent = sim.conversation(PLATFORM.phoneNumberId, phone);
    return sent.length >= nth ? sent : undefined;
  });
  const template = messages[nth - 1]!.request.template as {
    components: { type: string; parameters: { text: string }[] }[];
  };
  return template.components.find((c) => c.type === 'body')!.parameters[0]!.text;
}

const STORE = {
  name: 'Warung Sapa',
  address: 'Jl. Merdeka 1, Bandung',
  businessFields: ['FOOD_BEVERAGE', 'SERVICES'],
  businessType: 'INDIVIDUAL',
  mode: 'RESTAURANT',
};

/** What the Embedded Signup popup does when the person finishes it (the page posts this form). */
async function finishPopup(phone: string) {
  const res = await fetch(`${sim.url}/embedded-signup/finish`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      clientId: META_APP.appId,
      wabaName: 'Warung',
      displayName: 'Warung Sapa',
      phoneNumber: phone,
    }),
  });
  return (await res.json()) as { code: string; waba_id: string; phone_number_id: string };
}

async function toSubscriptionStep() {
  const { who, state } = await start();
  const code = await codeOnPhone(who.phone);
  expect((await post('/api/sign-up/otp/verify', { token: state.token, otp: code })).statusCode).toBe(200);
  expect((await post('/api/sign-up/store', { token: state.token, ...STORE })).statusCode).toBe(200);
  const popup = await finishPopup(`62819${who.phone.slice(-8)}`);
  const waba = await post('/api/sign-up/waba', {
    token: state.token,
    code: popup.code,
    wabaId: popup.waba_id,
    phoneNumberId: popup.phone_number_id,
  });
  expect(waba.statusCode, waba.body).toBe(200);
  return { who, token: state.token, popup };
}

describe('sign-up: account and code', () => {
  it('sends the code by WhatsApp from the platform number and moves to the store step with the right code only', async () => {
    const { who, state } = await start();
    expect(state).toMatchObject({ step: 'otp', phone: who.phone, email: who.email });
    expect(state.otp!.resendAt).toBeGreaterThan(Date.now());
    const code = await codeOnPhone(who.phone);
    expect(code).toMatch(/^\d{5}$/);
    const wrong = await post('/api/sign-up/otp/verify', {
      token: state.token,
      otp: code === '00000' ? '11111' : '00000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The OTP code is incorrect');
    const right = await post('/api/sign-up/otp/verify', { token: state.token, otp: code });
    expect(right.json()).toMatchObject({ step: 'store', otp: null });
    // Reloading the page: the server still knows where the sign-up is.
    const again = await post('/api/sign-up/state', { token: state.token });
    expect(again.json().step).toBe('store');
    // Neither the code nor the phone in the logs.
    expect(server.logs()).not.toContain(code);
    expect(server.logs()).not.toContain(who.phone);
  });

  it('refuses an email that already has an account, in the caller language', async () => {
    const biz = await makeBusiness(server.deps.db, 'Terdaftar');
    const who = person();
    const body = {
      phone: who.phone,
      email: biz.owner.email.toUpperCase(),
      password: PASSWORD,
      confirmPassword: PASSWORD,
    };
    const en = await post('/api/sign-up/account', body, who.address);
    expect(en.statusCode).toBe(409);
    expect(en.json()).toMatchObject({
      message: 'Email is already registered',
      fields: { email: 'Email is already registered' },
    });
    const id = await post('/api/sign-up/account', body, who.address, 'id');
    expect(id.json().message).toBe('Email sudah terdaftar');
  });

  it.each([
    [{ password: 'short1', confirmPassword: 'short1' }, 'password', 'Password must be at least 8 characters'],
    [
      { password: 'onlyletters', confirmPassword: 'onlyletters' },
      'password',
      'Password must contain letters and numbers',
    ],
    [{ confirmPassword: 'different123' }, 'confirmPassword', 'New password and confirmation do not match'],
    [{ email: 'not-an-email' }, 'email', 'Email format is invalid'],
    [{ phone: '12' }, 'phone', undefined],
    [
      { referralCode: 'bad code!' },
      'referralCode',
      'Referral code may contain only letters, numbers, - and _',
    ],
  ])('refuses %o with a 400 on %s', async (override, field, message) => {
    const who = person();
    const res = await post(
      '/api/sign-up/account',
      { phone: who.phone, email: who.email, password: PASSWORD, confirmPassword: PASSWORD, ...override },
      who.address,
    );
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().fields[field]).toBe(message);
    else expect(res.json().fields[field]).toBeTruthy();
  });

  it('refuses an expired code, then a new code after the countdown works', async () => {
    const { who, state } = await start();
    const code = await codeOnPhone(who.phone);
    await server.deps.db
      .update(signUpCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signUpCodes.phone, who.phone));
    const expired = await post('/api/sign-up/otp/verify', { token: state.token, otp: code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('The OTP code has expired');

    const early = await post('/api/sign-up/otp/resend', { token: state.token });
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    expect(early.json().message).toBe('Too many requests. Please wait before asking for another code.');

    await server.deps.db
      .update(signUpCodes)
      .set({ createdAt: sql`created_at - interval '2 minutes'` })
      .where(eq(signUpCodes.phone, who.phone));
    expect((await post('/api/sign-up/otp/resend', { token: state.token })).statusCode).toBe(200);
    const second = await codeOnPhone(who.phone, 2);
    expect((await post('/api/sign-up/otp/verify', { token: state.token, otp: second })).json().step).toBe(
      'store',
    );
  });

  it('stops after five wrong codes until a new one is sent', async () => {
    const { who, state } = await start();
    const code = await codeOnPhone(who.phone);
    const wrong = code === '00000' ? '11111' : '00000';
    for (let i = 0; i < 5; i += 1)
      expect((await post('/api/sign-up/otp/verify', { token: state.token, otp: wrong })).statusCode).toBe(
        400,
      );
    const locked = await post('/api/sign-up/otp/verify', { token: state.token, otp: code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many wrong codes. Please request a new code.');
  });

  it('limits codes to five per phone per hour, whatever the sign-up', async () => {
    const who = person();
    for (let i = 0; i < 5; i += 1) {
      await start({ ...who, email: `${i}-${who.email}`, address: `10.99.${seq}.${i}` });
      await server.deps.db
        .update(signUpCodes)
        .set({ createdAt: sql`created_at - interval '2 minutes'` })
        .where(eq(signUpCodes.phone, who.phone));
    }
    const sixth = await post(
      '/api/sign-up/account',
      { phone: who.phone, email: `6-${who.email}`, password: PASSWORD, confirmPassword: PASSWORD },
      '10.99.200.1',
    );
    expect(sixth.statusCode).toBe(429);
  });

  it('limits sign-ups to ten per address per hour', async () => {
    const address = '10.77.77.77';
    for (let i = 0; i < 10; i += 1) await start({ ...person(), address });
    const who = person();
    const eleventh = await post(
      '/api/sign-up/account',
      { phone: who.phone, email: who.email, password: PASSWORD, confirmPassword: PASSWORD },
      address,
      'id',
    );
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(
      'Terlalu banyak pendaftaran dari jaringan Anda. Silakan coba lagi nanti.',
    );
  });

  it('answers an unknown or expired sign-up as expired', async () => {
    const unknown = await post('/api/sign-up/state', { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json().message).toBe('Your sign-up session has expired. Please start again.');
    const { state } = await start();
    await server.deps.db
      .update(signUps)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signUps.email, state.email));
    expect((await post('/api/sign-up/state', { token: state.token })).statusCode).toBe(410);
  });
});

describe('sign-up: store, WhatsApp Business account and subscription', () => {
  it('keeps the steps in order and limits business fields to three', async () => {
    const { who, state } = await start();
    const early = await post('/api/sign-up/store', { token: state.token, ...STORE });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Please finish the previous step first.');
    await post('/api/sign-up/otp/verify', { token: state.token, otp: await codeOnPhone(who.phone) });
    const four = await post('/api/sign-up/store', {
      token: state.token,
      ...STORE,
      businessFields: ['FOOD_BEVERAGE', 'FASHION', 'SERVICES', 'TRAVEL'],
    });
    expect(four.statusCode).toBe(400);
    expect(four.json().fields.businessFields).toBe('Choose at most 3 business fields');
    const noWaba = await post('/api/sign-up/complete', { token: state.token, plan: 'FREE_TRIAL' });
    expect(noWaba.statusCode).toBe(409);
  });

  it('refuses to skip the WhatsApp step where the partner requires it (000 §4 "WABA required")', async () => {
    const { who, state } = await start();
    await post('/api/sign-up/otp/verify', { token: state.token, otp: await codeOnPhone(who.phone) });
    await post('/api/sign-up/store', { token: state.token, ...STORE });
    const skip = await post('/api/sign-up/waba/skip', { token: state.token });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe('Connect a WhatsApp Business account to continue.');
    const after = await post('/api/sign-up/state', { token: state.token });
    expect(after.json()).toMatchObject({ step: 'waba', wabaRequired: true });
    expect((await post('/api/sign-up/complete', { token: state.token, plan: 'FREE_TRIAL' })).statusCode).toBe(
      409,
    );
  });

  it('tells the browser how to open Embedded Signup', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/sign-up/waba/config' });
    expect(res.json().embeddedSignup).toEqual({
      appId: META_APP.appId,
      configId: 'cfg-1',
      dialogUrl: `${sim.graphBaseUrl}/dialog/oauth`,
      origin: sim.url,
    });
  });

  it('refuses a code the simulator does not know and a WABA outside the token scopes', async () => {
    const { who, state } = await start();
    await post('/api/sign-up/otp/verify', { token: state.token, otp: await codeOnPhone(who.phone) });
    await post('/api/sign-up/store', { token: state.token, ...STORE });
    const popup = await finishPopup(`62817${who.phone.slice(-8)}`);
    const bad = await post('/api/sign-up/waba', {
      token: state.token,
      code: 'forged',
      wabaId: popup.waba_id,
      phoneNumberId: popup.phone_number_id,
    });
    expect(bad.statusCode).toBe(502);
    expect(bad.json().message).toBe('Failed to connect the WhatsApp Business account. Please try again.');
    const otherWaba = await post('/api/sign-up/waba', {
      token: state.token,
      code: popup.code,
      wabaId: PLATFORM.wabaId,
      phoneNumberId: popup.phone_number_id,
    });
    expect(otherWaba.statusCode).toBe(502);
    expect((await post('/api/sign-up/state', { token: state.token })).json().step).toBe('waba');
  });

  it('opens the business on the free trial with its WhatsApp connected, the owner signed in, and only its own data', async () => {
    const { who, token, popup } = await toSubscriptionStep();
    expect((await post('/api/sign-up/state', { token })).json()).toMatchObject({
      step: 'subscription',
      waba: { name: 'Warung Sapa' },
    });
    const done = await post('/api/sign-up/complete', { token, plan: 'FREE_TRIAL' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().next).toBe('/dashboard');
    const tokens = done.json().tokens;

    const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(tokens) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email: who.email, phone: who.phone },
      role: 'OWN',
      client: { name: STORE.name, accountStatus: 'Free Trial' },
    });
    const [client] = await server.deps.db.select().from(clients).where(eq(clients.id, me.json().client.id));
    expect(client).toMatchObject({ accountStatus: 'Free Trial', subscriptionPackage: null });
    const [profile] = await server.deps.db
      .select()
      .from(businessProfiles)
      .where(eq(businessProfiles.clientId, me.json().client.id));
    expect(profile).toMatchObject({
      mode: 'RESTAURANT',
      businessFields: ['FOOD_BEVERAGE', 'SERVICES'],
      address: STORE.address,
    });
    const days = (client!.subscriptionEndsAt!.getTime() - client!.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(FREE_TRIAL_DAYS);

    // Its WhatsApp account is connected and the simulator posts the number's webhooks to Sapa's URL for it.
    const accounts = await server.app.inject({
      method: 'GET',
      url: '/api/channel-accounts',
      headers: bearer(tokens),
    });
    const [account] = accounts.json().items;
    expect(account).toMatchObject({
      channel: 'WAP',
      status: 'connected',
      address: `62819${who.phone.slice(-8)}`,
    });
    await sim.customerSends({
      phoneNumberId: popup.phone_number_id,
      from: '6285700001111',
      name: 'Budi',
      message: { type: 'text', text: 'halo' },
    });
    await waitFor(async () => sim.stats().webhookAttempts > 0 || undefined);
    expect(sim.stats().webhookAttempts).toBeGreaterThan(0);
    const [row] = await server.deps.db
      .select()
      .from(channelAccounts)
      .where(eq(channelAccounts.id, account.id));
    expect(JSON.stringify(row!.config)).not.toContain('EAAG');

    // Tenant isolation: another business sees none of it, and the new owner none of theirs.
    const other = await makeBusiness(server.deps.db, 'Tetangga');
    const otherTokens = (
      await post('/api/auth/login', { email: other.owner.email, password: PASSWORD })
    ).json().tokens;
    const theirs = await server.app.inject({
      method: 'GET',
      url: '/api/channel-accounts',
      headers: bearer(otherTokens),
    });
    expect(theirs.json().items.map((a: { id: string }) => a.id)).not.toContain(account.id);
    const foreign = await server.app.inject({
      method: 'GET',
      url: `/api/channel-accounts/${account.id}`,
      headers: bearer(otherTokens),
    });
    expect([404, 405]).toContain(foreign.statusCode);

    // The same sign-up cannot open a second business, and the email now has an account.
    expect((await post('/api/sign-up/complete', { token, plan: 'FREE_TRIAL' })).statusCode).toBe(409);
    expect((await post('/api/sign-up/state', { token })).json().step).toBe('success');
    const reuse = await post(
      '/api/sign-up/account',
      { phone: who.phone, email: who.email, password: PASSWORD, confirmPassword: PASSWORD },
      '10.5.5.5',
    );
    expect(reuse.statusCode).toBe(409);
  });

  it('opens a free account for a paid plan, sending the owner to the plan page to pay its order', async () => {
    const { token } = await toSubscriptionStep();
    const done = await post('/api/sign-up/complete', { token, plan: 'PAID', package: 'STARTER' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().next).toBe('/setting/plan-and-pricing?subscribe=STARTER');
    const [row] = await server.deps.db
      .select()
      .from(signUps)
      .where(eq(signUps.tokenHash, sha256(token)));
    const [client] = await server.deps.db.select().from(clients).where(eq(clients.id, row!.clientId!));
    expect(client).toMatchObject({
      accountStatus: 'Free',
      subscriptionPackage: null,
      subscriptionEndsAt: null,
    });
  });

  it('refuses a number another business already connected', async () => {
    const first = await toSubscriptionStep();
    await post('/api/sign-up/complete', { token: first.token, plan: 'FREE_TRIAL' });
    const { who, state } = await start();
    await post('/api/sign-up/otp/verify', { token: state.token, otp: await codeOnPhone(who.phone) });
    await post('/api/sign-up/store', { token: state.token, ...STORE });
    const again = await post('/api/sign-up/waba', {
      token: state.token,
      code: 'unused',
      wabaId: first.popup.waba_id,
      phoneNumberId: first.popup.phone_number_id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This WhatsApp number is already connected to another account.');
  });
});
