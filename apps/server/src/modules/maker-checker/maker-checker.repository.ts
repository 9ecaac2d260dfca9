import type { MakerCheckerMediaType } from '@sapa/contracts';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { memberships } from '../identity/identity.schema.js';
import { makerCheckerAccounts, makerCheckerSettings } from './maker-checker.schema.js';

export type MakerCheckerAccountRow = typeof makerCheckerAccounts.$inferSelect;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function findSettings(db: DbOrTx, clientId: string) {
  const [row] = await db
    .select({ enabled: makerCheckerSettings.enabled })
    .from(makerCheckerSettings)
    .where(eq(makerCheckerSettings.clientId, clientId));
  return row;
}

export async function saveSettings(db: DbOrTx, clientId: string, enabled: boolean, updatedBy: string) {
  await db
    .insert(makerCheckerSettings)
    .values({ clientId, enabled, updatedBy })
    .onConflictDoUpdate({
      target: makerCheckerSettings.clientId,
      set: { enabled, updatedBy, updatedAt: new Date() },
    });
}

/** The accounts of a business by name (a business has few); `search` matches name or email. */
export async function listAccounts(
  db: DbOrTx,
  clientId: string,
  q: { search?: string | undefined; mediaType?: MakerCheckerMediaType | undefined },
) {
  const term = q.search?.trim();
  const like = term ? `%${escapeLike(term)}%` : null;
  const t = makerCheckerAccounts;
  return db
    .select()
    .from(t)
    .where(
      and(
        eq(t.clientId, clientId),
        q.mediaType ? eq(t.mediaType, q.mediaType) : undefined,
        like ? sql`(${t.name} ilike ${like} or ${t.email} ilike ${like})` : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${t.name})`), asc(t.id))
    .limit(1000);
}

/** Active accounts of users still in the business (what decides who makes and who checks). */
export async function listEffectiveAccounts(db: DbOrTx, clientId: string) {
  const t = makerCheckerAccounts;
  return db
    .select({ userId: t.userId, mediaType: t.mediaType, position: t.position, active: t.active })
    .from(t)
    .innerJoin(memberships, and(eq(memberships.clientId, t.clientId), eq(memberships.userId, t.userId)))
    .where(and(eq(t.clientId, clientId), eq(t.active, true), isNull(memberships.deletedAt)));
}

export async function findAccount(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(makerCheckerAccounts)
    .where(and(eq(makerCheckerAccounts.clientId, clientId), eq(makerCheckerAccounts.id, id)));
  return row;
}

/** Whether the user already has an account for the media type (one per user and media type). */
export async function accountTaken(
  db: DbOrTx,
  clientId: string,
  userId: string,
  mediaType: MakerCheckerMediaType,
  exceptId?: string,
) {
  const t = makerCheckerAccounts;
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.clientId, clientId),
        eq(t.userId, userId),
        eq(t.mediaType, mediaType),
        exceptId ? ne(t.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertAccount(db: DbOrTx, row: typeof makerCheckerAccounts.$inferInsert) {
  await db.insert(makerCheckerAccounts).values(row);
}

export async function updateAccount(
  db: DbOrTx,
  clientId: string,
  id: string,
  values: Partial<
    Pick<MakerCheckerAccountRow, 'userId' | 'email' | 'name' | 'mediaType' | 'position' | 'active'>
  >,
) {
  await db
    .update(makerCheckerAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(makerCheckerAccounts.clientId, clientId), eq(makerCheckerAccounts.id, id)));
}

export async function deleteAccount(db: DbOrTx, clientId: string, id: string) {
  await db
    .delete(makerCheckerAccounts)
    .where(and(eq(makerCheckerAccounts.clientId, clientId), eq(makerCheckerAccounts.id, id)));
}
