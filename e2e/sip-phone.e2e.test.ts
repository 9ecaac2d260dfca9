import { startPhoneSimulator } from '@sapa/simulators';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sipCredentialFor } from '../apps/server/src/platform/telephony/sip-credentials.js';
import { startTestTelephony, type TestTelephony } from '../apps/server/test/servers/telephony.js';
import {
  type BrowserPhone,
  launchWithMicrophone,
  listenToRemote,
  startBrowserPhone,
} from './support/browser-phone.js';

// The web app's SIP phone in Chromium (fake microphone saying 440 Hz) against Sapa's Kamailio and rtpengine,
// calling and called by a scripted phone, and the phone simulator's page (a customer's phone for a person):
// the audio must arrive on both sides as the other side's tone.
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

it('the phone simulator’s page (a customer’s phone) calls a number and both sides hear each other', async () => {
  const sim = await startPhoneSimulator({
    sip: { wsUrl: t.telephony.wsUrl, domain: t.domain, secret: t.secret },
  });
  const customerBrowser = await launchWithMicrophone(t.dir, 'customer', 550);
  try {
    const answering = await t.phone('6288800000008', 880, { autoAnswer: true });
    const page = await customerBrowser.newPage();
    await page.goto(sim.url);
    await page.getByLabel('Your number').fill('6281900000009');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('status').filter({ hasText: 'Connected as 6281900000009' }).waitFor();
    await page.getByLabel('Call').fill(answering.user);
    await page.getByRole('button', { name: 'Call', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'In call' }).waitFor({ timeout: 15_000 });
    const heard = await listenToRemote(page, 1500);
    expect(heard.hz).toBeGreaterThan(820);
    expect(heard.hz).toBeLessThan(940);
    await until(async () => answering.heard().seconds >= 1);
    expect(answering.heard().hz).toBeGreaterThan(510);
    expect(answering.heard().hz).toBeLessThan(590);
    await page.getByRole('button', { name: 'Hang up' }).click();
    await page.getByRole('status').filter({ hasText: 'Call ended' }).waitFor();
  } finally {
    await customerBrowser.close();
    await sim.close();
  }
});
