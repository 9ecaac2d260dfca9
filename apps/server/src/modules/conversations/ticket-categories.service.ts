import type { TicketCategory } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import * as repo from './ticket-categories.repository.js';
import { publishTicketsUpdated } from './ticket-properties.service.js';

/** 001 §8 "Duplicate titles": the same 409 whether found by the check or by the unique index (a race). */
const nameTaken = () => conflict('ticket.categoryTaken', { name: 'ticket.categoryTaken' });
function nameTakenOnRace(error: unknown): never {
  if (isUniqueViolation(error)) throw nameTaken();
  throw error;
}

async function byId(deps: ServerDeps, clientId: string, id: string): Promise<TicketCategory> {
  const row = await repo.findCategory(deps.db, clientId, id);
  if (!row) throw notFound();
  return row;
}

/** 000 §7 GET csplatform/categories. */
export async function listCategories(deps: ServerDeps, auth: AuthContext) {
  return { items: await repo.listCategories(deps.db, auth.clientId) };
}

/** 000 §7 POST csplatform/categories; names are unique per business, case-insensitively. */
export async function createCategory(deps: ServerDeps, auth: AuthContext, input: { name: string }) {
  if (await repo.nameTaken(deps.db, auth.clientId, input.name)) throw nameTaken();
  const id = uuidv7();
  await repo
    .insertCategory(deps.db, { clientId: auth.clientId, id, name: input.name })
    .catch(nameTakenOnRace);
  return byId(deps, auth.clientId, id);
}

/** 000 §7 PUT csplatform/categories; open tickets carrying it show the new name live. */
export async function renameCategory(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  input: { name: string },
) {
  const current = await byId(deps, auth.clientId, id);
  if (current.name === input.name) return current;
  if (await repo.nameTaken(deps.db, auth.clientId, input.name, id)) throw nameTaken();
  await repo.renameCategory(deps.db, auth.clientId, id, input.name).catch(nameTakenOnRace);
  await publishTicketsUpdated(deps, auth.clientId, { categoryId: id });
  return byId(deps, auth.clientId, id);
}

/** 000 §7 DELETE csplatform/categories: tickets that carried it lose it (in the same transaction). */
export async function deleteCategory(deps: ServerDeps, auth: AuthContext, id: string) {
  await byId(deps, auth.clientId, id);
  const open = await deps.db.transaction((tx) => repo.deleteCategory(tx, auth.clientId, id));
  await publishTicketsUpdated(deps, auth.clientId, { ids: open });
}
