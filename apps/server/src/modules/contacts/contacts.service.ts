import type { ChannelCode, ContactDetail } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { publishTicketsUpdated } from '../tickets/ticket-properties.service.js';
import { displayIdOf } from '../tickets/tickets.service.js';
import * as repo from './contacts.repository.js';
import { contactIdentities, contacts } from './contacts.schema.js';

/**
 * The contact behind a channel identity (WhatsApp: the wa_id), created on first contact. Safe under
 * concurrent deliveries: the identity is unique per (client, channel account, external id).
 */
export async function upsertContactByIdentity(
  db: DbOrTx,
  input: {
    clientId: string;
    channel: string;
    channelAccountId: string;
    externalId: string;
    name: string | null;
  },
): Promise<{ id: string; name: string; created: boolean }> {
  const find = async () => {
    const [row] = await db
      .select({ id: contacts.id, name: contacts.name })
      .from(contactIdentities)
      .innerJoin(
        contacts,
        and(eq(contacts.clientId, contactIdentities.clientId), eq(contacts.id, contactIdentities.contactId)),
      )
      .where(
        and(
          eq(contactIdentities.clientId, input.clientId),
          eq(contactIdentities.channelAccountId, input.channelAccountId),
          eq(contactIdentities.externalId, input.externalId),
        ),
      );
    return row;
  };
  const existing = await find();
  if (existing) {
    if (input.name && existing.name !== input.name && existing.name === input.externalId) {
      await db
        .update(contacts)
        .set({ name: input.name, updatedAt: new Date() })
        .where(and(eq(contacts.clientId, input.clientId), eq(contacts.id, existing.id)));
      return { ...existing, name: input.name, created: false };
    }
    return { ...existing, created: false };
  }
  const id = uuidv7();
  const name = input.name?.trim() || input.externalId;
  await db
    .insert(contacts)
    .values({ clientId: input.clientId, id, name, phone: input.channel === 'WAP' ? input.externalId : null });
  const inserted = await db
    .insert(contactIdentities)
    .values({
      clientId: input.clientId,
      channel: input.channel,
      channelAccountId: input.channelAccountId,
      externalId: input.externalId,
      contactId: id,
    })
    .onConflictDoNothing()
    .returning({ contactId: contactIdentities.contactId });
  if (inserted.length > 0) return { id, name, created: true };
  // Another delivery created the identity first: drop the contact made here and use theirs.
  await db.delete(contacts).where(and(eq(contacts.clientId, input.clientId), eq(contacts.id, id)));
  const raced = await find();
  if (!raced) throw new Error('contact identity vanished');
  return { ...raced, created: false };
}

// ---------------------------------------------------------------- the inbox contact panel (000 §2; 001 §3)

/** 000 §2 inbox contact detail panel: the contact, how each channel knows them, and their latest tickets. */
export async function getContactDetail(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
): Promise<ContactDetail> {
  const contact = await repo.findContact(deps.db, auth.clientId, id);
  if (!contact) throw notFound();
  const [identities, recent] = await Promise.all([
    repo.listIdentities(deps.db, auth.clientId, id),
    repo.listRecentTickets(deps.db, auth.clientId, id),
  ]);
  return {
    id: contact.id,
    name: contact.name,
    phone: contact.phone,
    email: contact.email,
    identities: identities.map((i) => ({
      channel: i.channel as ChannelCode,
      channelAccountId: i.channelAccountId,
      handle: i.externalId,
      createdAt: i.createdAt.getTime(),
    })),
    recentTickets: recent.map((t) => ({
      id: t.id,
      displayId: displayIdOf(t.displayNumber),
      status: t.status,
      channel: t.channel as ChannelCode,
      lastMessageAt: t.lastMessageAt.getTime(),
    })),
    createdAt: contact.createdAt.getTime(),
    updatedAt: contact.updatedAt.getTime(),
  };
}

/**
 * 001 §3, §5, §8 contacts: name (required, max 150), email, phone with country code. A phone another
 * contact of the business has is refused ("Duplicate contact: delete the existing one to update"). A
 * WhatsApp contact's phone is the number replies go to, so it cannot be changed here.
 */
export async function updateContact(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  input: { name: string; phone?: string | null | undefined; email?: string | null | undefined },
): Promise<ContactDetail> {
  const contact = await repo.findContact(deps.db, auth.clientId, id);
  if (!contact) throw notFound();
  const phone = input.phone === undefined ? contact.phone : input.phone;
  const email = input.email === undefined ? contact.email : input.email;
  if (phone !== contact.phone) {
    const identities = await repo.listIdentities(deps.db, auth.clientId, id);
    if (identities.some((i) => i.channel === 'WAP'))
      throw conflict('contact.whatsappPhone', { phone: 'contact.whatsappPhone' });
  }
  await deps.db.transaction(async (tx) => {
    if (phone && phone !== contact.phone) {
      await repo.lockPhone(tx, auth.clientId, phone);
      if (await repo.phoneTaken(tx, auth.clientId, phone, id))
        throw conflict('contact.duplicate', { phone: 'contact.duplicate' });
    }
    await repo.updateContact(tx, auth.clientId, id, { name: input.name, phone, email });
  });
  // The ticket lists show the contact's name and number.
  if (input.name !== contact.name || phone !== contact.phone)
    await publishTicketsUpdated(deps, auth.clientId, { contactId: id });
  return getContactDetail(deps, auth, id);
}
