import { eq } from 'drizzle-orm';
import { featureAccessRoles } from '../../src/modules/access-roles/access-roles.schema.js';
import { callSessions } from '../../src/modules/calls/index.js';
import { productCategories, products } from '../../src/modules/catalogue/catalogue.schema.js';
import { channelAccounts } from '../../src/modules/channels/channels.schema.js';
import { messages, tickets } from '../../src/modules/conversations/index.js';
import { memberships, users } from '../../src/modules/identity/identity.schema.js';
import { invoices } from '../../src/modules/invoices/invoices.schema.js';
import { transactions } from '../../src/modules/orders/orders.schema.js';
import { bankAccounts, withdrawals } from '../../src/modules/wallet/wallet.schema.js';
import {
  accountB,
  advancedBroadcastB,
  bankAccountB,
  bizB,
  broadcastB,
  bulkJobB,
  callSessionB,
  catalogueB,
  categoryB,
  contactB,
  contactFieldB,
  contactGroupB,
  contactTagB,
  contactUploadB,
  csGroupB,
  invoiceB,
  libraryB,
  livechatB,
  livechatBody,
  logoB,
  makerCheckerAccountB,
  messageB,
  PRODUCT_SKU_B,
  paymentB,
  roleB,
  server,
  subscriptionOrderB,
  templateB,
  ticketB,
  ticketFieldB,
  ticketFormB,
  transactionB,
  viewB,
} from './tenant-isolation.js';

/**
 * Business B's side of the tenant-isolation test (`test/tenant-isolation.int.test.ts`): the id of B's resource for every
 * route that takes one, and the snapshot of B's rows that no request of business A may change.
 */

/**
 * For every route that takes a `:param`: a real id of business B, and a body that passes validation (so the
 * request reaches the service). A new route with a param must be added here, or the test fails.
 */
export const businessBIds: Record<
  string,
  { param: string; id: () => string; body?: Record<string, unknown>; more?: Record<string, () => string> }
> = {
  '/api/whatsapp-templates/:id': {
    param: 'id',
    id: () => templateB,
    body: {
      channelAccountId: '0190f4c8-0000-7000-8000-000000000011',
      name: 'templat_b',
      language: 'id',
      category: 'UTILITY',
      body: 'Diretas',
    },
  },
  '/api/admin/users/:id': {
    param: 'id',
    id: () => bizB.userIds[bizB.agent.email]!,
    body: { name: 'Diretas', role: 'ADC', csPosition: 'SPV1', password: 'Diretas123' },
  },
  '/api/feature-access/:id': {
    param: 'id',
    id: () => roleB.id,
    body: { name: 'Diretas', allMenu: true },
  },
  '/api/channel-accounts/:id': { param: 'id', id: () => accountB },
  '/api/calls/sessions/:id/answer': {
    param: 'id',
    id: () => callSessionB,
    body: { answer: { type: 'answer', sdp: 'v=0' } },
  },
  '/api/calls/sessions/:id/reject': { param: 'id', id: () => callSessionB },
  '/api/calls/sessions/:id/terminate': { param: 'id', id: () => callSessionB },
  '/api/calls/sessions/:id/hold': { param: 'id', id: () => callSessionB, body: { hold: true } },
  '/api/calls/phone/sessions/:id/outcome': {
    param: 'id',
    id: () => callSessionB,
    body: { outcome: 'ended' },
  },
  '/api/channel-accounts/:id/refresh': { param: 'id', id: () => accountB },
  '/api/chatbot/:channelAccountId': {
    param: 'channelAccountId',
    id: () => accountB,
    body: {
      enabled: false,
      flow: { startId: 'a', nodes: [{ id: 'a', kind: 'answer', text: 'Diretas' }] },
    },
  },
  '/api/channel-accounts/email/:id': {
    param: 'id',
    id: () => accountB,
    body: { displayName: 'Diretas', header: '', footer: '' },
  },
  '/api/tickets/:id': { param: 'id', id: () => ticketB },
  '/api/tickets/:id/messages': {
    param: 'id',
    id: () => ticketB,
    body: { text: 'diretas', clientMessageId: '0190f4c8-0000-7000-8000-00000000000b' },
  },
  '/api/tickets/:id/messages/:messageId/retry': {
    param: 'id',
    id: () => ticketB,
    more: { messageId: () => messageB },
  },
  '/api/tickets/:id/read': { param: 'id', id: () => ticketB },
  '/api/tickets/:id/uploads': { param: 'id', id: () => ticketB },
  '/api/tickets/:id/follow-up': {
    param: 'id',
    id: () => ticketB,
    body: {
      templateId: '0190f4c8-0000-7000-8000-00000000000e',
      clientMessageId: '0190f4c8-0000-7000-8000-00000000000f',
    },
  },
  '/api/tickets/:id/assign': {
    param: 'id',
    id: () => ticketB,
    body: { assigneeId: '0190f4c8-0000-7000-8000-00000000000c' },
  },
  '/api/media/:clientId/:key': { param: 'clientId', id: () => bizB.clientId, more: { key: () => messageB } },
  // LINE's signed media links: a bearer token opens nothing; without the link's signature it names no file.
  '/channel-media/:clientId/:name': {
    param: 'clientId',
    id: () => bizB.clientId,
    more: { name: () => messageB },
  },
  '/api/tickets/:id/resolve': { param: 'id', id: () => ticketB, body: { note: 'diretas' } },
  '/api/ticket-categories/:id': { param: 'id', id: () => categoryB, body: { name: 'Diretas' } },
  '/api/contacts/:id': { param: 'id', id: () => contactB, body: { name: 'Diretas' } },
  '/api/contacts/:id/profile': { param: 'id', id: () => contactB, body: { name: 'Diretas' } },
  '/api/contacts/:id/chats': { param: 'id', id: () => contactB },
  '/api/contacts/:id/broadcasts': { param: 'id', id: () => contactB },
  '/api/contact-groups/:id': {
    param: 'id',
    id: () => contactGroupB,
    body: { name: 'Diretas', description: 'Diretas' },
  },
  '/api/contact-groups/:id/contacts': {
    param: 'id',
    id: () => contactGroupB,
    body: { contactIds: ['0190f4c8-0000-7000-8000-000000000010'] },
  },
  '/api/contact-groups/:id/contacts/remove': {
    param: 'id',
    id: () => contactGroupB,
    body: { contactIds: ['0190f4c8-0000-7000-8000-000000000010'] },
  },
  '/api/contact-tags/:id': { param: 'id', id: () => contactTagB, body: { name: 'Diretas' } },
  '/api/contact-tags/:id/contacts': {
    param: 'id',
    id: () => contactTagB,
    body: { contactIds: ['0190f4c8-0000-7000-8000-000000000010'] },
  },
  '/api/contact-tags/:id/contacts/remove': {
    param: 'id',
    id: () => contactTagB,
    body: { contactIds: ['0190f4c8-0000-7000-8000-000000000010'] },
  },
  '/api/contact-uploads/:id': { param: 'id', id: () => contactUploadB },
  '/api/contact-uploads/:id/failed-rows': { param: 'id', id: () => contactUploadB },
  '/api/contact-fields/:id': {
    param: 'id',
    id: () => contactFieldB,
    body: { title: 'Diretas', type: 'text', validation: 'optional' },
  },
  '/api/livechat/accounts/:id': { param: 'id', id: () => livechatB, body: livechatBody() },
  '/api/livechat/logo/:uploadId': { param: 'uploadId', id: () => logoB },
  '/api/bulk-jobs/:id': { param: 'id', id: () => bulkJobB },
  '/api/bulk-jobs/:id/failures': { param: 'id', id: () => bulkJobB },
  '/api/cs/agents/:userId': {
    param: 'userId',
    id: () => bizB.userIds[bizB.agent.email]!,
    body: { maxConcurrentChats: 2 },
  },
  '/api/cs/groups/:id': { param: 'id', id: () => csGroupB, body: { name: 'Diretas' } },
  '/api/cs/groups/:id/members': {
    param: 'id',
    id: () => csGroupB,
    body: { userIds: ['0190f4c8-0000-7000-8000-000000000010'] },
  },
  '/api/cs/groups/:id/members/:userId': {
    param: 'id',
    id: () => csGroupB,
    more: { userId: () => bizB.userIds[bizB.agent.email]! },
  },
  '/api/tickets/:id/transfers': { param: 'id', id: () => ticketB },
  '/api/tickets/:id/audit': { param: 'id', id: () => ticketB },
  '/api/tickets/:id/survey/remarks': { param: 'id', id: () => ticketB, body: { remarks: 'dari A' } },
  '/api/views/:id': { param: 'id', id: () => viewB, body: { name: 'Diretas', filters: {} } },
  '/api/views/:id/tickets': { param: 'id', id: () => viewB },
  '/api/quick-replies/:id': {
    param: 'id',
    id: () => libraryB['quick-replies'],
    body: { title: 'Diretas', content: 'x' },
  },
  '/api/remarks/:id': { param: 'id', id: () => libraryB.remarks, body: { title: 'Diretas', content: 'x' } },
  '/api/chat-tags/:id': { param: 'id', id: () => libraryB['chat-tags'], body: { title: 'Diretas' } },
  '/api/macros/:id': {
    param: 'id',
    id: () => libraryB.macros,
    body: { title: 'Diretas', actions: [{ type: 'priority', priority: 2 }] },
  },
  '/api/tickets/:id/macros/:macroId/apply': {
    param: 'id',
    id: () => ticketB,
    more: { macroId: () => libraryB.macros },
    body: { applicationId: '0190f4c8-0000-7000-8000-000000000011' },
  },
  '/api/ticket-forms/:id': {
    param: 'id',
    id: () => ticketFormB,
    body: {
      title: 'Diretas',
      fields: [{ fieldId: '0190f4c8-0000-7000-8000-000000000013', mandatory: true }],
    },
  },
  '/api/ticket-fields/:fieldId': {
    param: 'fieldId',
    id: () => ticketFieldB,
    body: { title: 'Diretas', type: 'text' },
  },
  '/api/tickets/:id/form': {
    param: 'id',
    id: () => ticketB,
    body: { ticketFormId: null, chatPriority: 1, chatCategoryId: null, emailCc: '', values: {} },
  },
  '/api/payments/:paymentId': { param: 'paymentId', id: () => paymentB },
  '/api/subscription/orders/:orderId/cancel': { param: 'orderId', id: () => subscriptionOrderB },
  '/api/settings/bank-accounts/:id': { param: 'id', id: () => bankAccountB },
  '/api/settings/bank-accounts/:id/inquiry': { param: 'id', id: () => bankAccountB },
  '/api/settings/bank-accounts/:id/primary': { param: 'id', id: () => bankAccountB },
  '/api/invoices/:id': { param: 'id', id: () => invoiceB },
  '/api/invoices/:id/approval': {
    param: 'id',
    id: () => invoiceB,
    body: { statusApproval: 'APPROVED', signerName: 'Diretas', agree: true },
  },
  '/api/invoices/:id/payment': { param: 'id', id: () => invoiceB, body: { method: 'BCA' } },
  '/api/invoices/:id/documents/:kind': {
    param: 'id',
    id: () => invoiceB,
    more: { kind: () => 'SUMMARY_USAGE' },
  },
  '/api/broadcasts/:id': { param: 'id', id: () => broadcastB },
  '/api/broadcasts/:id/recipients': { param: 'id', id: () => broadcastB },
  '/api/broadcasts/:id/cancel': { param: 'id', id: () => broadcastB },
  '/api/broadcasts/senders/:channelAccountId': {
    param: 'channelAccountId',
    id: () => accountB,
    body: { throughputPerSecond: 80, dailyQuota: 100 },
  },
  '/api/ticket-list/:id/messages': { param: 'id', id: () => ticketB },
  '/api/chat-history/:id/messages': { param: 'id', id: () => ticketB },
  '/api/maker-checker/accounts/:id': {
    param: 'id',
    id: () => makerCheckerAccountB,
    body: { email: 'diretas@example.com', name: 'Diretas', mediaType: 'WHATSAPP', position: 'MAKER' },
  },
  '/api/maker-checker/accounts/:id/active': {
    param: 'id',
    id: () => makerCheckerAccountB,
    body: { active: false },
  },
  '/api/advanced-broadcasts/:id': {
    param: 'id',
    id: () => advancedBroadcastB,
    body: {
      name: 'Diretas',
      templateId: '0190f4c8-0000-7000-8000-000000000014',
      channelAccountId: '0190f4c8-0000-7000-8000-000000000015',
      rules: [{ variable: 'name', rule: 'contains', value: 'x' }],
      schedule: { frequency: 'once', date: '2099-01-01', time: '09:00' },
    },
  },
  '/api/advanced-broadcasts/:id/activate': { param: 'id', id: () => advancedBroadcastB },
  '/api/advanced-broadcasts/:id/deactivate': { param: 'id', id: () => advancedBroadcastB },
  '/api/advanced-broadcasts/:id/sync': { param: 'id', id: () => advancedBroadcastB },
  '/api/advanced-broadcasts/:id/contacts': { param: 'id', id: () => advancedBroadcastB },
  '/api/products/:id': {
    param: 'id',
    id: () => catalogueB.product,
    body: { name: 'Diretas', price: 1, type: 'non_physical' },
  },
  '/api/product-photos/:id': { param: 'id', id: () => catalogueB.photo },
  '/api/product-categories/:id': { param: 'id', id: () => catalogueB.category, body: { name: 'Diretas' } },
  '/api/product-catalog/items/by-retailerid/:retailer': { param: 'retailer', id: () => PRODUCT_SKU_B },
  // The signed public photo link WhatsApp fetches: without the link's signature it names no photo.
  '/catalogue-photos/:clientId/:photoId': {
    param: 'clientId',
    id: () => bizB.clientId,
    more: { photoId: () => catalogueB.photo },
  },
  '/api/tickets/:id/marketplace': { param: 'id', id: () => ticketB },
  '/api/tickets/:id/cart': {
    param: 'id',
    id: () => ticketB,
    body: { items: [], requestId: '0190f4c8-0000-7000-8000-000000000018' },
  },
  '/api/tickets/:id/product-messages': {
    param: 'id',
    id: () => ticketB,
    body: {
      productIds: ['0190f4c8-0000-7000-8000-000000000019'],
      clientMessageId: '0190f4c8-0000-7000-8000-00000000001a',
    },
  },
  '/api/tickets/:id/transactions': {
    param: 'id',
    id: () => ticketB,
    body: {
      clientRequestId: '0190f4c8-0000-7000-8000-000000000016',
      customerName: 'Diretas',
      items: [{ productId: '0190f4c8-0000-7000-8000-000000000017', quantity: 1 }],
      delivery: 'pickup',
    },
  },
  '/api/transactions/:id': { param: 'id', id: () => transactionB },
  '/api/transactions/:id/status': { param: 'id', id: () => transactionB, body: { status: 'prepared' } },
  '/api/tickets/:id/time-tracking': {
    param: 'id',
    id: () => ticketB,
    body: {
      id: '0190f4c8-0000-7000-8000-000000000012',
      kind: 'update_ticket',
      startedAt: 1_700_000_000_000,
      endedAt: 1_700_000_060_000,
      durationInSecond: 60,
    },
  },
};

/** Everything of business B a request could change. */
export async function snapshotB() {
  const db = server.deps.db;
  const [m, r, u, ca, t, msg, p, pc, tx, ba, wd, calls, inv] = await Promise.all([
    db.select().from(memberships).where(eq(memberships.clientId, bizB.clientId)),
    db.select().from(featureAccessRoles).where(eq(featureAccessRoles.clientId, bizB.clientId)),
    db.select().from(users),
    db.select().from(channelAccounts).where(eq(channelAccounts.clientId, bizB.clientId)),
    db.select().from(tickets).where(eq(tickets.clientId, bizB.clientId)),
    db.select().from(messages).where(eq(messages.clientId, bizB.clientId)),
    db.select().from(products).where(eq(products.clientId, bizB.clientId)),
    db.select().from(productCategories).where(eq(productCategories.clientId, bizB.clientId)),
    db.select().from(transactions).where(eq(transactions.clientId, bizB.clientId)),
    db.select().from(bankAccounts).where(eq(bankAccounts.clientId, bizB.clientId)),
    db.select().from(withdrawals).where(eq(withdrawals.clientId, bizB.clientId)),
    db.select().from(callSessions).where(eq(callSessions.clientId, bizB.clientId)),
    db.select().from(invoices).where(eq(invoices.clientId, bizB.clientId)),
  ]);
  const bUserIds = new Set(Object.values(bizB.userIds));
  const sort = <T extends { userId?: string; id?: string }>(rows: T[]) =>
    [...rows].sort((a, b) => String(a.userId ?? a.id).localeCompare(String(b.userId ?? b.id)));
  return JSON.stringify({
    m: sort(m),
    r: sort(r),
    u: sort(u.filter((x) => bUserIds.has(x.id))),
    ca: sort(ca),
    t: sort(t),
    msg: sort(msg),
    p: sort(p),
    pc: sort(pc),
    tx: sort(tx),
    ba: sort(ba),
    wd: sort(wd),
    calls: sort(calls),
    inv: sort(inv),
  });
}
