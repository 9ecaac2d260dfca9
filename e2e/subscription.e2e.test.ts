import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { signIn, switchLanguage } from './support/journey.js';
import { type RunningSapa, startSapa } from './support/sapa-server.js';

/**
 * Plans and subscription (001 §2, §4, §6): a free business meets the free-account overlay on Broadcast, its
 * owner buys Starter for 3 months paid by virtual account on the gateway's page and sees it active. Runs its
 * own Sapa with the demo business on the free plan (`SAPA_DEMO_PLAN`); the shared one is on Pro.
 */
let sapa: RunningSapa;
let browser: Browser;

beforeAll(async () => {
  sapa = await startSapa({ SAPA_DEMO_PLAN: 'FREE' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await sapa?.stop();
});

async function pageFor(): Promise<Page> {
  return (await newContext(browser)).newPage();
}

/** Switches the signed-in app to English with the header's language switch, then goes to a phone's width. */
async function toEnglish(page: Page) {
  await switchLanguage(page, 'en');
  await page.setViewportSize({ width: 390, height: 860 });
}

describe('subscription (001 §2 plan and pricing, §6 free accounts)', () => {
  it('customer service on a free account is told to contact the owner', async () => {
    const page = await pageFor();
    await signIn(page, sapa.url, 'agent1@demo.sapa.id');
    await toEnglish(page);
    await page.goto(`${sapa.url}/customer-service/chat-history`);
    const overlay = page.getByTestId('free-account-overlay');
    await overlay.getByText('Not available on a free account', { exact: true }).waitFor();
    await overlay.getByText('Contact the owner of this business to subscribe or renew.').waitFor();
    await screenshot(page, 'subscription-overlay-cs-en-390');
    await page.context().close();
  });

  it('the owner meets the overlay on Broadcast, buys Starter for 3 months by virtual account and sees it active', async () => {
    const page = await pageFor();
    await signIn(page, sapa.url, 'owner@demo.sapa.id');
    await page.goto(`${sapa.url}/broadcast/whatsapp`);
    const overlay = page.getByTestId('free-account-overlay');
    await overlay.getByText('Tidak tersedia untuk akun gratis', { exact: true }).waitFor();
    await screenshot(page, 'subscription-overlay-owner-id');
    await overlay.getByRole('link', { name: 'Lihat paket dan tingkatkan' }).click();
    await page.waitForURL(/\/setting\/plan-and-pricing$/);

    await page.getByTestId('current-plan').getByText('Gratis', { exact: true }).first().waitFor();
    await page.getByTestId('plan-STARTER').getByRole('button', { name: 'Pilih Starter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Berlangganan Starter' });
    await dialog.getByRole('radio', { name: /BCA Virtual Account/ }).check();
    // 3 × Rp129.000 = Rp387.000, VAT 11% Rp42.570; BCA's fee Rp4.000 + VAT → total Rp434.010.
    const summary = dialog.getByTestId('order-summary');
    await summary.getByText('Rp 42.570').waitFor();
    await summary.getByText('Rp 434.010').waitFor();
    await dialog.getByRole('checkbox', { name: /syarat dan ketentuan/ }).check();
    await screenshot(page, 'subscription-dialog-id');
    const popup = page.context().waitForEvent('page');
    await dialog.getByRole('button', { name: 'Bayar' }).click();
    const gateway = await popup;
    await gateway.getByRole('button', { name: /^Pay Rp434\.010 with BCA$/ }).click();
    // Paid, the gateway's page returns the payer to Sapa's dashboard (the invoice's success_redirect_url).
    await gateway.waitForURL(/\/dashboard$/);
    await gateway.close();

    await page.getByTestId('pending-order').waitFor({ state: 'hidden', timeout: 30_000 });
    const current = page.getByTestId('current-plan');
    await current.getByText('Starter', { exact: true }).waitFor({ timeout: 30_000 });
    await current.getByText('Aktif').waitFor();
    await current.getByText(/sisa 90 hari/).waitFor();
    await screenshot(page, 'subscription-active-id');

    // Starter has no WhatsApp (001 §6): Broadcast now asks for Pro.
    await page.goto(`${sapa.url}/broadcast/whatsapp`);
    await page
      .getByTestId('free-account-overlay')
      .getByText('Memerlukan paket Pro atau Enterprise', { exact: true })
      .waitFor();
    await page.context().close();
  });

  it('the plan page in English on a phone', async () => {
    const page = await pageFor();
    await signIn(page, sapa.url, 'owner@demo.sapa.id');
    await toEnglish(page);
    await page.goto(`${sapa.url}/setting/plan-and-pricing`);
    await page.getByTestId('current-plan').getByText('Active').waitFor();
    await page.getByRole('button', { name: 'Upgrade to Pro' }).waitFor();
    await screenshot(page, 'subscription-plan-en-390');
    await page.context().close();
  });
});
