import { randomUUID } from 'node:crypto';
import { type TokenPair, translate } from '@sapa/contracts';
import {
  type PaymentGatewaySimulator,
  startPaymentGatewaySimulator,
  type WhatsappCloudSimulator,
} from '@sapa/simulators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.js';
import { signInFresh } from '../../../test/auth-helpers.js';
import type { makeBusiness } from '../../../test/fixtures.js';
import { type TestServer, waitFor } from '../../../test/harness.js';
import { customerWritesIn, startSimulatedBusiness } from '../../../test/whatsapp-simulator.js';
import { PAYMENT_CALLBACK_PATH } from '../payments/index.js';
import { clients } from '../tenancy/tenancy.schema.js';

/**
 * Orders taken in the chat (000 §2 create-transaction panel; 001 §2 transactions, shipping; §3; §4; §8) on
 * real PostgreSQL, the summary delivered to the WhatsApp simulator's customer.
 */
let server: TestServer;
let sim: WhatsappCloudSimulator;
let gateway: PaymentGatewaySimulator;
const SECRET_KEY = 'xnd_development_orders_secret';
const CALLBACK_TOKEN = 'orders-callback-token-0123456789';
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let agent: TokenPair;
let contactOnly: TokenPair;
let otherOwner: TokenPair;
const number = {
  phoneNumberId: '106540352247919',
  wabaId: '102290129347919',
  displayPhoneNumber: '6281100007919',
  accessToken: 'sim-access-token-orders',
  appSecret: 'sim-app-secret-orders',
};

beforeAll(async () => {
  gateway = await startPaymentGatewaySimulator({
    secretKey: SECRET_KEY,
    callbackToken: CALLBACK_TOKEN,
    callbackUrl: 'http://127.0.0.1:9/unset',
    retry: { attempts: 5, baseDelayMs: 50 },
  });
  let base: string;
  ({ server, sim, biz, owner, contactOnly, otherOwner, base } = await startSimulatedBusiness(
    'Toko Pesanan',
    'Toko Pesanan Lain',
    number,
    {
      PAYMENT_GATEWAY_URL: gateway.url,
      PAYMENT_GATEWAY_SECRET_KEY: SECRET_KEY,
      PAYMENT_GATEWAY_CALLBACK_TOKEN: CALLBACK_TOKEN,
    },
  ));
  gateway.setCallbackUrl(`${base}${PAYMENT_CALLBACK_PATH}`);
  agent = await signInFresh(server.app, biz.agent.email);
}, 180_000);
afterAll(async () => {
  await gateway?.close();
  await sim?.close();
  await server?.close();
});

const api = apiClient(() => server.app);

let customers = 0;
const openChat = (name = 'Rina') =>
  customerWritesIn(
    { server, sim, clientId: biz.clientId, phoneNumberId: number.phoneNumberId },
    { waId: `62813919${String(++customers).padStart(4, '0')}`, name, text: 'Kak, mau pesan kopi' },
  );

async function kopi() {
  const res = await api('POST', '/api/products', owner, {
    name: `Kopi Susu ${randomUUID().slice(0, 6)}`,
    price: 18_000,
    type: 'physical',
    weight: 250,
    weightUnit: 'g',
    variantGroups: [
      {
        name: 'Ukuran',
        required: true,
        options: [
          { name: 'Regular', extraPrice: 0 },
          { name: 'Large', extraPrice: 5_000 },
        ],
      },
      {
        name: 'Topping',
        multiple: true,
        options: [
          { name: 'Boba', extraPrice: 3_000 },
          { name: 'Jelly', extraPrice: 2_000 },
        ],
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  const p = res.json();
  const [size, topping] = p.variantGroups;
  return {
    id: p.id as string,
    large: { [size.id]: [size.options[1].id], [topping.id]: [topping.options[0].id, topping.options[1].id] },
    sizeGroup: size.id as string,
  };
}

const couriers = {
  couriers: [
    { name: 'JNE Reguler', feeType: 'flat', fee: 9_000, estimateTime: '2-3 hari' },
    {
      name: 'Kurir Toko',
      feeType: 'by_price',
      fee: 0,
      thresholds: [
        { maxPrice: 100_000, fee: 10_000 },
        { maxPrice: 50_000, fee: 15_000 },
      ],
    },
  ],
};
const address = {
  province: 'DKI Jakarta',
  city: 'Jakarta Pusat',
  district: 'Menteng',
  postalCode: '10310',
  fullAddress: 'Jl. Sunda No. 5',
  latitude: -6.19,
  longitude: 106.83,
};

describe('shipping settings (001 §3 seller courier)', () => {
  it('are saved by the owner, read by agents taking orders, refused to others', async () => {
    const saved = await api('PUT', '/api/couriers', owner, couriers);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().items.map((c: { name: string }) => c.name)).toEqual(['JNE Reguler', 'Kurir Toko']);
    // Thresholds are kept ascending.
    expect(saved.json().items[1].thresholds.map((t: { maxPrice: number }) => t.maxPrice)).toEqual([
      50_000, 100_000,
    ]);
    expect((await api('GET', '/api/couriers', agent)).json().items).toHaveLength(2);
    expect((await api('PUT', '/api/couriers', agent, couriers)).statusCode).toBe(403);
    expect((await api('GET', '/api/couriers', contactOnly)).statusCode).toBe(403);
    // Another business sees its own (none), and cannot take over an id: a foreign id becomes a new one.
    expect((await api('GET', '/api/couriers', otherOwner)).json().items).toEqual([]);
    const foreignId = saved.json().items[0].id;
    const theirs = await api('PUT', '/api/couriers', otherOwner, {
      couriers: [{ id: foreignId, name: 'Kurir Lain', feeType: 'flat', fee: 1 }],
    });
    expect(theirs.json().items[0].id).not.toBe(foreignId);
    expect((await api('GET', '/api/couriers', owner)).json().items[0]).toMatchObject({
      id: foreignId,
      fee: 9_000,
    });
    // Saving again keeps the business's own ids (orders and the panel name them).
    const again = await api('PUT', '/api/couriers', owner, { couriers: saved.json().items });
    expect(again.json().items.map((c: { id: string }) => c.id)).toEqual(
      saved.json().items.map((c: { id: string }) => c.id),
    );
  });

  it.each([
    [{ name: 'X', feeType: 'by_price', fee: 0 }, 'orders.thresholdsRequired'],
    [{ name: ' ', feeType: 'flat', fee: 0 }, 'validation.fieldRequired'],
    [{ name: 'X', feeType: 'flat', fee: -1 }, 'orders.amountInvalid'],
  ] as const)('refuses bad input with its message %#', async (courier, key) => {
    const res = await api('PUT', '/api/couriers', owner, { couriers: [courier] });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(translate(key, 'en'));
  });
});

describe('create-transaction panel (000 §2)', () => {
  it('quotes, creates and sends the summary to the customer on WhatsApp', async () => {
    const product = await kopi();
    const { items } = (await api('GET', '/api/couriers', owner)).json();
    const jne = items.find((c: { name: string }) => c.name === 'JNE Reguler');
    const { waId, ticketId } = await openChat('Rina');
    const cart = [
      { productId: product.id, quantity: 2, choice: product.large, note: 'less sugar' },
      { productId: product.id, quantity: 1, choice: { [product.sizeGroup]: [] } },
    ];
    // A required group left empty is refused with the rule's message.
    const refused = await api('POST', '/api/transactions/quote', agent, { items: cart, courierId: jne.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Choose an option.');
    const sizeRegular = Object.values(product.large)[0]!;
    const lines = [cart[0], { ...cart[1], choice: { [product.sizeGroup]: [sizeRegular[0]!] } }];
    const quoted = await api('POST', '/api/transactions/quote', agent, { items: lines, courierId: jne.id });
    expect(quoted.statusCode, quoted.body).toBe(200);
    // 2 × (18,000 + 5,000 + 3,000 + 2,000) + 1 × 23,000; 3 × 250 g; JNE flat 9,000.
    expect(quoted.json()).toEqual({ subtotal: 79_000, weightGrams: 750, shippingFee: 9_000, total: 88_000 });

    const body = {
      clientRequestId: randomUUID(),
      customerName: 'Rina',
      items: lines,
      delivery: 'courier',
      courierId: jne.id,
      address,
      note: 'Antar sore',
    };
    const created = await api('POST', `/api/tickets/${ticketId}/transactions`, agent, body);
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json();
    expect(order).toMatchObject({
      status: 'new_order',
      total: 88_000,
      courierName: 'JNE Reguler',
      address: { postalCode: '10310' },
      itemCount: 3,
    });
    expect(order.number).toMatch(/^TRX-\d{6}$/);
    expect(order.items[0].variants.map((v: { optionName: string }) => v.optionName)).toEqual([
      'Large',
      'Boba',
      'Jelly',
    ]);
    // A retried request (same key) is the same order, sent once.
    const again = await api('POST', `/api/tickets/${ticketId}/transactions`, agent, body);
    expect(again.json().id).toBe(order.id);

    const sent = await waitFor(async () => {
      const out = sim.conversation(number.phoneNumberId, waId);
      return out.length > 0 ? out : false;
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`Ringkasan pesanan ${order.number}`);
    expect(sent[0]!.text).toContain('x2 = Rp56.000');
    expect(sent[0]!.text).toContain('Total: Rp88.000');
    expect(sent[0]!.text).toContain('Jl. Sunda No. 5, Menteng, Jakarta Pusat, DKI Jakarta 10310');
  });

  it('refuses a courier order without courier or address, an unknown product, and another business', async () => {
    const product = await kopi();
    const { ticketId } = await openChat('Sari');
    const base = {
      clientRequestId: randomUUID(),
      customerName: 'Sari',
      items: [{ productId: product.id, quantity: 1, choice: product.large }],
    };
    const noCourier = await api('POST', `/api/tickets/${ticketId}/transactions`, agent, {
      ...base,
      delivery: 'courier',
    });
    expect(noCourier.statusCode).toBe(400);
    expect(noCourier.body).toContain('Choose a courier.');
    const unknown = await api('POST', `/api/tickets/${ticketId}/transactions`, agent, {
      ...base,
      delivery: 'pickup',
      items: [{ productId: randomUUID(), quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('A product in the cart is no longer available.');
    // Another business's owner cannot see the chat (404), nor an agent without transactions (403).
    expect(
      (
        await api('POST', `/api/tickets/${ticketId}/transactions`, otherOwner, {
          ...base,
          delivery: 'pickup',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await api('POST', `/api/tickets/${ticketId}/transactions`, contactOnly, {
          ...base,
          delivery: 'pickup',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('transactions page (001 §2, §4)', () => {
  async function pickupOrder(name: string) {
    const product = await kopi();
    const { ticketId, waId } = await openChat(name);
    const res = await api('POST', `/api/tickets/${ticketId}/transactions`, agent, {
      clientRequestId: randomUUID(),
      customerName: name,
      items: [{ productId: product.id, quantity: 1, choice: product.large }],
      delivery: 'pickup',
    });
    expect(res.statusCode, res.body).toBe(200);
    return { order: res.json(), waId };
  }

  it('lists by tab, searches by number or customer, filters service type, pages by keyset', async () => {
    const a = (await pickupOrder('Dewi Lestari')).order;
    const b = (await pickupOrder('Dewi Anggraini')).order;
    const tab = await api('GET', '/api/transactions?status=new_order&search=dewi&limit=1', owner);
    expect(tab.statusCode, tab.body).toBe(200);
    expect(tab.json().items.map((t: { id: string }) => t.id)).toEqual([b.id]);
    const next = await api(
      'GET',
      `/api/transactions?status=new_order&search=dewi&limit=1&cursor=${tab.json().nextCursor}`,
      owner,
    );
    expect(next.json().items.map((t: { id: string }) => t.id)).toEqual([a.id]);
    const byNumber = await api('GET', `/api/transactions?search=${a.number}`, owner);
    expect(byNumber.json().items.map((t: { id: string }) => t.id)).toEqual([a.id]);
    expect((await api('GET', '/api/transactions?delivery=courier&search=dewi', owner)).json().items).toEqual(
      [],
    );
    expect((await api('GET', '/api/transactions?cursor=bogus', owner)).statusCode).toBe(400);
    // Tenant isolation: another business lists nothing and reads nothing.
    expect((await api('GET', '/api/transactions?search=dewi', otherOwner)).json().items).toEqual([]);
    expect((await api('GET', `/api/transactions/${a.id}`, otherOwner)).statusCode).toBe(404);
    expect((await api('GET', '/api/transactions', contactOnly)).statusCode).toBe(403);
    // The contact's history.
    const detail = (await api('GET', `/api/transactions/${a.id}`, owner)).json();
    const history = await api('GET', `/api/transactions?contactId=${detail.contactId}`, owner);
    expect(history.json().items.map((t: { id: string }) => t.id)).toEqual([a.id]);
  });

  it('moves New Order → Prepared → Ready → Done, telling the customer when asked', async () => {
    const { order, waId } = await pickupOrder('Wati');
    const step = (status: string, notify = false) =>
      api('POST', `/api/transactions/${order.id}/status`, agent, { status, notify });
    expect((await step('done')).statusCode).toBe(409);
    expect((await step('prepared', true)).json()).toMatchObject({
      notified: true,
      transaction: { status: 'prepared' },
    });
    expect((await step('ready')).statusCode).toBe(200);
    const done = await step('done', true);
    expect(done.json().transaction.timeline.map((e: { status: string }) => e.status)).toEqual([
      'new_order',
      'prepared',
      'ready',
      'done',
    ]);
    expect((await step('cancelled')).statusCode).toBe(409);
    const told = await waitFor(async () => {
      const out = sim.conversation(number.phoneNumberId, waId);
      return out.length >= 3 ? out : false;
    });
    expect(told.slice(1).map((m) => m.text)).toEqual([
      `Pesanan ${order.number} sedang kami siapkan`,
      `Pesanan ${order.number} sudah selesai. Terima kasih!`,
    ]);
    expect(
      (await api('POST', `/api/transactions/${order.id}/status`, otherOwner, { status: 'cancelled' }))
        .statusCode,
    ).toBe(404);
    const summary = await api('GET', '/api/transactions/summary', owner);
    expect(summary.json().counts.done).toBeGreaterThanOrEqual(1);
    expect(summary.json().revenueDone).toBeGreaterThanOrEqual(order.total);
  });

  it('carries a payment link through the gateway; the signed notification marks the order paid and fills the wallet', async () => {
    const walletBefore = (await api('GET', '/api/wallet', owner)).json().balance as number;
    const product = await kopi();
    const { ticketId, waId } = await openChat('Lina');
    const res = await api('POST', `/api/tickets/${ticketId}/transactions`, agent, {
      clientRequestId: randomUUID(),
      customerName: 'Lina',
      items: [{ productId: product.id, quantity: 1, choice: product.large }],
      delivery: 'pickup',
      paymentMethod: 'BCA',
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order.paymentUrl).toMatch(/^http/);
    expect(order.paid).toBe(false);
    const sent = await waitFor(async () => sim.conversation(number.phoneNumberId, waId)[0] ?? false);
    expect(sent.text).toContain(`Bayar di sini: ${order.paymentUrl}`);
    gateway.pay(order.paymentUrl.split('/').pop());
    await gateway.idle();
    const paid = await waitFor(async () => {
      const detail = (await api('GET', `/api/transactions/${order.id}`, owner)).json();
      return detail.paid ? detail : false;
    });
    expect(paid.paymentUrl).toBeNull();
    // The settled payment credits the order's total (not the payer's fee) to the wallet, once.
    const wallet = (await api('GET', '/api/wallet', owner)).json();
    expect(wallet.balance).toBe(walletBefore + order.total);
    const [row] = (await api('GET', '/api/wallet/mutations', owner)).json().items;
    expect(row).toMatchObject({ kind: 'order_payment', reference: order.number, amount: order.total });
  });

  it('is ID-country only (000 §6)', async () => {
    await server.deps.db.update(clients).set({ countryDefault: 'SG' }).where(eq(clients.id, biz.clientId));
    try {
      const sg = await signInFresh(server.app, biz.owner.email);
      expect((await api('GET', '/api/transactions', sg)).statusCode).toBe(403);
    } finally {
      await server.deps.db.update(clients).set({ countryDefault: 'ID' }).where(eq(clients.id, biz.clientId));
    }
  });
});
