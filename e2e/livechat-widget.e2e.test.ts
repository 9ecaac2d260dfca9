import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const shopPageUrl = inject('shopPageUrl');
let browser: Browser;
let agent: Page;
let visitor: Page;

// A tiny valid PNG (1×1), attached by the visitor.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  // The server serves the widget from apps/widget/dist (test-all.sh builds it; this keeps the file runnable alone).
  const build = spawnSync(
    process.execPath,
    [resolve(import.meta.dirname, '../apps/widget/build-if-stale.mjs')],
    {
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('widget build failed');
  browser = await launchBrowser();
  agent = await (await newContext(browser)).newPage();
  visitor = await (await newContext(browser, { width: 1280 })).newPage();
});
afterAll(() => browser.close());

describe('live chat widget on the demo shop', () => {
  it('a visitor fills the pre-chat form and writes; the agent sees it without reload and replies; the reply survives a reload; pictures go both ways', async () => {
    await signIn(agent, url, 'owner@demo.sapa.id');
    await agent.goto(`${url}/customer-service/inbox`);
    await agent.getByRole('tab', { name: 'Belum ditugaskan', exact: true }).waitFor();

    // The demo shop page (lang="id") with the snippet: the launcher opens the pre-chat form.
    await visitor.goto(shopPageUrl);
    await visitor.getByRole('button', { name: 'Buka chat' }).click();
    const panel = visitor.getByRole('dialog', { name: 'Chat langsung' });
    // An agent is connected: the widget is online.
    await panel.getByRole('heading', { name: 'Halo! Ada yang bisa dibantu?' }).waitFor();
    await panel.getByRole('button', { name: 'Mulai chat' }).click();
    await panel.getByText('Setujui pernyataan persetujuan untuk mulai chat').waitFor();
    await panel.getByLabel('Nama').fill('Dewi Pengunjung');
    await panel.getByLabel('Email').fill('dewi@example.com');
    await panel.getByLabel('Nomor pesanan').fill('INV-1001');
    await panel.getByRole('checkbox').check();
    await screenshot(visitor, 'livechat-widget-prechat-id');
    await panel.getByRole('button', { name: 'Mulai chat' }).click();

    const composer = panel.getByRole('textbox', { name: 'Tulis pesan…' });
    await composer.fill('Halo, kaos katun ada ukuran L?');
    await composer.press('Enter');
    await panel.getByRole('log').getByText('Halo, kaos katun ada ukuran L?', { exact: true }).waitFor();

    // The agent's inbox shows the live-chat visitor without a reload.
    const row = agent.getByRole('button', { name: /^Dewi Pengunjung/ });
    await row.waitFor();
    await row.click();
    const history = agent.getByRole('log', { name: 'Riwayat chat' });
    await history.getByText('Halo, kaos katun ada ukuran L?').waitFor();

    // The agent replies; the widget shows it and reports it read (the chat is open and visible).
    await agent.getByRole('textbox', { name: 'Tulis pesan' }).fill('Ada, Kak. Mau warna apa?');
    await agent.getByRole('button', { name: 'Kirim', exact: true }).click();
    await panel.getByRole('log').getByText('Ada, Kak. Mau warna apa?', { exact: true }).waitFor();
    const reply = history.getByTestId('chat-message').filter({ hasText: 'Ada, Kak.' });
    await reply.getByRole('img', { name: 'Dibaca' }).waitFor();

    // A reload keeps the session and the conversation.
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Buka chat' }).click();
    await panel.getByRole('log').getByText('Ada, Kak. Mau warna apa?', { exact: true }).waitFor();
    await panel.getByRole('log').getByText('Halo, kaos katun ada ukuran L?', { exact: true }).waitFor();

    // The visitor sends an image; the agent sees the picture.
    await panel
      .locator('input[type=file]')
      .setInputFiles({ name: 'foto kaos.png', mimeType: 'image/png', buffer: PNG });
    await panel.getByRole('button', { name: 'Kirim' }).click();
    await panel.locator('img[data-media]').waitFor();
    const picture = history.locator('img[src^="blob:"]').first();
    await picture.waitFor();
    await agent.waitForFunction(
      (img) => (img as HTMLImageElement).naturalWidth > 0,
      await picture.elementHandle(),
    );
    expect(await history.getByTestId('chat-message').count()).toBeGreaterThanOrEqual(3);

    // The agent sends a picture with a caption from the composer; the widget shows it.
    await agent.getByLabel('Pilih file untuk dilampirkan').setInputFiles({
      name: 'katalog.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await agent.getByRole('list', { name: 'File yang akan dikirim' }).waitFor();
    await agent.getByRole('textbox', { name: 'Tulis pesan' }).fill('Ini katalognya, Kak');
    await agent.getByRole('button', { name: 'Kirim', exact: true }).click();
    const received = panel.locator('.msg.agent').filter({ hasText: 'Ini katalognya, Kak' });
    await received.waitFor();
    await visitor.waitForFunction(
      (img) => (img as HTMLImageElement).naturalWidth > 0,
      await received.locator('img[src^="blob:"]').elementHandle(),
    );
    // Seen in the open widget: the agent's ticks turn read.
    await history
      .getByTestId('chat-message')
      .filter({ hasText: 'Ini katalognya, Kak' })
      .getByRole('img', { name: 'Dibaca' })
      .waitFor();
    await screenshot(visitor, 'livechat-widget-chat-id');
    await screenshot(agent, 'inbox-livechat-chat-id');
  });
});

describe('live chat widget on a phone, in English', () => {
  it('fills the screen at 390 px and speaks the page language', async () => {
    const phone = await (await newContext(browser, { locale: 'en-US', width: 390 })).newPage();
    await phone.goto(`${shopPageUrl}?lang=en`);
    // Issue 16 §9: the launcher shows a chat icon (the business logo is in the panel's header).
    const launcher = phone.getByRole('button', { name: 'Open chat' });
    // The widget script renders the launcher after the page: wait for it before counting its icons.
    await launcher.waitFor();
    expect(await launcher.locator('svg').count()).toBe(1);
    await launcher.click();
    const panel = phone.getByRole('dialog', { name: 'Live chat' });
    await panel.getByRole('button', { name: 'Start chat' }).waitFor();
    await screenshot(phone, 'livechat-widget-prechat-en-390');
    await panel.getByLabel('Name').fill('Alex Visitor');
    await panel.getByLabel('Email').fill('alex@example.com');
    await panel.getByLabel('Nomor pesanan').fill('INV-2002');
    await panel.getByRole('checkbox').check();
    await panel.getByRole('button', { name: 'Start chat' }).click();
    const composer = panel.getByRole('textbox', { name: 'Write a message…' });
    await composer.fill('Hello, do you ship to Bandung?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByRole('log').getByText('Hello, do you ship to Bandung?', { exact: true }).waitFor();
    await panel.getByText('Sending…').waitFor({ state: 'detached' });
    await screenshot(phone, 'livechat-widget-chat-en-390');
    await phone.close();
  });
});
