import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/rows.js';
import {
  contactGroupMembers,
  contactGroups,
  contactTagLinks,
  contactTags,
  contactUploads,
} from './contact-groups.schema.js';
import { contacts } from './contacts.schema.js';
import { adjustMemberCounts } from './contacts-list.repository.js';

type ContactUploadRow = typeof contactUploads.$inferSelect;
export type FailedRow = NonNullable<ContactUploadRow['failedRows']>[number];

/** Everything of an upload but its bytes and failed rows (the history list). */
const summary = {
  clientId: contactUploads.clientId,
  id: contactUploads.id,
  fileName: contactUploads.fileName,
  status: contactUploads.status,
  reason: contactUploads.reason,
  savedCount: contactUploads.savedCount,
  failedCount: contactUploads.failedCount,
  columns: contactUploads.columns,
  createdAt: contactUploads.createdAt,
  finishedAt: contactUploads.finishedAt,
};
export type ContactUploadSummary = Pick<ContactUploadRow, keyof typeof summary>;

export async function insertUpload(db: DbOrTx, row: typeof contactUploads.$inferInsert) {
  const [saved] = await db.insert(contactUploads).values(row).returning(summary);
  return saved!;
}

export async function findUpload(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select(summary)
    .from(contactUploads)
    .where(and(eq(contactUploads.clientId, clientId), eq(contactUploads.id, id)));
  return row;
}

export async function findUploadFile(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select({ status: contactUploads.status, file: contactUploads.file })
    .from(contactUploads)
    .where(and(eq(contactUploads.clientId, clientId), eq(contactUploads.id, id)));
  return row;
}

export async function findFailedRows(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select({ failedRows: contactUploads.failedRows })
    .from(contactUploads)
    .where(and(eq(contactUploads.clientId, clientId), eq(contactUploads.id, id)));
  return row;
}

/** Newest first, keyset by id (UUIDv7). */
export async function listUploads(db: DbOrTx, clientId: string, beforeId: string | undefined, limit: number) {
  return db
    .select(summary)
    .from(contactUploads)
    .where(and(eq(contactUploads.clientId, clientId), beforeId ? lt(contactUploads.id, beforeId) : undefined))
    .orderBy(desc(contactUploads.id))
    .limit(limit);
}

/** The outcome of an upload; the file's bytes are dropped once it is processed. */
export async function finishUpload(
  db: DbOrTx,
  clientId: string,
  id: string,
  outcome: {
    status: 'success' | 'partial' | 'failed';
    reason: string | null;
    savedCount: number;
    failedCount: number;
    failedRows: FailedRow[];
    columns?: string[];
  },
) {
  await db
    .update(contactUploads)
    .set({ ...outcome, file: null, finishedAt: new Date() })
    .where(and(eq(contactUploads.clientId, clientId), eq(contactUploads.id, id)));
}

/** The business's groups by lower-case name. */
export async function groupIdsByName(db: DbOrTx, clientId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: contactGroups.id, name: contactGroups.name })
    .from(contactGroups)
    .where(eq(contactGroups.clientId, clientId));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

export interface NewContactRow {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  birth_date: string | null;
  last_education: string | null;
  custom_values: Record<string, unknown>;
}

/**
 * One set-based insert of a chunk of contacts: the phones are locked the way a single add locks its phone
 * (so an upload and a manual add of the same number cannot both succeed), then one
 * `INSERT … SELECT … FROM jsonb_to_recordset(…) … ON CONFLICT DO NOTHING` skips the phones the business
 * already has. Returns the phones inserted.
 */
export async function insertContactsChunk(db: DbOrTx, clientId: string, rows: NewContactRow[]) {
  if (rows.length === 0) return new Set<string>();
  const phones = rows.map((r) => `contact-phone:${clientId}:${r.phone}`).sort();
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(k, 0))
    from unnest(${sql`array[${sql.join(
      phones.map((p) => sql`${p}`),
      sql`, `,
    )}]::text[]`}) as k order by k`);
  const inserted = await db.execute<{ phone: string }>(sql`insert into ${contacts}
      (client_id, id, name, phone, email, birth_date, last_education, custom_values)
    select ${clientId}::uuid, r.id, r.name, r.phone, r.email, r.birth_date::date, r.last_education,
      r.custom_values
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(id uuid, name text, phone text, email text, birth_date text, last_education text,
        custom_values jsonb)
    where not exists (select 1 from ${contacts} c where c.client_id = ${clientId}::uuid and c.phone = r.phone)
    on conflict do nothing
    returning phone`);
  return new Set(rowsOf<{ phone: string }>(inserted).map((r) => r.phone));
}

/** Group memberships of new contacts in one insert; member counts follow. */
export async function addMemberships(
  db: DbOrTx,
  clientId: string,
  pairs: { groupId: string; contactId: string }[],
) {
  if (pairs.length === 0) return;
  const added = await db.execute<{ group_id: string }>(sql`insert into ${contactGroupMembers}
      (client_id, group_id, contact_id)
    select ${clientId}::uuid, p.group_id, p.contact_id
    from jsonb_to_recordset(${JSON.stringify(pairs.map((p) => ({ group_id: p.groupId, contact_id: p.contactId })))}::jsonb)
      as p(group_id uuid, contact_id uuid)
    on conflict do nothing
    returning group_id`);
  await adjustMemberCounts(
    db,
    clientId,
    rowsOf<{ group_id: string }>(added).map((r) => r.group_id),
    1,
  );
}

/**
 * The tags of an upload by lower-case name: the names the business does not have yet are created first
 * (one INSERT … ON CONFLICT DO NOTHING on the case-insensitive unique name, so a tag created meanwhile is
 * simply used), then every named tag is read in one SELECT.
 */
export async function ensureTags(
  db: DbOrTx,
  clientId: string,
  names: string[],
): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const fresh = names.map((name) => ({ id: uuidv7(), name }));
  await db.execute(sql`insert into ${contactTags} (client_id, id, name)
    select ${clientId}::uuid, t.id, t.name
    from jsonb_to_recordset(${JSON.stringify(fresh)}::jsonb) as t(id uuid, name text)
    on conflict do nothing`);
  const rows = await db
    .select({ id: contactTags.id, name: contactTags.name })
    .from(contactTags)
    .where(
      and(
        eq(contactTags.clientId, clientId),
        inArray(
          sql`lower(${contactTags.name})`,
          names.map((n) => n.toLowerCase()),
        ),
      ),
    );
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

/** Tags of new contacts in one insert. */
export async function addTagLinks(
  db: DbOrTx,
  clientId: string,
  pairs: { tagId: string; contactId: string }[],
) {
  if (pairs.length === 0) return;
  await db.execute(sql`insert into ${contactTagLinks} (client_id, contact_id, tag_id)
    select ${clientId}::uuid, p.contact_id, p.tag_id
    from jsonb_to_recordset(${JSON.stringify(pairs.map((p) => ({ tag_id: p.tagId, contact_id: p.contactId })))}::jsonb)
      as p(tag_id uuid, contact_id uuid)
    on conflict do nothing`);
}
