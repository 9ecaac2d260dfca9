import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { shopifyInstalls } from './shopify.schema.js';

export type InstallRow = typeof shopifyInstalls.$inferSelect;

export async function insertInstall(db: DbOrTx, row: typeof shopifyInstalls.$inferInsert) {
  await db.insert(shopifyInstalls).values(row);
}

/** An unclaimed install its token names, while it lasts. */
export async function findOpenInstall(db: DbOrTx, tokenHash: string): Promise<InstallRow | undefined> {
  const [row] = await db
    .select()
    .from(shopifyInstalls)
    .where(
      and(
        eq(shopifyInstalls.tokenHash, tokenHash),
        isNull(shopifyInstalls.claimedAt),
        gt(shopifyInstalls.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/**
 * Claims an install for the business a sign-up opened: one update that only an unclaimed install passes, so
 * two completions cannot both claim it. Answers the row as it was (with its sealed token), or undefined.
 */
export async function claimInstall(
  db: DbOrTx,
  id: string,
  clientId: string,
): Promise<InstallRow | undefined> {
  const [row] = await db
    .update(shopifyInstalls)
    .set({ claimedAt: sql`now()`, clientId })
    .where(and(eq(shopifyInstalls.id, id), isNull(shopifyInstalls.claimedAt)))
    .returning();
  return row;
}

/** The claimed install's token is the store's now: the install keeps none. */
export async function forgetInstallToken(db: DbOrTx, id: string) {
  await db.update(shopifyInstalls).set({ accessToken: null }).where(eq(shopifyInstalls.id, id));
}
