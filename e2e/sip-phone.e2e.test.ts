import { afterAll, beforeAll, expect, it } from 'vitest';
import { sipCredentialFor } from '../apps/server/src/platform/telephony/sip-credentials.js';
import { startTestTelephony, type TestTelephony } from '../apps/server/test/servers/telephony.js';
import { type BrowserPhone, startBrowserPhone } from './support/browser-phone.js';

// The web app's SIP phone in Chromium (fake microphone saying 440 Hz) against Sapa's Kamailio and rtpengine,
// calling and called by a scripted phone: the audio must arrive on both sides as the other side's tone.
let t: TestTelephony;
let browser: BrowserPhone;
const agent = 'cs-agent-1';

beforeAll(async () => {
  t = await startTestTelephony();
  browser = await startBrowserPhone({
    dir: t.dir,
    wsUrl: t.telephony.wsUrl,
    domain: t.domain,
    user: agent,
    credential: sipCredentialFor(t.secret, agent, 600, new Date()),
    toneHz: 440,
  });
  await browser.registered();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function until(check: () => Promise<boolean>, ms = 15_000) {
  await expect.poll(check, { timeout: ms }).toBe(true);
}

it('an agent’s browser calls a phone, and a phone calls the browser: audio both ways (WebRTC ↔ RTP)', async () => {
  const answering = await t.phone('6285500000005', 880, { autoAnswer: true });
  await browser.call(answering.user);
  await until(async () => (await browser.state()) === 'connected');
  const heardByBrowser = await browser.listen(1500);
  expect(heardByBrowser.loud).toBeGreaterThan(0.5);
  expect(heardByBrowser.hz).toBeGreaterThan(820);
  expect(heardByBrowser.hz).toBeLessThan(940);
  await until(async () => answering.heard().seconds >= 1);
  expect(answering.heard().hz).toBeGreaterThan(400);
  expect(answering.heard().hz).toBeLessThan(480);
  await browser.hangUp();
  await until(async () => (await browser.state()) === 'ended');

  const calling = await t.phone('6286600000006', 660, { dial: agent });
  expect(await browser.answerIncoming()).toBe(calling.user);
  await until(async () => (await browser.state()) === 'connected');
  const heardFromPhone = await browser.listen(1500);
  expect(heardFromPhone.hz).toBeGreaterThan(600);
  expect(heardFromPhone.hz).toBeLessThan(720);
  await until(async () => calling.heard().seconds >= 1);
  expect(calling.heard().hz).toBeGreaterThan(400);
  expect(calling.heard().hz).toBeLessThan(480);
});
