import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { takenIgnoringCase } from '../../platform/db/unique-names.js';
import { contactTagLinks, contactTags } from './contact-groups.schema.js';
import { contacts } from './contacts.schema.js';
import { idTuple } from './contacts-list.repository.js';

export type ContactTagRow = typeof contactTags.$inferSelect;

export async function listTags(db: DbOrTx, clientId: string) {
  return db
    .select()
    .from(contactTags)
    .where(eq(contactTags.clientId, clientId))
    .orderBy(asc(sql`lower(${contactTags.name})`), asc(contactTags.id));
}

export async function findTag(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(contactTags)
    .where(and(eq(contactTags.clientId, clientId), eq(contactTags.id, id)));
  return row;
}

/** 001 §3: a contact tag name is unique in the business (case-insensitively). */
export function tagNameTaken(db: DbOrTx, clientId: string, name: string, exceptId?: string) {
  return takenIgnoringCase(db, contactTags, contactTags.name, clientId, name, exceptId);
}

export async function insertTag(db: DbOrTx, row: { clientId: string; id: string; name: string }) {
  const [saved] = await db.insert(contactTags).values(row).returning();
  return saved!;
}

export async function renameTag(db: DbOrTx, clientId: string, id: string, name: string) {
  const [saved] = await db
    .update(contactTags)
    .set({ name })
    .where(and(eq(contactTags.clientId, clientId), eq(contactTags.id, id)))
    .returning();
  return saved;
}

export async function deleteTag(db: DbOrTx, clientId: string, id: string) {
  await db
    .delete(contactTagLinks)
    .where(and(eq(contactTagLinks.clientId, clientId), eq(contactTagLinks.tagId, id)));
  await db.delete(contactTags).where(and(eq(contactTags.clientId, clientId), eq(contactTags.id, id)));
}

/** How many of `contactIds` are contacts of the business. */
/** Gives the tag to the contacts (those of the business; already tagged ones stay as they are). */
export async function tagContacts(db: DbOrTx, clientId: string, tagId: string, contactIds: string[]) {
  await db.execute(sql`insert into ${contactTagLinks} (client_id, contact_id, tag_id)
    select client_id, id, ${tagId} from ${contacts}
    where client_id = ${clientId} and id in ${idTuple(contactIds)}
    on conflict do nothing`);
}

export async function untagContacts(db: DbOrTx, clientId: string, tagId: string, contactIds: string[]) {
  await db
    .delete(contactTagLinks)
    .where(
      and(
        eq(contactTagLinks.clientId, clientId),
        eq(contactTagLinks.tagId, tagId),
        inArray(contactTagLinks.contactId, contactIds),
      ),
    );
}
