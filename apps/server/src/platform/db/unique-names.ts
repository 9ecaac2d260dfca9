import { and, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database.js';

/**
 * Whether a row of the business other than `exceptId` (the one being edited) already has `value` in
 * `column`, ignoring case: the check before saving a name or title that a `lower(...)` unique index keeps
 * unique per business.
 */
export async function takenIgnoringCase(
  db: DbOrTx,
  table: PgTable & { clientId: AnyPgColumn; id: AnyPgColumn },
  column: AnyPgColumn,
  clientId: string,
  value: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.clientId, clientId),
        sql`lower(${column}) = ${value.toLowerCase()}`,
        exceptId ? ne(table.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}
