import { and, asc, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/rows.js';
import { contactGroupMembers, contactGroups, contactTagLinks, contactTags } from './contact-groups.schema.js';
import { contactIdentities, contacts } from './contacts.schema.js';

/** `%`, `_` and `\` taken literally inside a LIKE pattern. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * What a search text matches (001 §2 Contacts list search): part of the name, case-insensitively (a
 * substring pattern the pg_trgm GIN index on `name` serves), or — for a text of digits — part of the phone
 * number (the GIN index on `phone`). A number typed the local way (0812…) is the start of 62812…: a range
 * on the (client_id, phone) btree, because the trigrams every number shares (628, 281, 812) make a
 * trigram lookup of a prefix slow.
 */
export function searchCondition(search: string): SQL | undefined {
  const text = search.trim();
  if (!text) return undefined;
  const digits = text.replace(/[\s\-.()+]/g, '');
  if (!/^\d+$/.test(digits)) return sql`${contacts.name} ilike ${`%${likeEscape(text)}%`}`;
  if (!digits.startsWith('0')) return sql`${contacts.phone} like ${`%${digits}%`}`;
  const from = `62${digits.slice(1)}`;
  return sql`(${contacts.phone} >= ${from} and ${contacts.phone} < ${successor(from)})`;
}

/** The first string after every string that starts with `prefix` (digits): `62899` → `629`, `62812` → `62813`. */
export function successor(prefix: string): string {
  const kept = prefix.replace(/9+$/, '');
  if (!kept) return ':'; // after every digit string
  return `${kept.slice(0, -1)}${String.fromCharCode(kept.charCodeAt(kept.length - 1) + 1)}`;
}

export interface ContactListFilter {
  search?: string | undefined;
  tagId?: string | undefined;
  groupId?: string | undefined;
  channel?: string | undefined;
  /** Keyset: only contacts with a smaller id (ids are UUIDv7, so newer contacts come first). */
  beforeId?: string | undefined;
  limit: number;
}

/** One page of the contact list, newest first. */
export async function listContacts(db: DbOrTx, clientId: string, filter: ContactListFilter) {
  const conditions: (SQL | undefined)[] = [
    eq(contacts.clientId, clientId),
    filter.beforeId ? lt(contacts.id, filter.beforeId) : undefined,
    filter.search ? searchCondition(filter.search) : undefined,
    filter.tagId
      ? sql`exists (select 1 from ${contactTagLinks} l where l.client_id = ${contacts.clientId}
          and l.contact_id = ${contacts.id} and l.tag_id = ${filter.tagId})`
      : undefined,
    filter.groupId
      ? sql`exists (select 1 from ${contactGroupMembers} m where m.client_id = ${contacts.clientId}
          and m.contact_id = ${contacts.id} and m.group_id = ${filter.groupId})`
      : undefined,
    filter.channel
      ? sql`(${contacts.mainChannel} = ${filter.channel} or exists (select 1 from ${contactIdentities} i
          where i.client_id = ${contacts.clientId} and i.contact_id = ${contacts.id}
          and i.channel = ${filter.channel}))`
      : undefined,
  ];
  return db
    .select({
      id: contacts.id,
      name: contacts.name,
      phone: contacts.phone,
      email: contacts.email,
      mainChannel: contacts.mainChannel,
      createdAt: contacts.createdAt,
    })
    .from(contacts)
    .where(and(...conditions))
    .orderBy(desc(contacts.id))
    .limit(filter.limit);
}

/** The tags of several contacts, by contact. */
export async function tagsOfContacts(db: DbOrTx, clientId: string, contactIds: string[]) {
  if (contactIds.length === 0) return [];
  return db
    .select({ contactId: contactTagLinks.contactId, id: contactTags.id, name: contactTags.name })
    .from(contactTagLinks)
    .innerJoin(
      contactTags,
      and(eq(contactTags.clientId, contactTagLinks.clientId), eq(contactTags.id, contactTagLinks.tagId)),
    )
    .where(and(eq(contactTagLinks.clientId, clientId), inArray(contactTagLinks.contactId, contactIds)))
    .orderBy(asc(sql`lower(${contactTags.name})`));
}

/** The groups of one contact. */
export async function groupsOfContact(db: DbOrTx, clientId: string, contactId: string) {
  return db
    .select({ id: contactGroups.id, name: contactGroups.name })
    .from(contactGroupMembers)
    .innerJoin(
      contactGroups,
      and(
        eq(contactGroups.clientId, contactGroupMembers.clientId),
        eq(contactGroups.id, contactGroupMembers.groupId),
      ),
    )
    .where(and(eq(contactGroupMembers.clientId, clientId), eq(contactGroupMembers.contactId, contactId)))
    .orderBy(asc(sql`lower(${contactGroups.name})`));
}

/** The channels several contacts are known on. */
export async function channelsOfContacts(db: DbOrTx, clientId: string, contactIds: string[]) {
  if (contactIds.length === 0) return [];
  return db
    .selectDistinct({ contactId: contactIdentities.contactId, channel: contactIdentities.channel })
    .from(contactIdentities)
    .where(and(eq(contactIdentities.clientId, clientId), inArray(contactIdentities.contactId, contactIds)));
}

export async function insertContact(
  db: DbOrTx,
  row: {
    clientId: string;
    id: string;
    name: string;
    phone: string | null;
    email: string | null;
  } & ContactExtras,
) {
  await db.insert(contacts).values(row);
}

/** The contact page's fields beyond name, phone and email. */
export interface ContactExtras {
  mainChannel: string | null;
  birthDate: string | null;
  lastEducation: string | null;
  customValues: Record<string, unknown>;
}

export async function updateContactExtras(db: DbOrTx, clientId: string, id: string, extras: ContactExtras) {
  await db
    .update(contacts)
    .set({ ...extras, updatedAt: new Date() })
    .where(and(eq(contacts.clientId, clientId), eq(contacts.id, id)));
}

export async function findContactExtras(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select({
      mainChannel: contacts.mainChannel,
      birthDate: contacts.birthDate,
      lastEducation: contacts.lastEducation,
      customValues: contacts.customValues,
    })
    .from(contacts)
    .where(and(eq(contacts.clientId, clientId), eq(contacts.id, id)));
  return row;
}

/**
 * Makes the contact's tags exactly `tagIds` (ids of other businesses or deleted tags are skipped by the
 * join, never a foreign-key error).
 */
export async function setContactTags(db: DbOrTx, clientId: string, contactId: string, tagIds: string[]) {
  await db
    .delete(contactTagLinks)
    .where(and(eq(contactTagLinks.clientId, clientId), eq(contactTagLinks.contactId, contactId)));
  if (tagIds.length === 0) return;
  await db.execute(sql`insert into ${contactTagLinks} (client_id, contact_id, tag_id)
    select client_id, ${contactId}, id from ${contactTags}
    where client_id = ${clientId} and id in ${idTuple(tagIds)}
    on conflict do nothing`);
}

/**
 * Makes the contact's groups exactly `groupIds`, keeping every group's member count in step (001 §3
 * contact group: contacts).
 */
export async function setContactGroups(db: DbOrTx, clientId: string, contactId: string, groupIds: string[]) {
  const removed = await db
    .delete(contactGroupMembers)
    .where(
      and(
        eq(contactGroupMembers.clientId, clientId),
        eq(contactGroupMembers.contactId, contactId),
        groupIds.length > 0 ? sql`${contactGroupMembers.groupId} not in ${idTuple(groupIds)}` : undefined,
      ),
    )
    .returning({ groupId: contactGroupMembers.groupId });
  await adjustMemberCounts(
    db,
    clientId,
    removed.map((r) => r.groupId),
    -1,
  );
  if (groupIds.length === 0) return;
  const added = await db.execute<{ group_id: string }>(sql`insert into ${contactGroupMembers}
      (client_id, group_id, contact_id)
    select client_id, id, ${contactId} from ${contactGroups}
    where client_id = ${clientId} and id in ${idTuple(groupIds)}
    on conflict do nothing
    returning group_id`);
  await adjustMemberCounts(
    db,
    clientId,
    rowsOf<{ group_id: string }>(added).map((r) => r.group_id),
    1,
  );
}

export const idTuple = (ids: readonly string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** Adds `delta` to the member count of each listed group, once per listing. */
export async function adjustMemberCounts(db: DbOrTx, clientId: string, groupIds: string[], delta: 1 | -1) {
  if (groupIds.length === 0) return;
  const perGroup = new Map<string, number>();
  for (const id of groupIds) perGroup.set(id, (perGroup.get(id) ?? 0) + delta);
  for (const [id, change] of perGroup) {
    await db
      .update(contactGroups)
      .set({ memberCount: sql`greatest(0, ${contactGroups.memberCount} + ${change})` })
      .where(and(eq(contactGroups.clientId, clientId), eq(contactGroups.id, id)));
  }
}

/** Deletes a contact with its identities, tags and group memberships (member counts kept in step). */
export async function deleteContact(db: DbOrTx, clientId: string, contactId: string) {
  await db
    .delete(contactTagLinks)
    .where(and(eq(contactTagLinks.clientId, clientId), eq(contactTagLinks.contactId, contactId)));
  await setContactGroups(db, clientId, contactId, []);
  await db
    .delete(contactIdentities)
    .where(and(eq(contactIdentities.clientId, clientId), eq(contactIdentities.contactId, contactId)));
  await db.delete(contacts).where(and(eq(contacts.clientId, clientId), eq(contacts.id, contactId)));
}
