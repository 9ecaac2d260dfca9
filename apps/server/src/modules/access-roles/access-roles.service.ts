import { type AccessRole, type AccessRoleValues, featureStringForAccessRole } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { publishIdentityChanged } from '../identity/me-cache.js';
import * as repo from './access-roles.repository.js';

function toAccessRole({ role, userCount }: { role: repo.AccessRoleRow; userCount: number }): AccessRole {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    menus: role.menus,
    allMenu: role.allMenu,
    featureAccess: role.featureAccess,
    isDeleted: role.isDeleted,
    userCount,
  };
}

/** A concurrent request took the name between the check and the write: the same 409, not a 500. */
function nameTakenOnRace(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict('role.nameTaken', { name: 'role.nameTaken' });
  throw error;
}

export async function listAccessRoles(deps: ServerDeps, auth: AuthContext, isDeleted: boolean) {
  const rows = await repo.listAccessRoles(deps.db, auth.clientId, isDeleted);
  return { items: rows.map(toAccessRole) };
}

export async function getAccessRoleByName(deps: ServerDeps, auth: AuthContext, name: string) {
  const row = await repo.findAccessRoleWithCount(deps.db, auth.clientId, { name });
  if (!row) throw notFound();
  return toAccessRole(row);
}

async function byId(deps: ServerDeps, auth: AuthContext, id: string) {
  const row = await repo.findAccessRoleWithCount(deps.db, auth.clientId, { id });
  if (!row || row.role.isDeleted) throw notFound();
  return row;
}

export async function createAccessRole(deps: ServerDeps, auth: AuthContext, input: AccessRoleValues) {
  if (await repo.nameTaken(deps.db, auth.clientId, input.name))
    throw conflict('role.nameTaken', { name: 'role.nameTaken' });
  const id = uuidv7();
  await repo
    .insertAccessRole(deps.db, {
      clientId: auth.clientId,
      id,
      name: input.name,
      description: input.description ?? null,
      menus: input.menus,
      allMenu: input.allMenu,
      featureAccess: featureStringForAccessRole(input),
    })
    .catch(nameTakenOnRace);
  return toAccessRole(await byId(deps, auth, id));
}

export async function updateAccessRole(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  input: AccessRoleValues,
) {
  await byId(deps, auth, id);
  if (await repo.nameTaken(deps.db, auth.clientId, input.name, id))
    throw conflict('role.nameTaken', { name: 'role.nameTaken' });
  const featureAccess = featureStringForAccessRole(input);
  await deps.db
    .transaction(async (tx) => {
      await repo.updateAccessRole(tx, auth.clientId, id, {
        name: input.name,
        description: input.description ?? null,
        menus: input.menus,
        allMenu: input.allMenu,
        featureAccess,
      });
      await repo.applyRoleToMembers(tx, auth.clientId, id, featureAccess);
    })
    .catch(nameTakenOnRace);
  await publishIdentityChanged(deps.bus, { clientId: auth.clientId });
  return toAccessRole(await byId(deps, auth, id));
}

/** Deletion is refused while users hold the role (001 §6); a deleted role stays listed with isDeleted. */
export async function deleteAccessRole(deps: ServerDeps, auth: AuthContext, id: string) {
  await byId(deps, auth, id);
  if ((await repo.countHolders(deps.db, auth.clientId, id)) > 0) throw conflict('role.inUse');
  await repo.updateAccessRole(deps.db, auth.clientId, id, { isDeleted: true });
}
