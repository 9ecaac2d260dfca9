import { type AdminUser, can, type MessageKey, managesRole, type Role, userLimitOf } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { decodeDbTimeCursor, encodeDbTimeCursor, keysetPage } from '../../platform/http/pagination.js';
import { findLiveAccessRole } from '../access-roles/index.js';
import { recordAudit } from '../audit/index.js';
import {
  belongsToAnotherBusiness,
  emailHasAccount,
  endAllSessions,
  hashPassword,
  publishIdentityChanged,
  recordFailure,
  refuseWhileLocked,
  setUserPassword,
  type ThrottlePolicy,
} from '../identity/index.js';
import { PLAN_REFUSAL_STATUS, planStateOf } from '../tenancy/index.js';
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

/** What the audit log keeps of a user (001 §2 audit logs): never the password, only that it changed. */
const auditSnapshot = (row: repo.AdminUserRow) => ({
  name: row.name,
  email: row.email,
  role: row.role,
  csPosition: row.csPosition,
  accessRole: row.accessRoleName,
  csTags: row.csTags,
});

/** Records a change of a user, reading the row as it is now inside the transaction. */
async function auditUser(
  tx: DbOrTx,
  auth: AuthContext,
  action: 'user.created' | 'user.updated' | 'user.deleted',
  userId: string,
  before: repo.AdminUserRow | null,
  extra: Record<string, unknown> = {},
) {
  const now = action === 'user.deleted' ? null : await repo.findUser(tx, auth.clientId, userId);
  const label = (now ?? before)?.name ?? null;
  await recordAudit(tx, {
    clientId: auth.clientId,
    actorUserId: auth.userId,
    area: 'USERS',
    action,
    target: { type: 'user', id: userId, label },
    before: before ? auditSnapshot(before) : null,
    after: now ? { ...auditSnapshot(now), ...extra } : null,
  });
}

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
const encodeCursor = (row: repo.AdminUserRow) => encodeDbTimeCursor(row.cursorAt, row.id);
function decodeCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const position = decodeDbTimeCursor(cursor);
  if (!position) throw badRequest('validation.invalid');
  return { createdAt: position.at, id: position.id };
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
    const accessRole = await findLiveAccessRole(deps.db, auth.clientId, input.accessRoleId);
    if (!accessRole) throw badRequest('validation.invalid', { accessRoleId: 'http.notFound' });
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

/**
 * 001 §6, §8: the user count is limited by the plan (its users plus the extra users bought): 'maximum users
 * reached' (402, like every plan limit). The business's plan row is locked, so two additions racing for the
 * last place are counted one after the other.
 */
async function refuseAboveUserLimit(tx: DbOrTx, clientId: string): Promise<void> {
  const limit = userLimitOf(await planStateOf(tx, clientId, { lock: true }), new Date());
  if (limit !== null && (await repo.countMembers(tx, clientId)) >= limit)
    throw new AppError(PLAN_REFUSAL_STATUS, 'subscription.maxUsers');
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
  if (await emailHasAccount(deps.db, input.email)) throw await emailTaken();
  const featureAccess = await resolveAccess(deps, auth, input.role, input);
  const userId = uuidv7();
  const passwordHash = await hashPassword(input.password);
  await deps.db
    .transaction(async (tx) => {
      await refuseAboveUserLimit(tx, auth.clientId);
      await repo.insertUser(tx, { id: userId, email: input.email, name: input.name, passwordHash });
      await setUserPassword(tx, userId, passwordHash);
      await repo.upsertMembership(tx, {
        clientId: auth.clientId,
        userId,
        role: input.role,
        csPosition: input.csPosition,
        accessRoleId: input.accessRoleId,
        featureAccess,
        csTags: input.csTags,
      });
      await auditUser(tx, auth, 'user.created', userId, null);
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
  if (input.password && (await belongsToAnotherBusiness(deps.db, userId, auth.clientId))) {
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
    if (passwordHash) await setUserPassword(tx, userId, passwordHash);
    await auditUser(
      tx,
      auth,
      'user.updated',
      userId,
      existing,
      passwordHash ? { passwordChanged: true } : {},
    );
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
  await deps.db.transaction(async (tx) => {
    await repo.softDeleteMembership(tx, auth.clientId, userId);
    await auditUser(tx, auth, 'user.deleted', userId, existing);
  });
  await endAllSessions(deps, userId, auth.clientId);
  await publishIdentityChanged(deps.bus, { userId });
}
