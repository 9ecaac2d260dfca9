import { type AdminUser, can, type MessageKey, managesRole, type Role } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { keysetPage } from '../../platform/http/pagination.js';
import { findAccessRole } from '../access-roles/access-roles.repository.js';
import { recordFailure, refuseWhileLocked, type ThrottlePolicy } from '../identity/attempt-throttle.js';
import { findUserByEmail, listActiveMemberships, setPassword } from '../identity/identity.repository.js';
import { publishIdentityChanged } from '../identity/me-cache.js';
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

/**
 * Emails are one per person in the whole product (001 §5), so adding a user whose email has an account
 * somewhere must be refused. The refusal is the same whether that account is in this business or another,
 * and a business gets at most 10 refusals an hour before it must wait (issue 15: no probing for accounts).
 */
const EMAIL_REFUSALS: ThrottlePolicy = {
  scope: 'user-email-refusal',
  limit: 10,
  windowMs: 3_600_000,
  baseLockMs: 15 * 60_000,
  maxLockMs: 3_600_000,
  message: 'user.tooManyRefusals',
};

/** 000 §6 OWN > ADC > USC: the caller manages only users below their own role (themselves aside). */
function assertManages(auth: AuthContext, role: Role) {
  if (!managesRole(auth.role, role))
    throw new AppError(403, 'user.notBelowYou', { fields: { role: 'user.notBelowYou' } });
}

/**
 * The users whose messages (reset codes) the caller may read: themselves, and the members of this business
 * below them who belong to no other business (their account is this business's alone to manage).
 */
export async function managedUserIds(deps: ServerDeps, auth: AuthContext): Promise<string[]> {
  const members = await repo.listMembersOnlyHere(deps.db, auth.clientId);
  return [auth.userId, ...members.filter((m) => managesRole(auth.role, m.role)).map((m) => m.userId)];
}

function toAdminUser({ cursorAt: _cursorAt, ...row }: repo.AdminUserRow): AdminUser {
  return {
    ...row,
    createdAt: row.createdAt.getTime(),
    lastSignedInAt: row.lastSignedInAt ? row.lastSignedInAt.getTime() : null,
  };
}

// The cursor carries created_at to the microsecond: rows created in the same millisecond (or transaction)
// would otherwise be skipped.
const encodeCursor = (row: repo.AdminUserRow) =>
  Buffer.from(`${row.cursorAt}|${row.id}`).toString('base64url');
const CURSOR_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[ T]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/;
/** A real calendar date (the database would fail on 2026-02-30 with a 500). */
function isCursorTime(value: string): boolean {
  const m = CURSOR_TIME.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
function decodeCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    !id ||
    !createdAt ||
    !isCursorTime(createdAt) ||
    !/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/.test(id)
  )
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
  const { page, nextCursor } = keysetPage(rows, query.limit, encodeCursor);
  return { items: page.map(toAdminUser), nextCursor };
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
  assertManages(auth, input.role);
  const refusals = { accountKey: auth.clientId, address: '' };
  await refuseWhileLocked(deps.db, EMAIL_REFUSALS, refusals);
  const emailTaken = async () => {
    await recordFailure(deps.db, EMAIL_REFUSALS, refusals);
    return conflict('user.emailTaken', { email: 'user.emailTaken' });
  };
  if (await findUserByEmail(deps.db, input.email)) throw await emailTaken();
  const featureAccess = await resolveAccess(deps, auth, input.role, input);
  const userId = uuidv7();
  const passwordHash = await hashPassword(input.password);
  await deps.db
    .transaction(async (tx) => {
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
    })
    .catch(async (error: unknown) => {
      // Another request registered the email between the check and the insert: the same 409, not a 500.
      if (isUniqueViolation(error)) throw await emailTaken();
      throw error;
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
  // Nobody but the owner changes the owner; an admin edits only the users below them and raises nobody to
  // their own role. Editing oneself is allowed (the owner stays the owner).
  if (userId !== auth.userId) {
    assertManages(auth, existing.role);
    assertManages(auth, input.role);
  }
  const role: Role = existing.role === 'OWN' ? 'OWN' : input.role;
  const featureAccess = await resolveAccess(deps, auth, role, input);
  // The identity is shared by every business the user belongs to: an admin here may not set the password
  // of someone who also signs in to another business (that would hand over their account there).
  if (
    input.password &&
    (await listActiveMemberships(deps.db, userId)).some((m) => m.client.id !== auth.clientId)
  ) {
    throw new AppError(403, 'user.passwordOtherBusiness', {
      fields: { password: 'user.passwordOtherBusiness' },
    });
  }
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
  await publishIdentityChanged(deps.bus, { userId });
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
  assertManages(auth, existing.role);
  for (const guard of guards) {
    if (await guard(auth.clientId, userId)) throw new AppError(409, 'user.deleteBlockedTickets');
  }
  await repo.softDeleteMembership(deps.db, auth.clientId, userId);
  await endAllSessions(deps, userId, auth.clientId);
  await publishIdentityChanged(deps.bus, { userId });
}
