import type { TokenPair } from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { expect } from 'vitest';
import { advancedBroadcasts } from '../../src/modules/advanced-broadcasts/advanced-broadcasts.schema.js';
import { broadcasts } from '../../src/modules/broadcasts/broadcasts.schema.js';
import { callRooms, callSessions } from '../../src/modules/calls/index.js';
import { messages, tickets } from '../../src/modules/conversations/index.js';
import { makePng } from '../../src/modules/demo/demo-livechat.js';
import { invoices } from '../../src/modules/invoices/invoices.schema.js';
import { transactions } from '../../src/modules/orders/orders.schema.js';
import { payments } from '../../src/modules/payments/payments.schema.js';
import { subscriptionOrders } from '../../src/modules/subscriptions/subscriptions.schema.js';
import { insertTemplates } from '../../src/modules/templates/index.js';
import { bankAccounts } from '../../src/modules/wallet/wallet.schema.js';
import { bearer } from '../fixtures.js';
import { type TestServer, waitFor } from '../harness.js';
import { type Business, useTestServer } from '../use-test-server.js';
import { changeValue, connectWhatsapp, delivery, postWebhook } from '../whatsapp.js';

/**
 * The tenant-isolation test's server (`tenant-isolation.int.test.ts`): business A (`bizA`, its owner `ownerA`
 * signed in) and business B with one resource of every kind that a route takes by id, each id kept here.
 */
export let server: TestServer;
export let bizB: Business;
export let ownerA: TokenPair;
export let roleB: { id: string; name: string };
export let accountB: string;
export let ticketB: string;
export let messageB: string;
export let contactB: string;
export let categoryB: string;
export let livechatB: string;
export let logoB: string;
export let contactGroupB: string;
export let contactTagB: string;
export let contactFieldB: string;
export let contactUploadB: string;
export let bulkJobB: string;
export let viewB: string;
export let csGroupB: string;
export let libraryB: Record<'quick-replies' | 'remarks' | 'chat-tags' | 'macros', string>;
export let ticketFieldB: string;
export let ticketFormB: string;
export let templateB: string;
export let broadcastB: string;
export let makerCheckerAccountB: string;
export let advancedBroadcastB: string;
export let paymentB: string;
/** B's product's SKU: its WhatsApp catalogue retailer id (000 §7 `product-catalog/items/by-retailerid`). */
export const PRODUCT_SKU_B = 'SKU-B-1';
export let catalogueB: { product: string; category: string; photo: string };
export let transactionB: string;
export let callSessionB: string;
export let subscriptionOrderB: string;
export let bankAccountB: string;
export let invoiceB: string;

export function useTenantIsolationServer() {
  useTestServer({
    business: 'Bisnis A',
    other: 'Bisnis B',
    setup: async (seeded) => {
      const { otherOwner: ownerB } = seeded;
      ({ server, other: bizB, owner: ownerA } = seeded);
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/feature-access',
        headers: bearer(ownerB),
        payload: { name: 'Rahasia B', menus: ['dashboard', 'inbox'] },
      });
      expect(res.statusCode).toBe(200);
      roleB = res.json();
      // A's own role with the same name must not make B's visible.
      const own = await server.app.inject({
        method: 'POST',
        url: '/api/feature-access',
        headers: bearer(ownerA),
        payload: { name: 'Milik A', menus: ['dashboard'] },
      });
      expect(own.statusCode).toBe(200);
      // B's WhatsApp number, a customer's ticket and message.
      accountB = (await connectWhatsapp(server.app, ownerB, 'http://127.0.0.1:9/v25.0')).id;
      const hook = await postWebhook(
        server.app,
        accountB,
        delivery([changeValue({ messages: [{ from: '6289900001', text: 'rahasia B' }] })]),
      );
      expect(hook.statusCode).toBe(200);
      const row = await waitFor(async () => {
        const [m] = await server.deps.db.select().from(messages).where(eq(messages.clientId, bizB.clientId));
        return m ?? false;
      });
      ticketB = row.ticketId;
      messageB = row.id;
      const [ticketRowB] = await server.deps.db.select().from(tickets).where(eq(tickets.id, ticketB));
      contactB = ticketRowB!.contactId;
      const category = await server.app.inject({
        method: 'POST',
        url: '/api/ticket-categories',
        headers: bearer(ownerB),
        payload: { name: 'Kategori B' },
      });
      categoryB = category.json().id;
      // B's live-chat widget and its logo.
      const logo = await server.app.inject({
        method: 'POST',
        url: '/api/livechat/logo',
        headers: { ...bearer(ownerB), 'content-type': 'image/png' },
        payload: makePng(32, [1, 2, 3]),
      });
      logoB = logo.json().uploadId;
      const livechat = await server.app.inject({
        method: 'POST',
        url: '/api/livechat/accounts',
        headers: bearer(ownerB),
        payload: { ...livechatBody(), logoUploadId: logoB },
      });
      expect(livechat.statusCode, livechat.body).toBe(200);
      livechatB = livechat.json().id;
      // B's contact group, contact tag and custom field (001 §3).
      const crm = async (url: string, payload: Record<string, unknown>) => {
        const res = await server.app.inject({ method: 'POST', url, headers: bearer(ownerB), payload });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().id as string;
      };
      contactGroupB = await crm('/api/contact-groups', { name: 'Grup B', description: 'B' });
      contactTagB = await crm('/api/contact-tags', { name: 'Tag B' });
      viewB = await crm('/api/views', { name: 'View B', filters: { channels: ['WAP'] } });
      // B's agent group with B's agent in it (000 §2 group management).
      csGroupB = await crm('/api/cs/groups', { name: 'Grup B' });
      await crm(`/api/cs/groups/${csGroupB}/members`, { userIds: [bizB.userIds[bizB.agent.email]!] });
      contactFieldB = await crm('/api/contact-fields', {
        title: 'Kolom B',
        type: 'text',
        validation: 'optional',
      });
      const uploadB = await server.app.inject({
        method: 'POST',
        url: '/api/contact-uploads?name=b.csv',
        headers: { ...bearer(ownerB), 'content-type': 'text/csv' },
        payload:
          'Nama,Nomor WhatsApp,Email,Grup,Tanggal Lahir (YYYY-MM-DD),Pendidikan Terakhir\nB,6281299990001,,,,\n',
      });
      expect(uploadB.statusCode, uploadB.body).toBe(200);
      contactUploadB = uploadB.json().id;
      // B's bulk job, finished before the snapshot is taken.
      bulkJobB = (
        await server.app.inject({
          method: 'POST',
          url: '/api/bulk-jobs',
          headers: bearer(ownerB),
          payload: { selection: { kind: 'ids', ids: [ticketB] }, action: { remarks: 'massal B' } },
        })
      ).json().jobId;
      await waitFor(async () => {
        const job = await server.app.inject({
          method: 'GET',
          url: `/api/bulk-jobs/${bulkJobB}`,
          headers: bearer(ownerB),
        });
        return job.json().status === 'COMPLETED';
      });
      // B's quick reply, remark, chat tag and macro (001 §3, 000 §2).
      libraryB = {
        'quick-replies': await crm('/api/quick-replies', { title: 'Balasan B', content: 'B' }),
        remarks: await crm('/api/remarks', { title: 'Catatan B', content: 'B' }),
        'chat-tags': await crm('/api/chat-tags', { title: 'Tag B' }),
        macros: await crm('/api/macros', { title: 'Makro B', actions: [{ type: 'priority', priority: 1 }] }),
      };
      // B's ticket field and form (000 §3, §7 ticket-form, fields).
      ticketFieldB = await crm('/api/ticket-fields', { title: 'Field B', type: 'text' });
      ticketFormB = await crm('/api/ticket-forms', {
        title: 'Form B',
        fields: [{ fieldId: ticketFieldB, mandatory: false }],
      });
      // B's WhatsApp template (001 §3).
      templateB = uuidv7();
      await insertTemplates(server.deps.db, [
        {
          clientId: bizB.clientId,
          id: templateB,
          name: 'templat_b',
          language: 'id',
          category: 'UTILITY',
          body: 'B',
        },
      ]);
      // B's broadcast, waiting for its time (001 §3).
      broadcastB = uuidv7();
      await server.deps.db.insert(broadcasts).values({
        clientId: bizB.clientId,
        id: broadcastB,
        campaignCode: 'B01',
        channelAccountId: accountB,
        templateId: templateB,
        templateName: 'templat_b',
        templateLanguage: 'id',
        category: 'UTILITY',
        status: 'scheduled',
        clientRequestId: uuidv7(),
        scheduledAt: new Date(Date.now() + 86_400_000),
      });
      // B's maker/checker account and advanced broadcast (001 §3).
      makerCheckerAccountB = await crm('/api/maker-checker/accounts', {
        email: bizB.agent.email,
        name: 'Akun B',
        mediaType: 'WHATSAPP',
        position: 'MAKER',
      });
      advancedBroadcastB = uuidv7();
      await server.deps.db.insert(advancedBroadcasts).values({
        clientId: bizB.clientId,
        id: advancedBroadcastB,
        name: 'Lanjutan B',
        templateId: templateB,
        channelAccountId: accountB,
        rules: [{ variable: 'name', rule: 'contains', value: 'b' }],
        schedule: {
          frequency: 'once',
          intervalType: null,
          interval: 1,
          days: [],
          date: '2099-01-01',
          time: '09:00',
          endDate: null,
        },
      });
      // B's pending top-up (001 §4 Top-up).
      paymentB = uuidv7();
      await server.deps.db.insert(payments).values({
        id: paymentB,
        clientId: bizB.clientId,
        purpose: 'top_up',
        amount: 100_000,
        fee: 4_440,
        total: 104_440,
        method: 'BCA',
        gateway: 'xendit',
        gatewayId: `inv-${paymentB}`,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      // B's bank account (001 §2 Business settings › Bank account).
      bankAccountB = uuidv7();
      await server.deps.db.insert(bankAccounts).values({
        id: bankAccountB,
        clientId: bizB.clientId,
        bank: 'BCA',
        accountNo: '1234567890',
        accountHolder: 'Pemilik B',
        isPrimary: true,
        inquiryStatus: 'VERIFIED',
      });
      // B's monthly bill, waiting for its usage confirmation (issue 21).
      invoiceB = uuidv7();
      await server.deps.db.insert(invoices).values({
        id: invoiceB,
        clientId: bizB.clientId,
        number: `INV/209901/${invoiceB.slice(-5)}`,
        period: '2099-01',
        status: 'PENDING_CONFIRMATION',
        lines: [],
        net: 90_090,
        vat: 9_910,
        total: 100_000,
        usageDate: '2099-02-03',
        confirmationDueDate: '2099-02-10',
      });
      // B's product category, product and its photo (001 §3).
      const photo = await server.app.inject({
        method: 'POST',
        url: '/api/product-photos',
        headers: { ...bearer(ownerB), 'content-type': 'image/png' },
        payload: makePng(16, [10, 20, 30]),
      });
      expect(photo.statusCode, photo.body).toBe(200);
      const productCategory = await crm('/api/product-categories', { name: 'Kategori B' });
      catalogueB = {
        category: productCategory,
        photo: photo.json().id,
        product: await crm('/api/products', {
          name: 'Produk B',
          price: 1000,
          type: 'non_physical',
          sku: PRODUCT_SKU_B,
          categoryId: productCategory,
          photoIds: [photo.json().id],
        }),
      };
      // B's unpaid subscription order (001 §2 subscription) and its payment.
      const orderPaymentB = uuidv7();
      await server.deps.db.insert(payments).values({
        id: orderPaymentB,
        clientId: bizB.clientId,
        purpose: 'subscription',
        amount: 429_570,
        fee: 4_440,
        total: 434_010,
        method: 'BCA',
        gateway: 'xendit',
        gatewayId: `inv-${orderPaymentB}`,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      subscriptionOrderB = uuidv7();
      await server.deps.db.insert(subscriptionOrders).values({
        clientId: bizB.clientId,
        id: subscriptionOrderB,
        kind: 'start',
        package: 'STARTER',
        months: 3,
        net: 387_000,
        vat: 42_570,
        total: 429_570,
        endsAt: new Date(Date.now() + 90 * 86_400_000),
        paymentId: orderPaymentB,
        termsAcceptedAt: new Date(),
      });
      // B's ringing WhatsApp call in its customer's chat (000 §3 call room and session).
      const callRoomB = uuidv7();
      await server.deps.db.insert(callRooms).values({
        clientId: bizB.clientId,
        id: callRoomB,
        ticketId: ticketB,
        channelAccountId: accountB,
        roomType: 'WAC',
        code: 'QUE',
      });
      callSessionB = uuidv7();
      await server.deps.db.insert(callSessions).values({
        clientId: bizB.clientId,
        id: callSessionB,
        roomId: callRoomB,
        channelAccountId: accountB,
        remoteId: `wacid.B${callSessionB}`,
        callerId: '6281200009999',
        direction: 'inbound',
        status: 'RIN',
        sdpOffer: 'v=0',
      });
      // B's order (001 §2 Transactions).
      transactionB = uuidv7();
      await server.deps.db.insert(transactions).values({
        clientId: bizB.clientId,
        id: transactionB,
        seq: 1,
        number: 'TRX-000001',
        customerName: 'Pelanggan B',
        delivery: 'pickup',
        subtotal: 1000,
        shippingFee: 0,
        total: 1000,
        weightGrams: 0,
        itemCount: 1,
      });
    },
  });
}

export const livechatBody = () => ({
  name: 'Widget',
  domain: 'https://b.example.com',
  colour: '#112233',
  logoUploadId: '0190f4c8-0000-7000-8000-00000000000d',
  personaName: 'B',
  onlineTitle: 'On',
  onlineMessage: 'On',
  offlineTitle: 'Off',
  offlineMessage: 'Off',
  preChatForm: { fields: [], consentText: 'ok' },
});
