import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import { pageVisits, userConsents } from './activity.schema.js';

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
