import { type AdminUser, can, type MessageKey, type Role } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { findAccessRole } from '../access-roles/access-roles.repository.js';
import { findUserByEmail, setPassword } from '../identity/identity.repository.js';
import { hashPassword } from '../identity/passwords.js';
import { endAllSessions } from '../identity/sessions.js';
import * as repo from './users.repository.js';

/**
 * Asked before a user leaves a business; answers true when something (open or assigned tickets) still
 * needs them (001 §5: a user cannot be deleted while assigned or open tickets exist).
 */
export type UserDeletionGuard = (clientId: string, userId: string) => Promise<boolean>;

interface UserInput {
  name: string;
  role: 'ADC' | 'USC';
  accessRoleId: string | null;
  csPosition: 'SPV1' | 'SPV2' | 'CS1' | 'CS2' | null;
  csTags: string[];
  password?: string | undefined;
}

function toAdminUser(row: repo.AdminUserRow): AdminUser {
  return {
    ...row,
    createdAt: row.createdAt.getTime(),
    lastSignedInAt: row.lastSignedInAt ? row.lastSignedInAt.getTime() : null,
  };
}

const encodeCursor = (row: repo.AdminUserRow) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
function decodeCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id))
    throw badRequest('validation.invalid');
  return { createdAt, id };
}

export async function listAdminUsers(
  deps: ServerDeps,
  auth: AuthContext,
  query: { search?: string | undefined; cursor?: string | undefined; limit: number },
) {
  const rows = await repo.listUsers(deps.db, auth.clientId, {
    search: query.search,
    after: decodeCursor(query.cursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toAdminUser),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

export async function getAdminUser(deps: ServerDeps, auth: AuthContext, userId: string): Promise<AdminUser> {
  const row = await repo.findUser(deps.db, auth.clientId, userId);
  if (!row) throw notFound();
  return toAdminUser(row);
}

/**
 * Resolves the access role and checks the CS position rule (001 §5: role required only when the user has
 * Chat Inbox access, empty otherwise). Returns the feature string the membership gets.
 */
async function resolveAccess(deps: ServerDeps, auth: AuthContext, role: Role, input: UserInput) {
  let featureAccess: string | null = null;
  if (input.accessRoleId) {
    const accessRole = await findAccessRole(deps.db, auth.clientId, input.accessRoleId);
    if (!accessRole || accessRole.isDeleted)
      throw badRequest('validation.invalid', { accessRoleId: 'http.notFound' });
    featureAccess = accessRole.featureAccess;
  }
  const hasInbox = can(
    {
      role,
      userFeatures: featureAccess,
      clientPlanFeatures: auth.planFeatures,
      accountCountry: auth.accountCountry,
    },
    'CUSTOMER_SERVICE_INBOX',
  );
  const problem: MessageKey | null =
    hasInbox && !input.csPosition
      ? 'user.roleRequired'
      : !hasInbox && input.csPosition
        ? 'user.roleNotAllowed'
        : null;
  if (problem) throw badRequest(problem, { csPosition: problem });
  return featureAccess;
}

export async function createAdminUser(
  deps: ServerDeps,
  auth: AuthContext,
  input: UserInput & { email: string; password: string },
): Promise<AdminUser> {
  if (await findUserByEmail(deps.db, input.email))
    throw conflict('user.emailTaken', { email: 'user.emailTaken' });
  const featureAccess = await resolveAccess(deps, auth, input.role, input);
  const userId = uuidv7();
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await repo.insertUser(tx, { id: userId, email: input.email, name: input.name, passwordHash });
    await setPassword(tx, userId, passwordHash);
    await repo.upsertMembership(tx, {
      clientId: auth.clientId,
      userId,
      role: input.role,
      csPosition: input.csPosition,
      accessRoleId: input.accessRoleId,
      featureAccess,
      csTags: input.csTags,
    });
  });
  return getAdminUser(deps, auth, userId);
}

export async function updateAdminUser(
  deps: ServerDeps,
  auth: AuthContext,
  userId: string,
  input: UserInput,
): Promise<AdminUser> {
  const existing = await repo.findUser(deps.db, auth.clientId, userId);
  if (!existing) throw notFound();
  // The owner stays the owner: the role of the business's owner is not edited here.
  const role: Role = existing.role === 'OWN' ? 'OWN' : input.role;
  const featureAccess = await resolveAccess(deps, auth, role, input);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  await deps.db.transaction(async (tx) => {
    await repo.updateUserProfile(tx, userId, { name: input.name });
    await repo.updateMembership(tx, auth.clientId, userId, {
      role,
      csPosition: input.csPosition,
      accessRoleId: input.accessRoleId,
      featureAccess,
      csTags: input.csTags,
    });
    if (passwordHash) await setPassword(tx, userId, passwordHash);
  });
  // New access reaches the user's token at its next refresh (within one access-token lifetime);
  // a new password ends their sessions now.
  if (passwordHash) await endAllSessions(deps, userId);
  return getAdminUser(deps, auth, userId);
}

export async function deleteAdminUser(
  deps: ServerDeps,
  auth: AuthContext,
  userId: string,
  guards: readonly UserDeletionGuard[],
): Promise<void> {
  const existing = await repo.findUser(deps.db, auth.clientId, userId);
  if (!existing) throw notFound();
  if (userId === auth.userId) throw new AppError(409, 'user.cannotDeleteSelf');
  if (existing.role === 'OWN') throw new AppError(409, 'user.cannotDeleteOwner');
  for (const guard of guards) {
    if (await guard(auth.clientId, userId)) throw new AppError(409, 'user.deleteBlockedTickets');
  }
  await repo.softDeleteMembership(deps.db, auth.clientId, userId);
  await endAllSessions(deps, userId, auth.clientId);
}
