import type { MessageKey } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import { requireOwnedIds } from '../../platform/db/owned-ids.js';
import { conflict } from '../../platform/http/errors.js';
import * as repo from './identity.repository.js';

/** A person joining a business: who they are and their place in it (000 §3 User record). */
export interface MemberEnrolment {
  email: string;
  name: string;
  phone?: string | null;
  passwordHash: string;
  role: repo.MembershipRow['role'];
  csPosition?: repo.MembershipRow['csPosition'];
  featureAccess?: string | null;
  /** Refuse an email that already has an account (a self-service sign-up never joins someone's identity). */
  newIdentityOnly?: boolean | undefined;
}

/**
 * Adds a person to a business inside the caller's transaction and returns their user id. An email that
 * already has an account joins with that identity (a multi-client user); otherwise a new identity is created
 * with the given password.
 */
export async function enrolMember(tx: DbOrTx, clientId: string, member: MemberEnrolment): Promise<string> {
  const existing = await repo.findUserByEmail(tx, member.email);
  if (existing && member.newIdentityOnly) throw conflict('signUp.emailUsed', { email: 'signUp.emailUsed' });
  const userId = existing?.id ?? uuidv7();
  if (!existing) {
    await repo.insertUser(tx, {
      id: userId,
      email: member.email,
      name: member.name,
      phone: member.phone ?? null,
      passwordHash: member.passwordHash,
    });
    await repo.setPassword(tx, userId, member.passwordHash);
  }
  await repo.insertMembership(tx, {
    clientId,
    userId,
    role: member.role,
    csPosition: member.csPosition ?? null,
    featureAccess: member.featureAccess ?? null,
  });
  return userId;
}

/** True when the email (any case) already belongs to an account anywhere in the product. */
export async function emailHasAccount(db: DbOrTx, email: string): Promise<boolean> {
  return (await repo.findUserByEmail(db, email)) !== undefined;
}

/** True when the user also signs in to a business other than `clientId`. */
export async function belongsToAnotherBusiness(
  db: DbOrTx,
  userId: string,
  clientId: string,
): Promise<boolean> {
  return (await repo.listActiveMemberships(db, userId)).some((m) => m.client.id !== clientId);
}

/** The user's live membership of the business, with the business row; undefined when they are not a member. */
export function activeMembershipOf(db: DbOrTx, clientId: string, userId: string) {
  return repo.findActiveMembership(db, clientId, userId);
}

/** The account with this email when it is a live member of the business, else undefined. */
export async function findMemberByEmail(db: DbOrTx, clientId: string, email: string) {
  const user = await repo.findUserByEmail(db, email);
  const membership = user ? await repo.findActiveMembership(db, clientId, user.id) : undefined;
  return user && membership ? user : undefined;
}

/** Sets a new password (inside the caller's transaction): kept in the history, every session version ends. */
export function setUserPassword(tx: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  return repo.setPassword(tx, userId, passwordHash);
}

/**
 * Refuses a body that names someone who is not a live member of the business (400 with the field's message);
 * `csOnly` admits only members with a CS position.
 */
export function requireOwnMembers(
  db: DbOrTx,
  clientId: string,
  userIds: readonly string[],
  refusal: { field: string; key: MessageKey },
  options: { csOnly?: boolean } = {},
): Promise<void> {
  return requireOwnedIds(
    db,
    options.csOnly ? repo.CS_MEMBER_ROWS : repo.MEMBER_ROWS,
    clientId,
    userIds,
    refusal,
  );
}

/** A person's name by user id (shown on messages they sent), or null for an unknown id. */
export async function userNameOf(db: DbOrTx, userId: string): Promise<string | null> {
  return (await repo.findUserById(db, userId))?.name ?? null;
}

/** A live member of the business whose account is active, with their CS position; undefined otherwise. */
export function activeMemberOf(db: DbOrTx, clientId: string, userId: string) {
  return repo.findActiveMember(db, clientId, userId);
}
