import type { Language } from '@sapa/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import type { OwnedRows } from '../../platform/db/owned-ids.js';
import { clients } from '../tenancy/tenancy.schema.js';
import { memberships, passwordHistory, passwordResets, refreshTokens, users } from './identity.schema.js';

export type UserRow = typeof users.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;

/** The users of a business (not removed from it): for refusing a body that names someone else (requireOwnedIds). */
export const MEMBER_ROWS: OwnedRows = {
  table: memberships,
  id: memberships.userId,
  clientId: memberships.clientId,
  live: isNull(memberships.deletedAt),
};

/** The users of a business who hold a CS position (who may join CS groups). */
export const CS_MEMBER_ROWS: OwnedRows = {
  ...MEMBER_ROWS,
  live: and(isNull(memberships.deletedAt), sql`${memberships.csPosition} is not null`),
};

export async function insertUser(db: DbOrTx, row: typeof users.$inferInsert): Promise<void> {
  await db.insert(users).values(row);
}

export async function insertMembership(db: DbOrTx, row: typeof memberships.$inferInsert): Promise<void> {
  await db.insert(memberships).values(row);
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserByPhone(db: DbOrTx, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The businesses a user may sign in to, oldest membership first. */
export async function listActiveMemberships(db: DbOrTx, userId: string) {
  return db
    .select({ membership: memberships, client: clients })
    .from(memberships)
    .innerJoin(clients, eq(clients.id, memberships.clientId))
    .where(and(eq(memberships.userId, userId), isNull(memberships.deletedAt)))
    .orderBy(memberships.createdAt);
}

export async function findActiveMembership(db: DbOrTx, clientId: string, userId: string) {
  const [row] = await db
    .select({ membership: memberships, client: clients })
    .from(memberships)
    .innerJoin(clients, eq(clients.id, memberships.clientId))
    .where(
      and(eq(memberships.clientId, clientId), eq(memberships.userId, userId), isNull(memberships.deletedAt)),
    )
    .limit(1);
  return row;
}

export async function touchSignIn(db: DbOrTx, clientId: string, userId: string): Promise<void> {
  await db
    .update(memberships)
    .set({ lastSignedInAt: new Date() })
    .where(and(eq(memberships.clientId, clientId), eq(memberships.userId, userId)));
}

// Refresh tokens ---------------------------------------------------------------------------------------------

export async function insertRefreshToken(
  db: DbOrTx,
  row: { clientId: string; familyId: string; userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values({ id: uuidv7(), ...row });
}

export async function findRefreshTokenByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Marks a token rotated; false when another request rotated it first (that is reuse). */
export async function markRotated(db: DbOrTx, clientId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(
      and(eq(refreshTokens.clientId, clientId), eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt)),
    )
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: DbOrTx, clientId: string, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.clientId, clientId),
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/** Revokes every open session of a user (all businesses, or one); returns the family ids ended. */
export async function revokeUserSessions(db: DbOrTx, userId: string, clientId?: string): Promise<string[]> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        clientId ? eq(refreshTokens.clientId, clientId) : undefined,
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(rows.map((r) => r.familyId))];
}

/** Sessions revoked recently enough that their access tokens may still be alive. */
export async function listRecentlyRevokedFamilies(db: DbOrTx, since: Date) {
  return db
    .selectDistinct({ sessionId: refreshTokens.familyId, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(sql`${refreshTokens.revokedAt} >= ${since.toISOString()}`);
}

// Passwords --------------------------------------------------------------------------------------------------

export async function recentPasswordHashes(db: DbOrTx, userId: string, depth: number): Promise<string[]> {
  const rows = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(depth);
  return rows.map((r) => r.hash);
}

/** Sets a new password, records it in the history and ends every session version. */
export async function setPassword(db: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await db.insert(passwordHistory).values({ userId, id: uuidv7(), passwordHash });
}

export async function setTotp(
  db: DbOrTx,
  userId: string,
  values: { secret: string | null; enabled: boolean },
) {
  await db
    .update(users)
    .set({ totpSecret: values.secret, totpEnabled: values.enabled, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function setUserLanguage(db: DbOrTx, userId: string, language: Language): Promise<void> {
  await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
}

// Password resets --------------------------------------------------------------------------------------------

export type PasswordResetRow = typeof passwordResets.$inferSelect;

export async function insertPasswordReset(
  db: DbOrTx,
  row: typeof passwordResets.$inferInsert,
): Promise<void> {
  await db.insert(passwordResets).values(row);
}

export async function findPasswordReset(db: DbOrTx, id: string): Promise<PasswordResetRow | undefined> {
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.id, id)).limit(1);
  return row;
}

export async function findPasswordResetByToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.resetTokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Resets asked for one email (any case) or number since `since`, newest first. */
export async function recentResetsTo(
  db: DbOrTx,
  channel: 'email' | 'phone',
  destination: string,
  since: Date,
) {
  return db
    .select({ createdAt: passwordResets.createdAt })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.channel, channel),
        sql`lower(${passwordResets.destination}) = ${destination.toLowerCase()}`,
        sql`${passwordResets.createdAt} >= ${since.toISOString()}`,
      ),
    )
    .orderBy(desc(passwordResets.createdAt));
}

export async function updatePasswordReset(
  db: DbOrTx,
  id: string,
  values: Partial<PasswordResetRow>,
): Promise<void> {
  await db.update(passwordResets).set(values).where(eq(passwordResets.id, id));
}

export async function incrementResetAttempts(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(eq(passwordResets.id, id))
    .returning({ attempts: passwordResets.attempts });
  return row?.attempts ?? 0;
}

/** A live membership of an active account in the business, with its CS position; undefined otherwise. */
export async function findActiveMember(db: DbOrTx, clientId: string, userId: string) {
  const [member] = await db
    .select({ userId: memberships.userId, csPosition: memberships.csPosition })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.clientId, clientId),
        eq(memberships.userId, userId),
        isNull(memberships.deletedAt),
        eq(users.status, 'active'),
      ),
    );
  return member;
}
