import { type AccessRole, type AccessRoleValues, featureStringForAccessRole } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { recordAudit } from '../audit/index.js';
import { publishIdentityChanged } from '../identity/index.js';
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

/** The business's access role with this id, or undefined when it is unknown or deleted. */
export async function findLiveAccessRole(db: DbOrTx, clientId: string, id: string) {
  const role = await repo.findAccessRole(db, clientId, id);
  return role && !role.isDeleted ? role : undefined;
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

type RoleSnapshot = Pick<repo.AccessRoleRow, 'name' | 'description' | 'menus' | 'allMenu'>;
const roleSnapshot = (r: RoleSnapshot) => ({
  name: r.name,
  description: r.description,
  menus: r.menus,
  allMenu: r.allMenu,
});

/** A change of an access role in the business audit log (001 §2), in the transaction of the change. */
function auditRole(
  tx: DbOrTx,
  auth: AuthContext,
  action: 'role.created' | 'role.updated' | 'role.deleted',
  id: string,
  before: RoleSnapshot | null,
  after: RoleSnapshot | null,
) {
  return recordAudit(tx, {
    clientId: auth.clientId,
    actorUserId: auth.userId,
    area: 'ROLES',
    action,
    target: { type: 'accessRole', id, label: (after ?? before)?.name ?? null },
    before: before && roleSnapshot(before),
    after: after && roleSnapshot(after),
  });
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
  const values = roleSnapshot({ ...input, description: input.description ?? null });
  await deps.db
    .transaction(async (tx) => {
      await repo.insertAccessRole(tx, {
        clientId: auth.clientId,
        id,
        ...values,
        featureAccess: featureStringForAccessRole(input),
      });
      await auditRole(tx, auth, 'role.created', id, null, values);
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
  const { role: before } = await byId(deps, auth, id);
  if (await repo.nameTaken(deps.db, auth.clientId, input.name, id))
    throw conflict('role.nameTaken', { name: 'role.nameTaken' });
  const featureAccess = featureStringForAccessRole(input);
  const values = roleSnapshot({ ...input, description: input.description ?? null });
  await deps.db
    .transaction(async (tx) => {
      await repo.updateAccessRole(tx, auth.clientId, id, { ...values, featureAccess });
      await repo.applyRoleToMembers(tx, auth.clientId, id, featureAccess);
      await auditRole(tx, auth, 'role.updated', id, before, values);
    })
    .catch(nameTakenOnRace);
  await publishIdentityChanged(deps.bus, { clientId: auth.clientId });
  return toAccessRole(await byId(deps, auth, id));
}

/** Deletion is refused while users hold the role (001 §6); a deleted role stays listed with isDeleted. */
export async function deleteAccessRole(deps: ServerDeps, auth: AuthContext, id: string) {
  const { role } = await byId(deps, auth, id);
  if ((await repo.countHolders(deps.db, auth.clientId, id)) > 0) throw conflict('role.inUse');
  await deps.db.transaction(async (tx) => {
    await repo.updateAccessRole(tx, auth.clientId, id, { isDeleted: true });
    await auditRole(tx, auth, 'role.deleted', id, role, null);
  });
}
