import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { memberships, users } from '../identity/identity.schema.js';
import { clients } from '../tenancy/tenancy.schema.js';

/** The id of the business with this name, or undefined. */
export async function businessIdByName(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.name, name));
  return row?.id;
}

/** The user id of the business's owner (the demo seed acts as them), or undefined. */
export async function ownerIdOf(db: Db, clientId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.clientId, clientId), eq(memberships.role, 'OWN')))
    .limit(1);
  return row?.userId;
}

/** The business's members who work in the inbox (a CS position), with their emails. */
export async function inboxMembersOf(db: Db, clientId: string) {
  return db
    .select({ userId: memberships.userId, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.clientId, clientId),
        isNotNull(memberships.csPosition),
        isNull(memberships.deletedAt),
      ),
    );
}
