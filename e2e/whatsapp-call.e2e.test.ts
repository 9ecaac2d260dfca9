import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { launchWithMicrophone, listenToRemote } from './support/browser-phone.js';
import { signIn } from './support/journey.js';

// A WhatsApp call from the simulator's customer page (fake microphone: 880 Hz) answered by a CS supervisor (admin, SPV2: CS-SPV) from the
// app-wide banner (fake microphone: 440 Hz): the browsers' WebRTC peers exchange SDP through Meta's `calls`
// webhook and `accept` action, and each side must hear the other's tone (WebAudio); hold silences the agent.
const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
const dir = mkdtempSync(join(tmpdir(), 'sapa-wa-call-'));
let agentBrowser: Browser;
let customerBrowser: Browser;
let agent: Page;
let customer: Page;

/** The agent page keeps the caller's audio where the test can measure it (the app does not expose it). */
const CAPTURE_REMOTE = () => {
  const Native = window.RTCPeerConnection;
  let remote: MediaStream | null = null;
  (window as unknown as { remoteStream(): MediaStream | null }).remoteStream = () => remote;
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config);
      this.addEventListener('track', (e) => {
        remote = e.streams[0] ?? new MediaStream([e.track]);
      });
    }
  };
};

beforeAll(async () => {
  [agentBrowser, customerBrowser] = await Promise.all([
    launchWithMicrophone(dir, 'agent', 440),
    launchWithMicrophone(dir, 'customer', 880),
  ]);
  agent = await (await newContext(agentBrowser, { width: 1440 })).newPage();
  await agent.addInitScript(CAPTURE_REMOTE);
  customer = await (await newContext(customerBrowser, { locale: 'en-US' })).newPage();
});
afterEach(async (test) => {
  if (test.task.result?.state !== 'fail') return;
  await screenshot(agent, 'whatsapp-call-failed-agent').catch(() => undefined);
  await screenshot(customer, 'whatsapp-call-failed-customer').catch(() => undefined);
});
afterAll(async () => {
  await agentBrowser?.close();
  await customerBrowser?.close();
});

describe('a WhatsApp call from the customer page', () => {
  it('rings the agent, is answered with audio both ways, held, resumed and ended', async () => {
    await signIn(agent, url, 'admin@demo.sapa.id');
    await agent.goto(`${url}/dashboard`);

    await customer.goto(customerPageUrl);
    await customer.getByLabel('Business number').locator('option').first().waitFor({ state: 'attached' });
    await customer.getByLabel('Your phone number').fill('6281377001122');
    await customer.getByLabel('Your name').fill('Wulan Penelepon');
    await customer.getByRole('button', { name: '📞 Call business' }).click();
    await customer.getByRole('status', { name: 'Call status' }).filter({ hasText: 'Ringing…' }).waitFor();

    const banner = agent.getByRole('alertdialog', { name: 'Panggilan masuk' });
    await banner.getByText('Wulan Penelepon').waitFor();
    await banner.getByRole('button', { name: 'Jawab' }).click();

    const bar = agent.getByRole('region', { name: 'Panggilan berlangsung' });
    await bar.getByText('Terhubung').waitFor();
    await customer.getByRole('status', { name: 'Call status' }).filter({ hasText: 'Connected' }).waitFor();

    const heardByAgent = await listenToRemote(agent, 1500);
    expect(heardByAgent.loud).toBeGreaterThan(0.5);
    expect(heardByAgent.hz).toBeGreaterThan(820);
    expect(heardByAgent.hz).toBeLessThan(940);
    const heardByCustomer = await listenToRemote(customer, 1500);
    expect(heardByCustomer.loud).toBeGreaterThan(0.5);
    expect(heardByCustomer.hz).toBeGreaterThan(400);
    expect(heardByCustomer.hz).toBeLessThan(480);

    // Hold: the agent's microphone stops reaching the customer; resume brings it back.
    await bar.getByRole('button', { name: 'Tahan' }).click();
    await bar.getByRole('button', { name: 'Lanjutkan' }).waitFor();
    await bar.getByText('Ditahan').waitFor();
    // The bar says "held" as soon as the server has it; the audio already on its way (jitter buffer) may still
    // play for a moment, so the customer's side is listened to until a whole window is silent.
    await expect.poll(async () => (await listenToRemote(customer, 1000)).loud).toBe(0);
    await bar.getByRole('button', { name: 'Lanjutkan' }).click();
    await bar.getByRole('button', { name: 'Tahan' }).waitFor();
    await bar.getByText('Terhubung').waitFor();
    await expect.poll(async () => (await listenToRemote(customer, 1500)).loud).toBeGreaterThan(0.5);

    await bar.getByRole('button', { name: 'Akhiri panggilan' }).click();
    await bar.waitFor({ state: 'detached' });
    await customer.getByRole('status', { name: 'Call status' }).filter({ hasText: 'Call ended' }).waitFor();
  });

  it('tells a CS agent whose browser did not grant the microphone (MIC_NOT_GRANTED), and keeps the message', async () => {
    // A browser without the fake media UI: the microphone request is refused without a decision (state 'prompt').
    const browser = await launchBrowser();
    try {
      const page = await (await newContext(browser, { width: 390 })).newPage();
      await signIn(page, url, 'admin@demo.sapa.id');
      await page.goto(`${url}/dashboard`);
      await customer.getByRole('button', { name: '📞 Call business' }).click();
      const banner = page.getByRole('alertdialog', { name: 'Panggilan masuk' });
      await banner.getByRole('button', { name: 'Jawab' }).click();
      await page.getByText('Izin mikrofon belum diberikan', { exact: false }).waitFor();
      await banner.waitFor();
      await customer.getByRole('button', { name: 'Hang up' }).click();
      await banner.waitFor({ state: 'detached' });
      await page.getByText('Izin mikrofon belum diberikan', { exact: false }).waitFor();
    } finally {
      await browser.close();
    }
  });
});
