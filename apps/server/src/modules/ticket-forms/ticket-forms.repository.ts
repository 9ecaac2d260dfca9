import type { TicketFieldValue } from '@sapa/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { takenIgnoringCase } from '../../platform/db/unique-names.js';
import {
  ticketFields,
  ticketFormFields,
  ticketFormStates,
  ticketForms,
  timeTracking,
} from './ticket-forms.schema.js';

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
const fieldColumns = {
  id: ticketFields.id,
  title: ticketFields.title,
  type: ticketFields.type,
  options: ticketFields.options,
};

/** 000 §7 GET /fields: by title, page by page (a business has few fields; the count is bounded by that). */
export async function listFields(
  db: DbOrTx,
  clientId: string,
  q: { search?: string; page: number; pageSize: number },
) {
  const term = q.search?.trim();
  const where = and(
    eq(ticketFields.clientId, clientId),
    term ? sql`${ticketFields.title} ilike ${`%${escapeLike(term)}%`}` : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(fieldColumns)
      .from(ticketFields)
      .where(where)
      .orderBy(asc(sql`lower(${ticketFields.title})`), asc(ticketFields.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(ticketFields).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findFields(db: DbOrTx, clientId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select(fieldColumns)
    .from(ticketFields)
    .where(and(eq(ticketFields.clientId, clientId), inArray(ticketFields.id, ids)));
}

export function fieldTitleTaken(db: DbOrTx, clientId: string, title: string, exceptId?: string) {
  return takenIgnoringCase(db, ticketFields, ticketFields.title, clientId, title, exceptId);
}

export async function insertField(db: DbOrTx, row: typeof ticketFields.$inferInsert) {
  await db.insert(ticketFields).values(row);
}

export async function updateField(
  db: DbOrTx,
  clientId: string,
  id: string,
  values: { title: string; options: string[] },
) {
  await db
    .update(ticketFields)
    .set(values)
    .where(and(eq(ticketFields.clientId, clientId), eq(ticketFields.id, id)));
}

const fieldCount = sql<number>`(select count(*)::int from ticket_form_fields f
  where f.client_id = ticket_forms.client_id and f.form_id = ticket_forms.id)`;
const formColumns = {
  id: ticketForms.id,
  title: ticketForms.title,
  description: ticketForms.description,
  fieldCount,
};

/** 000 §7 GET /ticket-form/list. */
export async function listForms(db: DbOrTx, clientId: string) {
  return db
    .select(formColumns)
    .from(ticketForms)
    .where(eq(ticketForms.clientId, clientId))
    .orderBy(asc(sql`lower(${ticketForms.title})`), asc(ticketForms.id))
    .limit(500);
}

export async function findForm(db: DbOrTx, clientId: string, id: string) {
  const [form] = await db
    .select(formColumns)
    .from(ticketForms)
    .where(and(eq(ticketForms.clientId, clientId), eq(ticketForms.id, id)));
  if (!form) return undefined;
  const fields = await db
    .select({ ...fieldColumns, mandatory: ticketFormFields.mandatory })
    .from(ticketFormFields)
    .innerJoin(
      ticketFields,
      and(
        eq(ticketFields.clientId, ticketFormFields.clientId),
        eq(ticketFields.id, ticketFormFields.fieldId),
      ),
    )
    .where(and(eq(ticketFormFields.clientId, clientId), eq(ticketFormFields.formId, id)))
    .orderBy(asc(ticketFormFields.position));
  return { ...form, fields };
}

export function formTitleTaken(db: DbOrTx, clientId: string, title: string, exceptId?: string) {
  return takenIgnoringCase(db, ticketForms, ticketForms.title, clientId, title, exceptId);
}

/** Creates or replaces a form and its field list (in one transaction, by the caller). */
export async function saveForm(
  db: DbOrTx,
  row: { clientId: string; id: string; title: string; description: string | null },
  fields: { fieldId: string; mandatory: boolean }[],
  isNew: boolean,
) {
  if (isNew) await db.insert(ticketForms).values(row);
  else
    await db
      .update(ticketForms)
      .set({ title: row.title, description: row.description, updatedAt: new Date() })
      .where(and(eq(ticketForms.clientId, row.clientId), eq(ticketForms.id, row.id)));
  await db
    .delete(ticketFormFields)
    .where(and(eq(ticketFormFields.clientId, row.clientId), eq(ticketFormFields.formId, row.id)));
  await db.insert(ticketFormFields).values(
    fields.map((f, position) => ({
      clientId: row.clientId,
      formId: row.id,
      fieldId: f.fieldId,
      mandatory: f.mandatory,
      position,
    })),
  );
}

/** Deletes a form; tickets that used it keep their values but show no form. */
export async function deleteForm(db: DbOrTx, clientId: string, id: string) {
  await db
    .update(ticketFormStates)
    .set({ formId: null })
    .where(and(eq(ticketFormStates.clientId, clientId), eq(ticketFormStates.formId, id)));
  await db.delete(ticketForms).where(and(eq(ticketForms.clientId, clientId), eq(ticketForms.id, id)));
}

export async function findState(db: DbOrTx, clientId: string, ticketId: string) {
  const [row] = await db
    .select()
    .from(ticketFormStates)
    .where(and(eq(ticketFormStates.clientId, clientId), eq(ticketFormStates.ticketId, ticketId)));
  return row;
}

export async function upsertState(
  db: DbOrTx,
  row: {
    clientId: string;
    ticketId: string;
    formId: string | null;
    emailCc: string[];
    values: Record<string, TicketFieldValue>;
    updatedBy: string;
  },
) {
  const now = new Date();
  await db
    .insert(ticketFormStates)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({
      target: [ticketFormStates.clientId, ticketFormStates.ticketId],
      set: {
        formId: row.formId,
        emailCc: row.emailCc,
        values: row.values,
        updatedBy: row.updatedBy,
        updatedAt: now,
      },
    });
}

/** Records one time-tracking entry; the same id again is a no-op. */
export async function insertTimeEntry(db: DbOrTx, row: typeof timeTracking.$inferInsert) {
  await db.insert(timeTracking).values(row).onConflictDoNothing();
}

/** Seconds spent on a ticket: by everyone and by one agent. */
export async function timeTotals(db: DbOrTx, clientId: string, ticketId: string, userId: string) {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${timeTracking.durationSeconds}), 0)::int`,
      mine: sql<number>`coalesce(sum(${timeTracking.durationSeconds}) filter (where ${timeTracking.userId} = ${userId}), 0)::int`,
    })
    .from(timeTracking)
    .where(and(eq(timeTracking.clientId, clientId), eq(timeTracking.ticketId, ticketId)));
  return { totalSeconds: Number(row?.total ?? 0), mySeconds: Number(row?.mine ?? 0) };
}
