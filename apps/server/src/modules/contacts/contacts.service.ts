import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
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
