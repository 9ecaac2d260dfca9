import type { LibraryEntry, LibraryKind } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import * as repo from './cs-library.repository.js';

/** 001 §8 "Duplicate titles": the same 409 whether found by the check or by the unique index (a race). */
export const titleTaken = () => conflict('library.titleTaken', { title: 'library.titleTaken' });
export function titleTakenOnRace(error: unknown): never {
  if (isUniqueViolation(error)) throw titleTaken();
  throw error;
}

const toEntry = (row: {
  id: string;
  title: string;
  content: string | null;
  updatedAt: Date;
}): LibraryEntry => ({
  ...row,
  updatedAt: row.updatedAt.getTime(),
});

async function byId(deps: ServerDeps, clientId: string, kind: LibraryKind, id: string) {
  const row = await repo.findEntry(deps.db, clientId, kind, id);
  if (!row) throw notFound();
  return toEntry(row);
}

/** 001 §3 quick replies, remarks, chat tags of the business, by title. */
export async function listEntries(deps: ServerDeps, auth: AuthContext, kind: LibraryKind, search?: string) {
  return { items: (await repo.listEntries(deps.db, auth.clientId, kind, search)).map(toEntry) };
}

export async function createEntry(
  deps: ServerDeps,
  auth: AuthContext,
  kind: LibraryKind,
  input: { title: string; content?: string },
) {
  if (await repo.titleTaken(deps.db, auth.clientId, kind, input.title)) throw titleTaken();
  const id = uuidv7();
  await repo
    .insertEntry(deps.db, kind, {
      clientId: auth.clientId,
      id,
      title: input.title,
      content: input.content ?? null,
    })
    .catch(titleTakenOnRace);
  return byId(deps, auth.clientId, kind, id);
}

export async function updateEntry(
  deps: ServerDeps,
  auth: AuthContext,
  kind: LibraryKind,
  id: string,
  input: { title: string; content?: string },
) {
  await byId(deps, auth.clientId, kind, id);
  if (await repo.titleTaken(deps.db, auth.clientId, kind, input.title, id)) throw titleTaken();
  await repo
    .updateEntry(deps.db, kind, auth.clientId, id, { title: input.title, content: input.content ?? null })
    .catch(titleTakenOnRace);
  return byId(deps, auth.clientId, kind, id);
}

export async function deleteEntry(deps: ServerDeps, auth: AuthContext, kind: LibraryKind, id: string) {
  await byId(deps, auth.clientId, kind, id);
  await repo.deleteEntry(deps.db, kind, auth.clientId, id);
  return { ok: true as const };
}
