import type { PlanState } from '@sapa/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/rows.js';
import { businessProfiles, clients } from './tenancy.schema.js';

export async function insertClient(db: DbOrTx, row: typeof clients.$inferInsert): Promise<void> {
  await db.insert(clients).values(row);
}

export async function countClients(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(clients);
  return row?.n ?? 0;
}

export async function selectBusiness(db: DbOrTx, clientId: string) {
  const [row] = await db
    .select({ client: clients, profile: businessProfiles })
    .from(clients)
    .leftJoin(businessProfiles, eq(businessProfiles.clientId, clients.id))
    .where(eq(clients.id, clientId));
  return row;
}

export async function updateClientName(db: DbOrTx, clientId: string, name: string): Promise<void> {
  await db.update(clients).set({ name }).where(eq(clients.id, clientId));
}

export async function upsertBusinessProfile(db: DbOrTx, row: typeof businessProfiles.$inferInsert) {
  const { clientId: _, ...set } = row;
  await db
    .insert(businessProfiles)
    .values(row)
    .onConflictDoUpdate({ target: businessProfiles.clientId, set });
}

const planColumns = {
  accountStatus: clients.accountStatus,
  subscriptionPackage: clients.subscriptionPackage,
  subscriptionEndsAt: clients.subscriptionEndsAt,
  extraUsers: clients.extraUsers,
};

/** A business's subscription columns (null for an unknown business); `lock` holds the row to the transaction's end. */
export async function selectPlanState(db: DbOrTx, clientId: string, lock = false): Promise<PlanState | null> {
  const query = db.select(planColumns).from(clients).where(eq(clients.id, clientId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updatePlanState(db: DbOrTx, clientId: string, state: PlanState): Promise<void> {
  await db.update(clients).set(state).where(eq(clients.id, clientId));
}

/**
 * 001 §4 expiry: businesses whose package or trial ran out before `now` take their lapsed status (a package
 * Expired, a trial Free), at most `limit` per call; returns their ids.
 */
export async function expireLapsedPlans(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db.execute(sql`
    update ${clients} set account_status = case when account_status = 'Free Trial' then 'Free' else 'Expired' end
    where id in (
      select id from ${clients}
      where account_status in ('Active', 'Free Trial') and subscription_ends_at <= ${now.toISOString()}::timestamptz
      order by subscription_ends_at limit ${limit} for update skip locked)
    returning id`);
  return rowsOf<{ id: string }>(rows).map((r) => r.id);
}
