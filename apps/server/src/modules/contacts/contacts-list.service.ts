import type {
  ChannelCode,
  ContactListItem,
  ContactProfile,
  contactListQuerySchema,
  contactProfileInputSchema,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { decodeTimeCursor, encodeTimeCursor, keysetPage } from '../../platform/http/pagination.js';
import { checkCustomValues } from './contact-fields.service.js';
import { requireOwnContactRefs } from './contact-refs.js';
import type { ContactTickets } from './contact-tickets.js';
import { findContact, lockPhone, phoneTaken } from './contacts.repository.js';
import {
  duplicatePhone,
  duplicatePhoneAsConflict,
  getContactDetail,
  updateContact,
} from './contacts.service.js';
import * as repo from './contacts-list.repository.js';

type ListQuery = z.output<typeof contactListQuerySchema>;
type ProfileInput = z.output<typeof contactProfileInputSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The contact pages' keyset cursors are the last row's id; anything else is a 400, never a query error. */
export function checkIdCursor(cursor: string | undefined): string | undefined {
  if (cursor && !UUID.test(cursor)) throw badRequest('validation.invalid');
  return cursor;
}

/** 001 §2 Contacts list: newest first, keyset pages; search by name or phone, filter by tag, group, channel. */
export async function listContacts(
  deps: ServerDeps,
  auth: AuthContext,
  query: ListQuery,
): Promise<{ items: ContactListItem[]; nextCursor: string | null }> {
  const rows = await repo.listContacts(deps.db, auth.clientId, {
    search: query.search,
    tagId: query.tagId,
    groupId: query.groupId,
    channel: query.channel,
    beforeId: checkIdCursor(query.cursor),
    limit: query.limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, query.limit, (last) => last.id);
  const ids = page.map((r) => r.id);
  const [tags, channels] = await Promise.all([
    repo.tagsOfContacts(deps.db, auth.clientId, ids),
    repo.channelsOfContacts(deps.db, auth.clientId, ids),
  ]);
  return {
    items: page.map((r) => ({
      id: r.id,
      name: r.name,
      phone: r.phone,
      email: r.email,
      mainChannel: r.mainChannel as ChannelCode | null,
      channels: channels.filter((c) => c.contactId === r.id).map((c) => c.channel as ChannelCode),
      tags: tags.filter((t) => t.contactId === r.id).map(({ id, name }) => ({ id, name })),
      createdAt: r.createdAt.getTime(),
    })),
    nextCursor,
  };
}

/** The contact page's detail: the inbox panel's detail plus tags, groups and the CRM fields. */
export async function getContactProfile(
  deps: ServerDeps,
  tickets: ContactTickets,
  auth: AuthContext,
  id: string,
): Promise<ContactProfile> {
  const detail = await getContactDetail(deps, tickets, auth, id);
  const [extras, tags, groups] = await Promise.all([
    repo.findContactExtras(deps.db, auth.clientId, id),
    repo.tagsOfContacts(deps.db, auth.clientId, [id]),
    repo.groupsOfContact(deps.db, auth.clientId, id),
  ]);
  if (!extras) throw notFound();
  return {
    ...detail,
    mainChannel: extras.mainChannel as ChannelCode | null,
    birthDate: extras.birthDate,
    lastEducation: extras.lastEducation,
    averageTransaction: null,
    tags: tags.map(({ id: tagId, name }) => ({ id: tagId, name })),
    groups,
    customValues: extras.customValues,
  };
}

/** The CRM fields of an input over the contact's current ones (a field left out keeps its value). */
async function extrasOf(
  deps: ServerDeps,
  auth: AuthContext,
  input: ProfileInput,
  current: repo.ContactExtras,
): Promise<repo.ContactExtras> {
  return {
    mainChannel: input.mainChannel === undefined ? current.mainChannel : input.mainChannel,
    birthDate: input.birthDate === undefined ? current.birthDate : input.birthDate || null,
    lastEducation: input.lastEducation === undefined ? current.lastEducation : input.lastEducation || null,
    customValues: await checkCustomValues(deps.db, auth.clientId, current.customValues, input.customValues),
  };
}

/** Tags and groups of another business, or unknown ones, refuse the whole body (never silently dropped). */
async function requireOwnTagsAndGroups(deps: ServerDeps, auth: AuthContext, input: ProfileInput) {
  await requireOwnContactRefs(deps.db, auth.clientId, 'tags', input.tagIds, 'tagIds');
  await requireOwnContactRefs(deps.db, auth.clientId, 'groups', input.groupIds, 'groupIds');
}

const NO_EXTRAS: repo.ContactExtras = {
  mainChannel: null,
  birthDate: null,
  lastEducation: null,
  customValues: {},
};

/**
 * 001 §2 add contact; 001 §3, §5, §8: name required (max 150), phone with country code, a phone another
 * contact has is refused ("Duplicate contact: delete the existing one to update").
 */
export async function createContact(
  deps: ServerDeps,
  tickets: ContactTickets,
  auth: AuthContext,
  input: ProfileInput,
): Promise<ContactProfile> {
  const id = uuidv7();
  await requireOwnTagsAndGroups(deps, auth, input);
  const extras = await extrasOf(deps, auth, input, NO_EXTRAS);
  const phone = input.phone ?? null;
  await duplicatePhoneAsConflict(
    deps.db.transaction(async (tx) => {
      if (phone) {
        await lockPhone(tx, auth.clientId, phone);
        if (await phoneTaken(tx, auth.clientId, phone, id)) throw duplicatePhone();
      }
      await repo.insertContact(tx, {
        clientId: auth.clientId,
        id,
        name: input.name,
        phone,
        email: input.email ?? null,
        ...extras,
      });
      await repo.setContactTags(tx, auth.clientId, id, input.tagIds ?? []);
      await repo.setContactGroups(tx, auth.clientId, id, input.groupIds ?? []);
    }),
  );
  return getContactProfile(deps, tickets, auth, id);
}

/**
 * 001 §2 edit contact: name, phone and email through the inbox panel's rules (PATCH /api/contacts/:id),
 * then the CRM fields; tags and groups, when given, become exactly the listed ones.
 */
export async function saveContactProfile(
  deps: ServerDeps,
  tickets: ContactTickets,
  auth: AuthContext,
  id: string,
  input: ProfileInput,
): Promise<ContactProfile> {
  const current = await repo.findContactExtras(deps.db, auth.clientId, id);
  if (!current) throw notFound();
  await requireOwnTagsAndGroups(deps, auth, input);
  const extras = await extrasOf(deps, auth, input, current);
  await updateContact(deps, tickets, auth, id, { name: input.name, phone: input.phone, email: input.email });
  await deps.db.transaction(async (tx) => {
    await repo.updateContactExtras(tx, auth.clientId, id, extras);
    if (input.tagIds) await repo.setContactTags(tx, auth.clientId, id, input.tagIds);
    if (input.groupIds) await repo.setContactGroups(tx, auth.clientId, id, input.groupIds);
  });
  return getContactProfile(deps, tickets, auth, id);
}

/**
 * 001 §2 delete contact (after confirmation in the web app). A contact with chats keeps them: their
 * tickets name the contact, so it cannot be deleted (409).
 */
export async function deleteContact(
  deps: ServerDeps,
  tickets: ContactTickets,
  auth: AuthContext,
  id: string,
) {
  const contact = await findContact(deps.db, auth.clientId, id);
  if (!contact) throw notFound();
  await deps.db.transaction(async (tx) => {
    if (await tickets.exists(tx, auth.clientId, id)) throw conflict('contacts.hasChats');
    await repo.deleteContact(tx, auth.clientId, id);
  });
  return { ok: true as const };
}

/** 001 §2 contact detail, chat history: every ticket of the contact, latest activity first. */
export async function listContactChats(
  deps: ServerDeps,
  tickets: ContactTickets,
  auth: AuthContext,
  id: string,
  query: { cursor?: string | undefined; limit: number },
) {
  if (!(await findContact(deps.db, auth.clientId, id))) throw notFound();
  const before = query.cursor ? decodeTimeCursor(query.cursor) : null;
  if (query.cursor && !before) throw badRequest('validation.invalid');
  const rows = await tickets.list(deps.db, auth.clientId, id, before, query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (last) =>
    encodeTimeCursor(last.lastMessageAt, last.id),
  );
  return {
    items: page.map((t) => ({ ...t, lastMessageAt: t.lastMessageAt.getTime() })),
    nextCursor,
  };
}
