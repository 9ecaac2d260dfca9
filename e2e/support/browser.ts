import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll } from 'vitest';

/** Debian's Chromium (test tools cannot download a browser here). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** A fresh browser profile (no stored session), Indonesian by default as a new user's browser would be. */
export async function newContext(
  browser: Browser,
  options: { locale?: string; timezoneId?: string; width?: number } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: options.locale ?? 'id-ID',
    timezoneId: options.timezoneId ?? 'Asia/Jakarta',
    viewport: { width: options.width ?? 1280, height: 860 },
  });
  context.setDefaultTimeout(30_000);
  return context;
}

/**
 * Saves a full-page PNG in e2e/artifacts for a person to look at. `scripts/test-all.sh` (CI) turns them off with
 * SAPA_E2E_SCREENSHOTS=0: nobody looks at them there, and a full-page shot costs a loaded machine a second or more.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SAPA_E2E_SCREENSHOTS === '0') return;
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: resolve(ARTIFACTS, `${name}.png`), fullPage: true });
}

/**
 * One browser and one page for a journey file, closed after the file's tests: `const page = await openPage();`
 * at the top of the file.
 */
export async function openPage(options: Parameters<typeof newContext>[1] = {}): Promise<Page> {
  const browser = await launchBrowser();
  afterAll(() => browser.close());
  return (await newContext(browser, options)).newPage();
}

/** A PNG drawn by the browser itself (a blue disc with a letter), `size`×`size` px. */
export async function drawnPng(page: Page, size: number, letter = 'B'): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ s, letter }) => {
      const canvas = document.createElement('canvas');
      canvas.width = s;
      canvas.height = s;
      const g = canvas.getContext('2d') as CanvasRenderingContext2D;
      g.fillStyle = '#1C7ED6';
      g.beginPath();
      g.arc(s / 2, s / 2, s / 2, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#FFFFFF';
      g.font = `bold ${s / 2}px sans-serif`;
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      g.fillText(letter, s / 2, s / 2);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    },
    { s: size, letter },
  );
  return Buffer.from(base64, 'base64');
}
