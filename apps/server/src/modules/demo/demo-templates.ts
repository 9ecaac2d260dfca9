import { CHAT_WINDOW_MS } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import { upsertContactByIdentity } from '../contacts/index.js';
import { findOrOpenTicket, recordHistory } from '../conversations/index.js';
import { insertTemplates } from '../templates/index.js';

/** Approved demo templates: a follow-up with the contact's name, a new-message greeting, an order update. */
export async function seedDemoTemplates(db: DbOrTx, clientId: string) {
  const approved = { clientId, language: 'id', status: 'approved' } as const;
  await insertTemplates(db, [
    {
      ...approved,
      id: uuidv7(),
      name: 'follow_up_pelanggan',
      category: 'MARKETING',
      body: 'Halo {{1}}, terima kasih sudah menghubungi Toko Sapa Demo. Apakah masih ada yang bisa kami bantu? Balas pesan ini untuk melanjutkan chat.',
      variables: [{ name: 'nama', sample: 'Budi', contactField: 'name' }],
      templateType: 'contact_variables',
      isFollowUp: true,
    },
    {
      ...approved,
      id: uuidv7(),
      name: 'sapaan_pelanggan_baru',
      category: 'MARKETING',
      body: 'Halo! Ini Toko Sapa Demo. Minggu ini ada gratis ongkir untuk semua pesanan. Balas pesan ini kalau ingin tahu lebih lanjut.',
      templateType: 'static',
      isFollowUp: true,
      isNewMessage: true,
    },
    {
      ...approved,
      id: uuidv7(),
      name: 'update_pesanan',
      category: 'UTILITY',
      body: 'Halo {{1}}, pesanan {{2}} Anda sekarang berstatus: {{3}}.',
      variables: [
        { name: 'nama', sample: 'Budi', contactField: 'name' },
        { name: 'nomor_pesanan', sample: '#1042', contactField: null },
        { name: 'status', sample: 'dikirim', contactField: null },
      ],
      templateType: 'manual_variables',
      isFollowUp: true,
    },
  ]);
}

/**
 * The customer of the demo's expired WhatsApp chat. The number is the customer phone page's example, so a
 * new user who opens that page as this customer sees the follow-up arrive (and can answer it).
 */
export const DEMO_EXPIRED_CUSTOMER = { phone: '6281234567890', name: 'Budi Santoso' } as const;

/**
 * The expired chats of the demo: Budi's, and Sari's an hour older (the chat-credits journey spends a follow-up
 * on it, apart from the follow-up journey's, since a second follow-up within 24 hours is not charged again).
 */
const DEMO_EXPIRED_CHATS = [
  { customer: DEMO_EXPIRED_CUSTOMER, hoursPastWindow: 2, order: '#1042' },
  { customer: { phone: '6281234567891', name: 'Sari Wulandari' }, hoursPastWindow: 3, order: '#1043' },
] as const;

/**
 * A WhatsApp chat whose customer last wrote 26 hours ago (000 §4: expired; only a follow-up template can be
 * sent), on the demo's WhatsApp account. Seeded once, when that account is first connected.
 */
export async function seedExpiredDemoChat(db: DbOrTx, clientId: string, channelAccountId: string) {
  for (const chat of DEMO_EXPIRED_CHATS) await seedExpiredChat(db, clientId, channelAccountId, chat);
}

async function seedExpiredChat(
  db: DbOrTx,
  clientId: string,
  channelAccountId: string,
  chat: (typeof DEMO_EXPIRED_CHATS)[number],
) {
  const contact = await upsertContactByIdentity(db, {
    clientId,
    channel: 'WAP',
    channelAccountId,
    externalId: chat.customer.phone,
    name: chat.customer.name,
  });
  const now = Date.now();
  const asked = new Date(now - CHAT_WINDOW_MS - chat.hoursPastWindow * 3_600_000);
  const answered = new Date(asked.getTime() + 20 * 60_000);
  const ticket = await findOrOpenTicket(db, {
    clientId,
    contactId: contact.id,
    channel: 'WAP',
    channelAccountId,
    at: asked,
  });
  const base = { clientId, ticketId: ticket.id, channelAccountId, visibility: 'public' as const };
  const reply = {
    ...base,
    id: uuidv7(),
    direction: 'out' as const,
    type: 'text' as const,
    text: `Sudah, Kak. Pesanan ${chat.order} dikirim kemarin sore, nomor resinya JNE 0123456789.`,
    status: 'read' as const,
    createdAt: answered,
    updatedAt: answered,
  };
  await recordHistory(db, { clientId, ticketId: ticket.id }, [
    {
      ...base,
      id: uuidv7(),
      direction: 'in',
      type: 'text',
      text: `Halo kak, pesanan saya ${chat.order} sudah dikirim belum ya?`,
      status: 'received',
      createdAt: asked,
      updatedAt: asked,
    },
    reply,
  ]);
}
