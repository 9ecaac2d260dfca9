import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { takenIgnoringCase } from '../../platform/db/unique-names.js';
import { contactFields } from './contact-groups.schema.js';

export type ContactFieldRow = typeof contactFields.$inferSelect;

export async function listFields(db: DbOrTx, clientId: string): Promise<ContactFieldRow[]> {
  return db
    .select()
    .from(contactFields)
    .where(eq(contactFields.clientId, clientId))
    .orderBy(asc(contactFields.id));
}

export async function findField(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(contactFields)
    .where(and(eq(contactFields.clientId, clientId), eq(contactFields.id, id)));
  return row;
}

/** Titles are unique per business, case-insensitively (the `lower(title)` unique index). */
export function titleTaken(db: DbOrTx, clientId: string, title: string, exceptId?: string) {
  return takenIgnoringCase(db, contactFields, contactFields.title, clientId, title, exceptId);
}

export async function insertField(db: DbOrTx, row: typeof contactFields.$inferInsert) {
  const [saved] = await db.insert(contactFields).values(row).returning();
  return saved!;
}

export async function updateField(
  db: DbOrTx,
  clientId: string,
  id: string,
  values: Pick<ContactFieldRow, 'title' | 'options' | 'validation' | 'display'>,
) {
  const [saved] = await db
    .update(contactFields)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(contactFields.clientId, clientId), eq(contactFields.id, id)))
    .returning();
  return saved;
}
