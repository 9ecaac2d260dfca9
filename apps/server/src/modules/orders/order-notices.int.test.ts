import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/harness.js';
import {
  agent,
  biz,
  db,
  expiredChat,
  number,
  owner,
  server,
  sim,
  T,
  useTemplateSendsServer,
} from '../../../test/servers/template-sends.js';
import { tickets } from '../conversations/index.js';

/**
 * Issue 19 §3: an order's status change tells the customer in the chat; once the chat's 24-hour window has
 * closed, through the approved template chosen (a follow-up template: the only message WhatsApp then takes).
 */
useTemplateSendsServer();

const call = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
  server.app.inject({ method, url, headers: { ...bearer(agent), 'accept-language': 'en' }, payload });

describe('order status notices (New Order → Prepared → Ready → Done / Cancelled)', () => {
  it('go as a text in the window and as the chosen approved template outside it', async () => {
    const product = await server.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(owner),
      payload: { name: 'Es Kopi', price: 20_000, type: 'non_physical' },
    });
    expect(product.statusCode, product.body).toBe(200);
    const { ticketId, phone } = await expiredChat('Nadia');
    const setLastWrote = (at: Date) =>
      db()
        .update(tickets)
        .set({ lastCustomerMessageAt: at })
        .where(and(eq(tickets.clientId, biz.clientId), eq(tickets.id, ticketId)));
    // Taken while the customer's window is open.
    await setLastWrote(new Date());
    const created = await call('POST', `/api/tickets/${ticketId}/transactions`, {
      clientRequestId: randomUUID(),
      customerName: 'Nadia',
      items: [{ productId: product.json().id, quantity: 1 }],
      delivery: 'pickup',
    });
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json();
    const prepared = await call('POST', `/api/transactions/${order.id}/status`, {
      status: 'prepared',
      notify: true,
      templateId: T.order,
    });
    expect(prepared.json()).toMatchObject({ notified: true, notifiedBy: 'text' });

    // A day later the window has closed: without a template the customer cannot be told …
    await setLastWrote(new Date(Date.now() - 26 * 3_600_000));
    const ready = await call('POST', `/api/transactions/${order.id}/status`, {
      status: 'ready',
      notify: true,
    });
    expect(ready.json()).toMatchObject({ notified: false, notifiedBy: null });
    // … with the approved template it is, with the order's number and status as its variables.
    const done = await call('POST', `/api/transactions/${order.id}/status`, {
      status: 'done',
      notify: true,
      templateId: T.order,
      variables: [order.number, 'Selesai'],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ notified: true, notifiedBy: 'template' });
    const sent = await waitFor(async () =>
      sim.conversation(number.phoneNumberId, phone).find((m) => m.type === 'template'),
    );
    expect(sent.request).toMatchObject({
      type: 'template',
      template: {
        name: 'update_pesanan',
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: order.number },
              { type: 'text', text: 'Selesai' },
            ],
          },
        ],
      },
    });
    expect(
      done
        .json()
        .transaction.timeline.map((e: { status: string; notified: boolean }) => [e.status, e.notified]),
    ).toEqual([
      ['new_order', false],
      ['prepared', true],
      ['ready', false],
      ['done', true],
    ]);
  });
});
