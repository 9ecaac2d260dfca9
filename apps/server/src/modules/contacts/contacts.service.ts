import {
  type ChannelCode,
  CONTACT_RECENT_TICKETS,
  type ContactDetail,
  normalisePhone,
} from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import type { ContactTickets } from './contact-tickets.js';
import * as repo from './contacts.repository.js';
import { contacts } from './contacts.schema.js';

/**
 * The contact behind a channel identity (WhatsApp: the wa_id), created on first contact, or the contact
 * that already has the WhatsApp number. Safe under concurrent deliveries (see `upsertContactsByIdentity`).
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
): Promise<repo.IdentityContact> {
  const found = await repo.upsertContactsByIdentity(db, {
    clientId: input.clientId,
    channel: input.channel,
    channelAccountId: input.channelAccountId,
    names: new Map([[input.externalId, input.name]]),
  });
  const contact = found.get(input.externalId);
  if (!contact) throw new Error('contact identity vanished');
  return contact;
}

/**
 * A phone a customer typed (live-chat pre-chat form) as contacts store it, by the product's phone rule
 * (`phone.ts`); null when it is not a phone number.
 */
export function typedPhoneOf(text: string | null): string | null {
  return normalisePhone(text ?? '', 'contact');
}

/**
 * Fills a new contact's email and phone from a form the customer filled (the live-chat pre-chat form).
 * The phone is set only while no other contact of the business has it: a number typed by an anonymous
 * visitor proves nothing, so it never joins the chat to another customer's contact (docs/decisions.md).
 * A concurrent writer taking the number first is a unique violation caught inside a savepoint.
 */
export async function fillContactDetails(
  db: DbOrTx,
  clientId: string,
  id: string,
  details: { email: string | null; phone: string | null },
) {
  if (details.email)
    await db
      .update(contacts)
      .set({ email: details.email, updatedAt: new Date() })
      .where(and(eq(contacts.clientId, clientId), eq(contacts.id, id)));
  const phone = typedPhoneOf(details.phone);
  if (!phone) return;
  try {
    await db.transaction((sp) => repo.setPhoneIfFree(sp, clientId, id, phone));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
}

// ---------------------------------------------------------------- the inbox contact panel (000 §2; 001 §3)

/** 001 §8 "Duplicate contact: delete the existing one to update" (409, on the phone input). */
export const duplicatePhone = () => conflict('contact.duplicate', { phone: 'contact.duplicate' });

/**
 * A write that sets a phone: the check under `lockPhone` answers most duplicates; a writer that does not
 * take the lock (an inbound first message) may still win the race, which the unique index
 * `contacts_phone_key` turns into a unique violation — answered with the same 409, never a 500.
 */
export async function duplicatePhoneAsConflict<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicatePhone();
    throw err;
  }
}

/** 000 §2 inbox contact detail panel: the contact, how each channel knows them, and their latest tickets. */
export async function getContactDetail(
  deps: ServerDeps,
  tickets: ContactTickets,
  auth: AuthContext,
  id: string,
): Promise<ContactDetail> {
  const contact = await repo.findContact(deps.db, auth.clientId, id);
  if (!contact) throw notFound();
  const [identities, recent] = await Promise.all([
    repo.listIdentities(deps.db, auth.clientId, id),
    tickets.list(deps.db, auth.clientId, id, null, CONTACT_RECENT_TICKETS),
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
    recentTickets: recent.map((t) => ({ ...t, lastMessageAt: t.lastMessageAt.getTime() })),
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
  tickets: ContactTickets,
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
  await duplicatePhoneAsConflict(
    deps.db.transaction(async (tx) => {
      if (phone && phone !== contact.phone) {
        await repo.lockPhone(tx, auth.clientId, phone);
        if (await repo.phoneTaken(tx, auth.clientId, phone, id)) throw duplicatePhone();
      }
      await repo.updateContact(tx, auth.clientId, id, { name: input.name, phone, email });
    }),
  );
  // The ticket lists show the contact's name and number.
  if (input.name !== contact.name || phone !== contact.phone)
    await tickets.contactChanged(deps, auth.clientId, id);
  return getContactDetail(deps, tickets, auth, id);
}
