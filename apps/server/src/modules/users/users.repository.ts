import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { featureAccessRoles } from '../access-roles/access-roles.schema.js';
import { memberships, users } from '../identity/identity.schema.js';

const adminUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: memberships.role,
  csPosition: memberships.csPosition,
  accessRoleId: memberships.accessRoleId,
  accessRoleName: featureAccessRoles.name,
  csTags: memberships.csTags,
  createdAt: memberships.createdAt,
  lastSignedInAt: memberships.lastSignedInAt,
  /** created_at to the microsecond, for the keyset cursor (a JS Date keeps only milliseconds). */
  cursorAt: sql<string>`${memberships.createdAt}::text`,
};

export type AdminUserRow = {
  id: string;
  name: string;
  email: string;
  role: 'OWN' | 'ADC' | 'USC' | 'SAD';
  csPosition: 'SPV1' | 'SPV2' | 'CS1' | 'CS2' | null;
  accessRoleId: string | null;
  accessRoleName: string | null;
  csTags: string[];
  createdAt: Date;
  lastSignedInAt: Date | null;
  cursorAt: string;
};

function baseQuery(db: DbOrTx) {
  return db
    .select(adminUserColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(
      featureAccessRoles,
      and(
        eq(featureAccessRoles.clientId, memberships.clientId),
        eq(featureAccessRoles.id, memberships.accessRoleId),
      ),
    );
}

/** Newest first, keyset-paged on (created_at, user_id). */
export async function listUsers(
  db: DbOrTx,
  clientId: string,
  options: {
    search?: string | undefined;
    after?: { createdAt: string; id: string } | undefined;
    limit: number;
  },
): Promise<AdminUserRow[]> {
  const search = options.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return baseQuery(db)
    .where(
      and(
        eq(memberships.clientId, clientId),
        isNull(memberships.deletedAt),
        pattern ? or(sql`${users.name} ilike ${pattern}`, sql`${users.email} ilike ${pattern}`) : undefined,
        options.after
          ? or(
              lt(memberships.createdAt, sql`${options.after.createdAt}::timestamptz`),
              and(
                eq(memberships.createdAt, sql`${options.after.createdAt}::timestamptz`),
                lt(memberships.userId, options.after.id),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(memberships.createdAt), desc(memberships.userId))
    .limit(options.limit) as Promise<AdminUserRow[]>;
}

export async function findUser(
  db: DbOrTx,
  clientId: string,
  userId: string,
): Promise<AdminUserRow | undefined> {
  const [row] = await baseQuery(db)
    .where(
      and(eq(memberships.clientId, clientId), eq(memberships.userId, userId), isNull(memberships.deletedAt)),
    )
    .limit(1);
  return row as AdminUserRow | undefined;
}

export async function insertUser(db: DbOrTx, row: typeof users.$inferInsert): Promise<void> {
  await db.insert(users).values(row);
}

export async function updateUserProfile(db: DbOrTx, userId: string, values: { name: string }): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Adds a user to a business, or brings back one who was removed earlier. */
export async function upsertMembership(db: DbOrTx, row: typeof memberships.$inferInsert): Promise<void> {
  await db
    .insert(memberships)
    .values(row)
    .onConflictDoUpdate({
      target: [memberships.clientId, memberships.userId],
      set: {
        role: row.role,
        csPosition: row.csPosition ?? null,
        accessRoleId: row.accessRoleId ?? null,
        featureAccess: row.featureAccess ?? null,
        csTags: row.csTags ?? [],
        deletedAt: null,
        createdAt: new Date(),
      },
    });
}

export async function updateMembership(
  db: DbOrTx,
  clientId: string,
  userId: string,
  values: Partial<typeof memberships.$inferInsert>,
): Promise<void> {
  await db
    .update(memberships)
    .set(values)
    .where(and(eq(memberships.clientId, clientId), eq(memberships.userId, userId)));
}

export async function softDeleteMembership(db: DbOrTx, clientId: string, userId: string): Promise<void> {
  await db
    .update(memberships)
    .set({ deletedAt: new Date() })
    .where(and(eq(memberships.clientId, clientId), eq(memberships.userId, userId)));
}

/**
 * The active members of a business who belong to no other business, with their role here: the people whose
 * whole account this business's owner or admins answer for.
 */
export async function listMembersOnlyHere(db: DbOrTx, clientId: string) {
  const elsewhere = db
    .select({ one: sql`1` })
    .from(sql`memberships as other`)
    .where(
      sql`other.user_id = ${memberships.userId} and other.client_id <> ${clientId} and other.deleted_at is null`,
    );
  return db
    .select({ userId: memberships.userId, role: memberships.role })
    .from(memberships)
    .where(
      and(eq(memberships.clientId, clientId), isNull(memberships.deletedAt), sql`not exists ${elsewhere}`),
    );
}

/** The business's users (live memberships), counted against the plan's user limit (001 §6). */
export async function countMembers(db: DbOrTx, clientId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.clientId, clientId), isNull(memberships.deletedAt)));
  return row?.n ?? 0;
}
