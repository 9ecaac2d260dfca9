import type { MessageKey } from '@sapa/contracts';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { badRequest } from '../http/errors.js';
import type { DbOrTx } from './database.js';

/** Where a business's rows of one kind are: the table, its id and business columns, and what makes a row live. */
export interface OwnedRows {
  table: PgTable;
  id: PgColumn;
  clientId: PgColumn;
  /** Extra condition of a row that may be named (not deleted, active). */
  live?: SQL;
}

/** The ids of the list that name no live row of this business (unknown, deleted or another business's). */
async function unownedIds(
  db: DbOrTx,
  rows: OwnedRows,
  clientId: string,
  ids: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: rows.id })
    .from(rows.table)
    .where(and(eq(rows.clientId, clientId), inArray(rows.id, unique), rows.live));
  const have = new Set(found.map((r) => String(r.id)));
  return unique.filter((id) => !have.has(id));
}

/**
 * Refuses a body that names a row the business does not have: 400 with the field and its translated
 * message, before anything is stored (ids are never silently dropped). `field` is the body path.
 */
export async function requireOwnedIds(
  db: DbOrTx,
  rows: OwnedRows,
  clientId: string,
  ids: readonly string[] | undefined,
  refusal: { field: string; key: MessageKey },
): Promise<void> {
  if (!ids?.length) return;
  if ((await unownedIds(db, rows, clientId, ids)).length > 0)
    throw badRequest(refusal.key, { [refusal.field]: refusal.key });
}
