import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLogin, signInFresh, totpNow, wrongTotp } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness, PASSWORD } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

/** Two Sapa instances on one database, as two processes behind a load balancer. */
let one: TestServer;
let two: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;

beforeAll(async () => {
  one = await startTestServer({ work: false });
  two = await startTestServer({ work: false, sameDatabaseAs: one });
  biz = await makeBusiness(one.deps.db, 'Kunci', [{ name: 'Kedua' }, { name: 'Ketiga' }, { name: 'Mfa' }]);
});
afterAll(async () => {
  await two.close();
  await one.close();
});

/** Ends the current lock of every throttle row, as if its wait had passed (the next failure locks again). */
const endLocks = (server: TestServer) =>
  server.deps.db.execute(sql`update sign_in_throttles set locked_until = now() - interval '1 second'`);

describe('sign-in lockout (account and address, shared by every instance)', () => {
  it('locks an account from one address only, on every instance, and the right password still works elsewhere', async () => {
    const email = biz.members[3]!.email;
    const attacker = '198.51.100.10';
    const statuses: number[] = [];
    // Failures alternate between the two instances: the count is shared, not per process.
    for (let i = 0; i < 6; i++) {
      const server = i % 2 === 0 ? one : two;
      statuses.push(
        (await postLogin(server.app, { email, password: 'salah1234' }, { ip: attacker })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    // From the attacker's address the right password waits too, on either instance.
    for (const server of [one, two]) {
      const locked = await postLogin(server.app, { email, password: PASSWORD }, { ip: attacker, lang: 'en' });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe('Too many sign-in attempts. Please try again in a few minutes.');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The owner of the account, from their own address, signs in on either instance.
    for (const server of [one, two]) {
      const mine = await postLogin(server.app, { email, password: PASSWORD }, { ip: '192.0.2.44' });
      expect(mine.statusCode, mine.body).toBe(200);
    }
    // Another account from the attacker's address is not locked.
    const other = await postLogin(
      two.app,
      { email: biz.members[4]!.email, password: PASSWORD },
      { ip: attacker },
    );
    expect(other.statusCode).toBe(200);
  });

  it('backs off longer after each failure past the limit, and a success clears the count', async () => {
    const email = biz.members[4]!.email;
    const ip = '198.51.100.20';
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) await postLogin(one.app, { email, password: 'salah1234' }, { ip });
    waits.push(
      Number((await postLogin(two.app, { email, password: PASSWORD }, { ip })).headers['retry-after']),
    );
    for (let round = 0; round < 2; round++) {
      await endLocks(one);
      expect((await postLogin(two.app, { email, password: 'salah1234' }, { ip })).statusCode).toBe(401);
      const locked = await postLogin(one.app, { email, password: PASSWORD }, { ip });
      expect(locked.statusCode).toBe(429);
      waits.push(Number(locked.headers['retry-after']));
    }
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[1]).toBeGreaterThan(waits[0]!);
    expect(waits[2]).toBeGreaterThan(waits[1]!);

    await endLocks(one);
    expect((await postLogin(one.app, { email, password: PASSWORD }, { ip })).statusCode).toBe(200);
    // The count started over: four failures do not lock.
    for (let i = 0; i < 4; i++)
      expect((await postLogin(two.app, { email, password: 'salah1234' }, { ip })).statusCode).toBe(401);
    expect((await postLogin(two.app, { email, password: PASSWORD }, { ip })).statusCode).toBe(200);
  });

  it('counts an unknown email like a known one (no hint that an account exists)', async () => {
    const ip = '198.51.100.30';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await postLogin(
            i % 2 ? one.app : two.app,
            { email: 'nobody@example.com', password: 'x1234567' },
            { ip },
          )
        ).statusCode,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('limits wrong 2FA codes per user and address on every instance', async () => {
    const email = biz.members[5]!.email;
    const tokens = await signInFresh(one.app, email);
    const setup = await one.app.inject({
      method: 'POST',
      url: '/api/users/me/mfa/setup',
      headers: bearer(tokens),
      payload: {},
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const secret = setup.json().secret as string;
    const activate = await one.app.inject({
      method: 'POST',
      url: '/api/users/me/mfa/activate',
      headers: bearer(tokens),
      payload: { code: totpNow(secret) },
    });
    expect(activate.statusCode, activate.body).toBe(200);

    const ip = '198.51.100.40';
    const mfaToken = async () =>
      (await postLogin(one.app, { email, password: PASSWORD }, { ip: '192.0.2.50' })).json()
        .mfaToken as string;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await (i % 2 ? one : two).app.inject({
        method: 'POST',
        url: '/api/auth/login/mfa',
        remoteAddress: ip,
        payload: { mfaToken: await mfaToken(), code: wrongTotp(secret) },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const elsewhere = await two.app.inject({
      method: 'POST',
      url: '/api/auth/login/mfa',
      remoteAddress: '192.0.2.51',
      payload: { mfaToken: await mfaToken(), code: totpNow(secret) },
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});
