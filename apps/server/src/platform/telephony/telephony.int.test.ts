import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/harness.js';
import { startTestTelephony, type TestTelephony } from '../../../test/servers/telephony.js';

// Kamailio and rtpengine as Sapa runs them, with scripted phones (baresip) saying a tone each: a call's audio
// must arrive on both sides, through rtpengine, as the other side's tone. The browser's side (WebRTC ↔ RTP)
// is e2e/sip-phone.e2e.test.ts.
let t: TestTelephony;

beforeAll(async () => {
  t = await startTestTelephony();
});

afterAll(() => t?.close());

describe('the SIP server and media relay', () => {
  it('a phone calls another: each hears the other’s tone through rtpengine', async () => {
    const callee = await t.phone('6282200000002', 880, { autoAnswer: true });
    const caller = await t.phone('6281100000001', 440, { dial: callee.user });
    await waitFor(async () => caller.heard().seconds >= 1 && callee.heard().seconds >= 1, 20_000).catch(
      () => {
        throw new Error(
          `no audio both ways\n${caller.output()}\n${callee.output()}\n${t.telephony.output()}`,
        );
      },
    );
    expect(caller.heard().hz).toBeGreaterThan(820);
    expect(caller.heard().hz).toBeLessThan(940);
    expect(callee.heard().hz).toBeGreaterThan(400);
    expect(callee.heard().hz).toBeLessThan(480);
    // The media came through the relay's ports, not straight between the phones.
    const from = Number(/receiving from 127\.0\.0\.1:(\d+)/.exec(caller.output())?.[1]);
    expect(from).toBeGreaterThanOrEqual(t.rtpPorts.min);
    expect(from).toBeLessThanOrEqual(t.rtpPorts.max);
  });

  it('refuses a credential signed with another secret, and one that names another user', async () => {
    const forged = await t.phone('6283300000003', 440, { secret: 'not-the-secret' });
    const borrowed = await t.phone('6284400000004', 440, { credentialUser: '6282200000002' });
    await waitFor(
      async () => /401 Unauthorized/.test(forged.output()) && /403 Forbidden/.test(borrowed.output()),
      15_000,
    ).catch(() => {
      throw new Error(`${forged.output()}\n----\n${borrowed.output()}`);
    });
    expect(forged.output()).not.toMatch(/\} 200 OK/);
    expect(borrowed.output()).not.toMatch(/\} 200 OK/);
  });

  it('a call to a user who is not registered is answered 480', async () => {
    const caller = await t.phone('6287700000007', 440, { dial: '6280000000000' });
    await waitFor(async () => /480 Temporarily Unavailable/.test(caller.output()), 15_000);
  });
});
