import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import { contactIdentities, contacts } from './contacts.schema.js';

export type ContactRow = typeof contacts.$inferSelect;

export async function findContact(db: DbOrTx, clientId: string, id: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.clientId, clientId), eq(contacts.id, id)));
  return row;
}

export async function listIdentities(db: DbOrTx, clientId: string, contactId: string) {
  return db
    .select({
      channel: contactIdentities.channel,
      channelAccountId: contactIdentities.channelAccountId,
      externalId: contactIdentities.externalId,
      createdAt: contactIdentities.createdAt,
    })
    .from(contactIdentities)
    .where(and(eq(contactIdentities.clientId, clientId), eq(contactIdentities.contactId, contactId)))
    .orderBy(asc(contactIdentities.createdAt));
}

/** Serialises edits that set the same phone in a business until the transaction ends, so the second writer gets the 409 before the unique index `contacts_phone_key` would refuse it. */
export async function lockPhone(db: DbOrTx, clientId: string, phone: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`contact-phone:${clientId}:${phone}`}, 0))`,
  );
}

export async function phoneTaken(db: DbOrTx, clientId: string, phone: string, exceptId: string) {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.clientId, clientId), eq(contacts.phone, phone), ne(contacts.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function updateContact(
  db: DbOrTx,
  clientId: string,
  id: string,
  values: { name: string; phone: string | null; email: string | null },
) {
  await db
    .update(contacts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(contacts.clientId, clientId), eq(contacts.id, id)));
}

export interface IdentityContact {
  id: string;
  name: string;
  /** Whether the contact was made for this identity (false: known identity, or a contact with the number). */
  created: boolean;
}

/**
 * The contacts behind channel identities (external id → contact), in a few set-based statements whatever
 * their number: one SELECT for the known identities; for the others one INSERT of new contacts
 * `ON CONFLICT DO NOTHING` — a WhatsApp number the business already has (unique per business:
 * `contacts_phone_key`) keeps its contact, which then gets the identity too — and one INSERT of the
 * identities `ON CONFLICT DO NOTHING`. Safe under concurrent first messages: a contact whose identity another
 * writer created first is dropped and theirs is used. A name from the provider replaces a contact's name
 * only while it is still the bare external id.
 */
export async function upsertContactsByIdentity(
  db: DbOrTx,
  input: {
    clientId: string;
    channel: string;
    channelAccountId: string;
    /** External id → the name the provider gave (null: none). */
    names: Map<string, string | null>;
  },
): Promise<Map<string, IdentityContact>> {
  const { clientId, channelAccountId } = input;
  const find = (externalIds: string[]) =>
    db
      .select({ externalId: contactIdentities.externalId, id: contacts.id, name: contacts.name })
      .from(contactIdentities)
      .innerJoin(
        contacts,
        and(eq(contacts.clientId, contactIdentities.clientId), eq(contacts.id, contactIdentities.contactId)),
      )
      .where(
        and(
          eq(contactIdentities.clientId, clientId),
          eq(contactIdentities.channelAccountId, channelAccountId),
          inArray(contactIdentities.externalId, externalIds),
        ),
      );
  const result = new Map<string, IdentityContact>();
  const externalIds = [...input.names.keys()];
  if (externalIds.length === 0) return result;
  for (const row of await find(externalIds)) {
    const name = input.names.get(row.externalId)?.trim();
    if (name && row.name !== name && row.name === row.externalId) {
      await db
        .update(contacts)
        .set({ name, updatedAt: new Date() })
        .where(and(eq(contacts.clientId, clientId), eq(contacts.id, row.id)));
      result.set(row.externalId, { id: row.id, name, created: false });
    } else result.set(row.externalId, { id: row.id, name: row.name, created: false });
  }
  const missing = externalIds.filter((x) => !result.has(x));
  if (missing.length === 0) return result;

  const fresh = missing.map((externalId) => ({
    clientId,
    id: uuidv7(),
    name: input.names.get(externalId)?.trim() || externalId,
    phone: input.channel === 'WAP' ? externalId : null,
    externalId,
  }));
  const made = new Set(
    (
      await db
        .insert(contacts)
        .values(fresh.map(({ externalId: _, ...c }) => c))
        .onConflictDoNothing()
        .returning({ id: contacts.id })
    ).map((r) => r.id),
  );
  // Numbers the business already has: their contact gets the identity.
  const byPhone = new Map<string, { id: string; name: string }>();
  const taken = fresh.filter((c) => !made.has(c.id) && c.phone).map((c) => c.phone!);
  if (taken.length > 0) {
    const rows = await db
      .select({ id: contacts.id, name: contacts.name, phone: contacts.phone })
      .from(contacts)
      .where(and(eq(contacts.clientId, clientId), inArray(contacts.phone, taken)));
    for (const r of rows) if (r.phone) byPhone.set(r.phone, { id: r.id, name: r.name });
  }
  const owners = fresh.map((c) => {
    const owner = made.has(c.id) ? { id: c.id, name: c.name } : c.phone ? byPhone.get(c.phone) : undefined;
    // The contact holding the number was deleted meanwhile: the caller's retry starts over.
    if (!owner) throw new Error('contact for a new identity vanished');
    return { ...c, owner };
  });
  const linked = await db
    .insert(contactIdentities)
    .values(
      owners.map((c) => ({
        clientId,
        channel: input.channel,
        channelAccountId,
        externalId: c.externalId,
        contactId: c.owner.id,
      })),
    )
    .onConflictDoNothing()
    .returning({ externalId: contactIdentities.externalId });
  const won = new Set(linked.map((r) => r.externalId));
  for (const c of owners)
    if (won.has(c.externalId))
      result.set(c.externalId, { id: c.owner.id, name: c.owner.name, created: made.has(c.owner.id) });
  const lost = owners.filter((c) => !won.has(c.externalId));
  if (lost.length === 0) return result;
  // Another writer created these identities first: drop the contacts made here for them and use theirs.
  const orphans = lost.filter((c) => made.has(c.owner.id)).map((c) => c.owner.id);
  if (orphans.length > 0)
    await db.delete(contacts).where(and(eq(contacts.clientId, clientId), inArray(contacts.id, orphans)));
  for (const row of await find(lost.map((c) => c.externalId)))
    result.set(row.externalId, { id: row.id, name: row.name, created: false });
  for (const c of lost) if (!result.has(c.externalId)) throw new Error('contact identity vanished');
  return result;
}

/** Sets the contact's phone unless another contact of the business has it; false when it was taken. */
export async function setPhoneIfFree(db: DbOrTx, clientId: string, id: string, phone: string) {
  const rows = await db
    .update(contacts)
    .set({ phone, updatedAt: new Date() })
    .where(
      and(
        eq(contacts.clientId, clientId),
        eq(contacts.id, id),
        sql`not exists (select 1 from ${contacts} c where c.client_id = ${clientId} and c.phone = ${phone})`,
      ),
    )
    .returning({ id: contacts.id });
  return rows.length > 0;
}
