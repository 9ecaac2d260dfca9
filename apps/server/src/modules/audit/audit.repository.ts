import type { AuditArea } from '@sapa/contracts';
import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { memberships, users } from '../identity/identity.schema.js';
import { auditLog } from './audit.schema.js';

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertEntries(db: DbOrTx, rows: AuditRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(auditLog).values(rows);
}

export interface AuditQuery {
  clientId: string;
  /** `from` included, `before` excluded. */
  from: Date;
  before: Date;
  actorId?: string | undefined;
  area?: AuditArea | undefined;
  /** The last row of the page before (its time as the database's text, to the microsecond). */
  after?: { at: string; id: string } | undefined;
  limit: number;
}

/** The business's entries in the range, newest first, with the actor's current name and email. */
export async function selectEntries(db: DbOrTx, q: AuditQuery) {
  const t = auditLog;
  return db
    .select({
      entry: t,
      cursorAt: sql<string>`${t.at}::text`,
      actorName: users.name,
      actorEmail: users.email,
    })
    .from(t)
    .leftJoin(users, eq(users.id, t.actorUserId))
    .where(
      and(
        eq(t.clientId, q.clientId),
        gte(t.at, q.from),
        lt(t.at, q.before),
        q.actorId ? eq(t.actorUserId, q.actorId) : undefined,
        q.area ? eq(t.area, q.area) : undefined,
        q.after
          ? or(
              lt(t.at, sql`${q.after.at}::timestamptz`),
              and(eq(t.at, sql`${q.after.at}::timestamptz`), lt(t.id, q.after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(t.at), desc(t.id))
    .limit(q.limit);
}

/** Everyone who is or was a member of the business, by name (the person filter). */
export async function selectPeople(db: DbOrTx, clientId: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.clientId, clientId))
    .orderBy(sql`lower(${users.name})`, users.id);
}
