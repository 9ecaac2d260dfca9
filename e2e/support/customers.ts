import type { Page } from 'playwright-core';

/**
 * Customers write to the demo business's WhatsApp number through the simulator's customer API (the
 * simulator signs each webhook like Meta and delivers it to the running Sapa): one open chat each.
 */
export async function customersWrite(
  customerPageUrl: string,
  customers: readonly { waId: string; name: string; text: string }[],
): Promise<void> {
  const sim = new URL(customerPageUrl).origin;
  const numbers = (await (await fetch(`${sim}/customer/numbers`)).json()) as { phoneNumberId: string }[];
  const phoneNumberId = numbers[0]?.phoneNumberId;
  if (!phoneNumberId) throw new Error('the simulator has no business number');
  for (const customer of customers) {
    const res = await fetch(`${sim}/customer/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumberId, ...customer }),
    });
    if (!res.ok) throw new Error(`customer ${customer.name}: HTTP ${res.status} ${await res.text()}`);
  }
}

/** Calls Sapa's API with the signed-in page's session (no test-only endpoint): the status and the JSON answer. */
export async function pageCall<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const { status, text } = await page.evaluate(
    async ({ method, path, body }) => {
      const session = JSON.parse(localStorage.getItem('sapa.session') ?? '{}') as { accessToken?: string };
      const res = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${session.accessToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, text: await res.text() };
    },
    { method, path, body },
  );
  return { status, json: (text ? JSON.parse(text) : undefined) as T };
}

/** `pageCall` that throws on an error answer and returns the JSON of a successful one. */
export async function pageApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await pageCall<T>(page, method, path, body);
  if (res.status < 200 || res.status > 299)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json;
}

export type InboxTicket = { id: string; contact: { name: string } };

/** The open (unassigned) chats whose contact matches `search`. */
export async function openTicketsMatching(page: Page, search: string): Promise<InboxTicket[]> {
  const path = `/api/inbox/tickets?tab=unassigned&search=${encodeURIComponent(search)}&limit=50`;
  return (await pageApi<{ items: InboxTicket[] }>(page, 'GET', path)).items;
}
