import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEMO_PASSWORD } from './journey.js';
import { startSapa } from './sapa-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    sapaUrl: string;
    customerPageUrl: string;
    shopPageUrl: string;
    telegramPageUrl: string;
    linePageUrl: string;
    messengerPageUrl: string;
    instagramPageUrl: string;
    viberPageUrl: string;
    webmailPageUrl: string;
    shopifyAdminUrl: string;
    shopeePageUrl: string;
  }
}

/**
 * The demo business has automatic assignment on (issue 16); the journeys on the shared server assign and
 * take chats by hand, so the owner turns it off there through the same API the settings page uses. The
 * fresh-start journey (`new-user.e2e.test.ts`) runs its own Sapa with the demo as shipped.
 */
async function turnOffAutoAssign(url: string) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.sapa.id', password: DEMO_PASSWORD }),
  });
  const { tokens } = (await login.json()) as { tokens: { accessToken: string } };
  const headers = { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' };
  const config = await (await fetch(`${url}/api/cs/configuration`, { headers })).json();
  const put = await fetch(`${url}/api/cs/configuration`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...config, isAutoAssignFeature: false }),
  });
  if (!put.ok) throw new Error(`could not turn automatic assignment off: ${put.status} ${await put.text()}`);
}

/**
 * When the journeys run in shards side by side (scripts/test-all.sh sets SAPA_E2E_BARRIER to a folder and
 * SAPA_E2E_SHARDS to their number), each shard's set-up says its server is up and waits until every shard's
 * is: the heavy start-ups overlap one another instead of a shard's first journeys.
 */
async function waitForEveryShard() {
  const dir = process.env.SAPA_E2E_BARRIER;
  const shards = Number(process.env.SAPA_E2E_SHARDS ?? '1');
  if (!dir || shards < 2) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${process.pid}.ready`), '');
  const until = Date.now() + 300_000;
  while (readdirSync(dir).filter((f) => f.endsWith('.ready')).length < shards) {
    if (Date.now() > until || existsSync(join(dir, 'failed'))) throw new Error('another shard did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** One Sapa for the browser journeys, started like `npm start` does, in a fresh data folder. */
export default async function setup(project: TestProject) {
  const sapa = await startSapa(
    {},
    { database: process.env.SAPA_E2E_DB === 'postgres' ? 'postgres' : 'pglite' },
  );
  try {
    await turnOffAutoAssign(sapa.url);
    const pages = {
      customerPageUrl: [sapa.customerPageUrl, 'the demo WhatsApp simulator did not start'],
      shopPageUrl: [sapa.shopPageUrl, 'the demo live chat was not set up'],
      telegramPageUrl: [sapa.telegramPageUrl, 'the demo Telegram simulator did not start'],
      linePageUrl: [sapa.linePageUrl, 'the demo LINE simulator did not start'],
      messengerPageUrl: [sapa.messengerPageUrl, 'the demo Meta simulator did not start'],
      instagramPageUrl: [sapa.instagramPageUrl, 'the demo Meta simulator did not start'],
      viberPageUrl: [sapa.viberPageUrl, 'the demo Viber simulator did not start'],
      webmailPageUrl: [sapa.webmailPageUrl, 'the demo webmail simulator did not start'],
      shopifyAdminUrl: [sapa.shopifyAdminUrl, 'the demo Shopify simulator did not start'],
      shopeePageUrl: [sapa.shopeePageUrl, 'the demo Shopee simulator did not start'],
    } as const;
    project.provide('sapaUrl', sapa.url);
    for (const [key, [url, failure]] of Object.entries(pages)) {
      if (!url) throw new Error(`${failure}:\n${sapa.output()}`);
      project.provide(key as keyof typeof pages, url);
    }
    await waitForEveryShard();
  } catch (error) {
    if (process.env.SAPA_E2E_BARRIER) writeFileSync(join(process.env.SAPA_E2E_BARRIER, 'failed'), '');
    // Stop the server before failing, so the run ends with the error instead of hanging on a live child.
    await sapa.stop();
    throw error;
  }
  return async () => {
    await sapa.stop();
  };
}
