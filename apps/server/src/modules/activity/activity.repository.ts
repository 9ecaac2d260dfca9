import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import { clientEventLogs, pageVisits, userConsents } from './activity.schema.js';

export async function findConsent(db: DbOrTx, clientId: string, userId: string, pageName: string) {
  const [row] = await db
    .select()
    .from(userConsents)
    .where(
      and(
        eq(userConsents.clientId, clientId),
        eq(userConsents.userId, userId),
        eq(userConsents.pageName, pageName),
      ),
    )
    .limit(1);
  return row;
}

export async function upsertConsent(
  db: DbOrTx,
  row: { clientId: string; userId: string; pageName: string; agreed: boolean; consentAt: Date },
): Promise<void> {
  await db
    .insert(userConsents)
    .values(row)
    .onConflictDoUpdate({
      target: [userConsents.clientId, userConsents.userId, userConsents.pageName],
      set: { agreed: row.agreed, consentAt: row.consentAt },
    });
}

export async function insertPageVisit(
  db: DbOrTx,
  row: { clientId: string; userId: string; pageName: string; additionalData: Record<string, string> },
): Promise<void> {
  await db.insert(pageVisits).values({ id: uuidv7(), ...row });
}

export async function insertClientEvent(db: DbOrTx, row: Omit<typeof clientEventLogs.$inferInsert, 'id'>) {
  await db.insert(clientEventLogs).values({ ...row, id: uuidv7() });
}

/** A business's client events, newest first, after the cursor's row (time to the microsecond, id). */
export async function selectClientEvents(
  db: DbOrTx,
  clientId: string,
  after: { at: string; id: string } | undefined,
  limit: number,
) {
  const t = clientEventLogs;
  return db
    .select({ row: t, cursorAt: sql<string>`${t.createdAt}::text` })
    .from(t)
    .where(
      and(
        eq(t.clientId, clientId),
        after
          ? or(
              lt(t.createdAt, sql`${after.at}::timestamptz`),
              and(eq(t.createdAt, sql`${after.at}::timestamptz`), lt(t.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit);
}
