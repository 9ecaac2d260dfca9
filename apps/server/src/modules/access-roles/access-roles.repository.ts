import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { memberships } from '../identity/identity.schema.js';
import { featureAccessRoles } from './access-roles.schema.js';

export type AccessRoleRow = typeof featureAccessRoles.$inferSelect;

const userCount = sql<number>`(select count(*)::int from ${memberships} m
  where m.client_id = ${featureAccessRoles.clientId} and m.access_role_id = ${featureAccessRoles.id} and m.deleted_at is null)`;

export async function listAccessRoles(db: DbOrTx, clientId: string, isDeleted: boolean) {
  return db
    .select({ role: featureAccessRoles, userCount })
    .from(featureAccessRoles)
    .where(and(eq(featureAccessRoles.clientId, clientId), eq(featureAccessRoles.isDeleted, isDeleted)))
    .orderBy(asc(sql`lower(${featureAccessRoles.name})`));
}

export async function findAccessRole(
  db: DbOrTx,
  clientId: string,
  id: string,
): Promise<AccessRoleRow | undefined> {
  const [row] = await db
    .select()
    .from(featureAccessRoles)
    .where(and(eq(featureAccessRoles.clientId, clientId), eq(featureAccessRoles.id, id)))
    .limit(1);
  return row;
}

export async function findAccessRoleWithCount(
  db: DbOrTx,
  clientId: string,
  where: { id: string } | { name: string },
) {
  const [row] = await db
    .select({ role: featureAccessRoles, userCount })
    .from(featureAccessRoles)
    .where(
      and(
        eq(featureAccessRoles.clientId, clientId),
        'id' in where
          ? eq(featureAccessRoles.id, where.id)
          : and(
              sql`lower(${featureAccessRoles.name}) = ${where.name.toLowerCase()}`,
              eq(featureAccessRoles.isDeleted, false),
            ),
      ),
    )
    .limit(1);
  return row;
}

export async function nameTaken(
  db: DbOrTx,
  clientId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: featureAccessRoles.id })
    .from(featureAccessRoles)
    .where(
      and(
        eq(featureAccessRoles.clientId, clientId),
        eq(featureAccessRoles.isDeleted, false),
        sql`lower(${featureAccessRoles.name}) = ${name.toLowerCase()}`,
        exceptId ? sql`${featureAccessRoles.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertAccessRole(
  db: DbOrTx,
  row: typeof featureAccessRoles.$inferInsert,
): Promise<void> {
  await db.insert(featureAccessRoles).values(row);
}

export async function updateAccessRole(
  db: DbOrTx,
  clientId: string,
  id: string,
  values: Partial<typeof featureAccessRoles.$inferInsert>,
): Promise<void> {
  await db
    .update(featureAccessRoles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(featureAccessRoles.clientId, clientId), eq(featureAccessRoles.id, id)));
}

/** Gives every holder of a role the role's new feature string. */
export async function applyRoleToMembers(
  db: DbOrTx,
  clientId: string,
  roleId: string,
  featureAccess: string,
) {
  await db
    .update(memberships)
    .set({ featureAccess })
    .where(and(eq(memberships.clientId, clientId), eq(memberships.accessRoleId, roleId)));
}

export async function countHolders(db: DbOrTx, clientId: string, roleId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(
      and(
        eq(memberships.clientId, clientId),
        eq(memberships.accessRoleId, roleId),
        isNull(memberships.deletedAt),
      ),
    );
  return row?.n ?? 0;
}
