import { and, asc, eq, gt, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/rows.js';
import { takenIgnoringCase } from '../../platform/db/unique-names.js';
import { contactGroupMembers, contactGroups } from './contact-groups.schema.js';
import { contacts } from './contacts.schema.js';
import { adjustMemberCounts, idTuple, likeEscape } from './contacts-list.repository.js';

export type ContactGroupRow = typeof contactGroups.$inferSelect;

/** Groups by id (UUIDv7: oldest first), keyset paged, optionally by part of the name. */
export async function listGroups(
  db: DbOrTx,
  clientId: string,
  filter: { search?: string | undefined; afterId?: string | undefined; limit: number },
) {
  return db
    .select()
    .from(contactGroups)
    .where(
      and(
        eq(contactGroups.clientId, clientId),
        filter.afterId ? gt(contactGroups.id, filter.afterId) : undefined,
        filter.search ? ilike(contactGroups.name, `%${likeEscape(filter.search.trim())}%`) : undefined,
      ),
    )
    .orderBy(asc(contactGroups.id))
    .limit(filter.limit);
}

export async function findGroup(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(contactGroups)
    .where(and(eq(contactGroups.clientId, clientId), eq(contactGroups.id, id)));
  return row;
}

/** 001 §5: a duplicate group name is rejected (case-insensitively). */
export function groupNameTaken(db: DbOrTx, clientId: string, name: string, exceptId?: string) {
  return takenIgnoringCase(db, contactGroups, contactGroups.name, clientId, name, exceptId);
}

export async function insertGroup(
  db: DbOrTx,
  row: { clientId: string; id: string; name: string; description: string },
) {
  const [saved] = await db.insert(contactGroups).values(row).returning();
  return saved!;
}

export async function updateGroup(
  db: DbOrTx,
  clientId: string,
  id: string,
  values: { name: string; description: string },
) {
  const [saved] = await db
    .update(contactGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(contactGroups.clientId, clientId), eq(contactGroups.id, id)))
    .returning();
  return saved;
}

export async function deleteGroup(db: DbOrTx, clientId: string, id: string) {
  await db
    .delete(contactGroupMembers)
    .where(and(eq(contactGroupMembers.clientId, clientId), eq(contactGroupMembers.groupId, id)));
  await db.delete(contactGroups).where(and(eq(contactGroups.clientId, clientId), eq(contactGroups.id, id)));
}

/** Adds the contacts (those of the business) to the group; the member count grows by those new to it. */
export async function addMembers(db: DbOrTx, clientId: string, groupId: string, contactIds: string[]) {
  const added = await db.execute<{ contact_id: string }>(sql`insert into ${contactGroupMembers}
      (client_id, group_id, contact_id)
    select client_id, ${groupId}, id from ${contacts}
    where client_id = ${clientId} and id in ${idTuple(contactIds)}
    on conflict do nothing
    returning contact_id`);
  await adjustMemberCounts(
    db,
    clientId,
    rowsOf(added).map(() => groupId),
    1,
  );
}

export async function removeMembers(db: DbOrTx, clientId: string, groupId: string, contactIds: string[]) {
  const removed = await db
    .delete(contactGroupMembers)
    .where(
      and(
        eq(contactGroupMembers.clientId, clientId),
        eq(contactGroupMembers.groupId, groupId),
        inArray(contactGroupMembers.contactId, contactIds),
      ),
    )
    .returning({ contactId: contactGroupMembers.contactId });
  await adjustMemberCounts(
    db,
    clientId,
    removed.map(() => groupId),
    -1,
  );
}
