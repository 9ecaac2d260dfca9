import type { ContactGroup, ContactGroupInput, ContactTag } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { keysetPage } from '../../platform/http/pagination.js';
import * as groups from './contact-groups.repository.js';
import { requireOwnContactRefs } from './contact-refs.js';
import * as tags from './contact-tags.repository.js';
import { checkIdCursor } from './contacts-list.service.js';

// ---------------------------------------------------------------- groups (001 §2 customer groups, §3, §5)

function groupOf(row: groups.ContactGroupRow): ContactGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    memberCount: row.memberCount,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

const groupTaken = () => conflict('contacts.groupTaken', { name: 'contacts.groupTaken' });

/** Saves with a unique name: checked first for a clear answer, the unique index settles races. */
async function withUniqueName<T>(taken: () => Promise<boolean>, error: () => Error, save: () => Promise<T>) {
  if (await taken()) throw error();
  try {
    return await save();
  } catch (err) {
    if (isUniqueViolation(err)) throw error();
    throw err;
  }
}

export async function listGroups(
  deps: ServerDeps,
  auth: AuthContext,
  query: { search?: string | undefined; cursor?: string | undefined; limit: number },
) {
  const rows = await groups.listGroups(deps.db, auth.clientId, {
    search: query.search,
    afterId: checkIdCursor(query.cursor),
    limit: query.limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, query.limit, (last) => last.id);
  return { items: page.map(groupOf), nextCursor };
}

export async function getGroup(deps: ServerDeps, auth: AuthContext, id: string) {
  const row = await groups.findGroup(deps.db, auth.clientId, id);
  if (!row) throw notFound();
  return groupOf(row);
}

export async function createGroup(deps: ServerDeps, auth: AuthContext, input: Required<ContactGroupInput>) {
  const row = await withUniqueName(
    () => groups.groupNameTaken(deps.db, auth.clientId, input.name),
    groupTaken,
    () => groups.insertGroup(deps.db, { clientId: auth.clientId, id: uuidv7(), ...input }),
  );
  return groupOf(row);
}

export async function updateGroup(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  input: Required<ContactGroupInput>,
) {
  await getGroup(deps, auth, id);
  const row = await withUniqueName(
    () => groups.groupNameTaken(deps.db, auth.clientId, input.name, id),
    groupTaken,
    () => groups.updateGroup(deps.db, auth.clientId, id, input),
  );
  if (!row) throw notFound();
  return groupOf(row);
}

export async function deleteGroup(deps: ServerDeps, auth: AuthContext, id: string) {
  await getGroup(deps, auth, id);
  await deps.db.transaction((tx) => groups.deleteGroup(tx, auth.clientId, id));
  return { ok: true as const };
}

/** Contacts of another business in the list are refused as a whole (400), never half-applied. */
async function checkContacts(deps: ServerDeps, auth: AuthContext, contactIds: string[]) {
  await requireOwnContactRefs(deps.db, auth.clientId, 'contacts', contactIds, 'contactIds');
  return [...new Set(contactIds)];
}

export async function changeGroupMembers(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  contactIds: string[],
  change: 'add' | 'remove',
) {
  await getGroup(deps, auth, id);
  const ids = await checkContacts(deps, auth, contactIds);
  await deps.db.transaction((tx) =>
    change === 'add'
      ? groups.addMembers(tx, auth.clientId, id, ids)
      : groups.removeMembers(tx, auth.clientId, id, ids),
  );
  return getGroup(deps, auth, id);
}

// ---------------------------------------------------------------- tags (001 §2 contact tags, §3, §5)

function tagOf(row: tags.ContactTagRow): ContactTag {
  return { id: row.id, name: row.name, createdAt: row.createdAt.getTime() };
}

const tagTaken = () => conflict('contacts.tagTaken', { name: 'contacts.tagTaken' });

export async function listTags(deps: ServerDeps, auth: AuthContext) {
  const rows = await tags.listTags(deps.db, auth.clientId);
  return { items: rows.map(tagOf) };
}

export async function getTag(deps: ServerDeps, auth: AuthContext, id: string) {
  const row = await tags.findTag(deps.db, auth.clientId, id);
  if (!row) throw notFound();
  return tagOf(row);
}

export async function createTag(deps: ServerDeps, auth: AuthContext, input: { name: string }) {
  const row = await withUniqueName(
    () => tags.tagNameTaken(deps.db, auth.clientId, input.name),
    tagTaken,
    () => tags.insertTag(deps.db, { clientId: auth.clientId, id: uuidv7(), name: input.name }),
  );
  return tagOf(row);
}

export async function renameTag(deps: ServerDeps, auth: AuthContext, id: string, input: { name: string }) {
  await getTag(deps, auth, id);
  const row = await withUniqueName(
    () => tags.tagNameTaken(deps.db, auth.clientId, input.name, id),
    tagTaken,
    () => tags.renameTag(deps.db, auth.clientId, id, input.name),
  );
  if (!row) throw notFound();
  return tagOf(row);
}

export async function deleteTag(deps: ServerDeps, auth: AuthContext, id: string) {
  await getTag(deps, auth, id);
  await deps.db.transaction((tx) => tags.deleteTag(tx, auth.clientId, id));
  return { ok: true as const };
}

export async function changeTaggedContacts(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  contactIds: string[],
  change: 'add' | 'remove',
) {
  const tag = await getTag(deps, auth, id);
  const ids = await checkContacts(deps, auth, contactIds);
  if (change === 'add') await tags.tagContacts(deps.db, auth.clientId, id, ids);
  else await tags.untagContacts(deps.db, auth.clientId, id, ids);
  return tag;
}
