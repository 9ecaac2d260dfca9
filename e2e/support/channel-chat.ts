import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { signIn } from './journey.js';

/** A small PNG (48×48) agents send with a caption. */
export const CATALOGUE_PNG = readFileSync(resolve(import.meta.dirname, '../fixtures/katalog.png'));

const COMPOSER = 'Tulis pesan';
const SEND = 'Kirim';

/** The owner signed in on the inbox (Indonesian), its Unassigned tab shown. */
export async function ownerOnInbox(agent: Page, url: string): Promise<void> {
  await signIn(agent, url, 'owner@demo.sapa.id');
  await agent.goto(`${url}/customer-service/inbox`);
  await agent.getByRole('tab', { name: 'Belum ditugaskan', exact: true }).waitFor();
}

/**
 * A customer writes from a channel simulator's chat page (English labels): the page's id and name fields are
 * filled by their labels, then the message is sent.
 */
export async function customerWritesOnSimulator(
  customer: Page,
  pageUrl: string,
  fields: Record<string, string>,
  text: string,
): Promise<void> {
  await customer.goto(pageUrl);
  for (const [label, value] of Object.entries(fields)) await customer.getByLabel(label).fill(value);
  await customer.getByLabel('Message').fill(text);
  await customer.getByRole('button', { name: 'Send' }).click();
}

/** The chat whose row name starts with `rowName` arrives without a reload; opened, its history shows `text`. */
export async function agentOpensArrivedChat(agent: Page, rowName: RegExp, text: string): Promise<void> {
  const row = agent.getByRole('button', { name: rowName });
  await row.waitFor();
  await row.click();
  await agent.getByRole('log', { name: 'Riwayat chat' }).getByText(text).waitFor();
}

/** The agent replies with text; the customer's simulator page shows it. */
export async function agentRepliesAndCustomerSees(agent: Page, customer: Page, text: string): Promise<void> {
  await agent.getByRole('textbox', { name: COMPOSER }).fill(text);
  await agent.getByRole('button', { name: SEND, exact: true }).click();
  await customer.getByRole('listitem').filter({ hasText: text }).waitFor();
}

/** Puts the catalogue photo in the composer's tray. */
export async function attachCataloguePhoto(agent: Page): Promise<void> {
  await agent
    .getByLabel('Pilih file untuk dilampirkan')
    .setInputFiles([{ name: 'katalog.png', mimeType: 'image/png', buffer: CATALOGUE_PNG }]);
  await agent.getByRole('list', { name: 'File yang akan dikirim' }).getByRole('listitem').waitFor();
}

/**
 * With the photo in the tray, a caption over the channel's 512 characters (000 §5) is refused whole (the counter
 * says so and Send is disabled); then `caption` goes with the photo.
 */
export async function sendPhotoWithin512Caption(agent: Page, caption: string): Promise<void> {
  const box = agent.getByRole('textbox', { name: COMPOSER });
  await box.fill(`${'Katalog '.repeat(64)}x`);
  await agent.getByText('513 / 512 karakter').waitFor();
  expect(await agent.getByRole('button', { name: SEND, exact: true }).isDisabled()).toBe(true);
  await box.fill(caption);
  await agent.getByRole('button', { name: SEND, exact: true }).click();
}

/** Waits until the customer's page has drawn a photo (its bytes fetched from Sapa's signed link). */
export async function customerSeesAPhoto(customer: Page): Promise<void> {
  await customer.waitForFunction(() =>
    Array.from(document.querySelectorAll('[role=listitem] img')).some(
      (img) => (img as HTMLImageElement).naturalWidth > 0,
    ),
  );
}
