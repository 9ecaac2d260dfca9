import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { signUpCodes, signUps } from './signup.schema.js';

export type SignUpRow = typeof signUps.$inferSelect;
export type SignUpCodeRow = typeof signUpCodes.$inferSelect;

export async function insertSignUp(db: DbOrTx, row: typeof signUps.$inferInsert): Promise<void> {
  await db.insert(signUps).values(row);
}

export async function findSignUpByTokenHash(db: DbOrTx, tokenHash: string): Promise<SignUpRow | undefined> {
  const [row] = await db.select().from(signUps).where(eq(signUps.tokenHash, tokenHash));
  return row;
}

export async function updateSignUp(
  db: DbOrTx,
  id: string,
  set: Partial<Pick<SignUpRow, 'phoneVerifiedAt' | 'store' | 'waba' | 'wabaSkippedAt' | 'clientId'>>,
): Promise<SignUpRow> {
  const [row] = await db.update(signUps).set(set).where(eq(signUps.id, id)).returning();
  return row!;
}

/** Claims the sign-up for completion (one caller wins); undefined when it was already completed. */
export async function claimCompletion(db: DbOrTx, id: string): Promise<SignUpRow | undefined> {
  const [row] = await db
    .update(signUps)
    .set({ completedAt: sql`now()` })
    .where(and(eq(signUps.id, id), isNull(signUps.completedAt)))
    .returning();
  return row;
}

export async function releaseCompletion(db: DbOrTx, id: string): Promise<void> {
  await db.update(signUps).set({ completedAt: null }).where(eq(signUps.id, id));
}

/** Sign-ups started from one address since `since`. */
export async function countSignUpsFrom(db: DbOrTx, addressHash: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(signUps)
    .where(and(eq(signUps.addressHash, addressHash), gt(signUps.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertCode(db: DbOrTx, row: typeof signUpCodes.$inferInsert): Promise<void> {
  await db.insert(signUpCodes).values(row);
}

/** Codes sent to one phone number since `since`, newest first. */
export function codesToPhone(db: DbOrTx, phone: string, since: Date): Promise<SignUpCodeRow[]> {
  return db
    .select()
    .from(signUpCodes)
    .where(and(eq(signUpCodes.phone, phone), gt(signUpCodes.createdAt, since)))
    .orderBy(desc(signUpCodes.createdAt));
}

export async function latestCodeOf(db: DbOrTx, signUpId: string): Promise<SignUpCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(signUpCodes)
    .where(eq(signUpCodes.signUpId, signUpId))
    .orderBy(desc(signUpCodes.createdAt))
    .limit(1);
  return row;
}

/** Counts a wrong code; answers the attempts so far. */
export async function countWrongCode(db: DbOrTx, codeId: string): Promise<void> {
  await db
    .update(signUpCodes)
    .set({ attempts: sql`${signUpCodes.attempts} + 1` })
    .where(eq(signUpCodes.id, codeId));
}
