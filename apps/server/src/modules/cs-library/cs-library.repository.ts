import type { LibraryKind, MacroAction } from '@sapa/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { takenIgnoringCase } from '../../platform/db/unique-names.js';
import { chatTags, macros, quickReplies, remarkTemplates } from './cs-library.schema.js';

/** The three library tables share id, title and times; quick replies and remarks have a content. */
const TABLES = { 'quick-replies': quickReplies, remarks: remarkTemplates, 'chat-tags': chatTags } as const;
/** Every library table has the columns of the chat-tags one. */
const tableOf = (kind: LibraryKind) => TABLES[kind] as typeof chatTags;
const contentOf = (kind: LibraryKind) =>
  kind === 'chat-tags' ? sql<string | null>`null` : sql<string | null>`${TABLES[kind]}.content`;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Entries of a kind, by title; `search` matches the title (and the content). At most 500 (a library). */
export async function listEntries(db: DbOrTx, clientId: string, kind: LibraryKind, search?: string) {
  const t = tableOf(kind);
  const term = search?.trim();
  const like = term ? `%${escapeLike(term)}%` : null;
  return db
    .select({ id: t.id, title: t.title, content: contentOf(kind), updatedAt: t.updatedAt })
    .from(t)
    .where(
      and(
        eq(t.clientId, clientId),
        like
          ? kind === 'chat-tags'
            ? sql`${t.title} ilike ${like}`
            : sql`(${t.title} ilike ${like} or ${TABLES[kind]}.content ilike ${like})`
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${t.title})`), asc(t.id))
    .limit(500);
}

export async function findEntry(db: DbOrTx, clientId: string, kind: LibraryKind, id: string) {
  const t = tableOf(kind);
  const [row] = await db
    .select({ id: t.id, title: t.title, content: contentOf(kind), updatedAt: t.updatedAt })
    .from(t)
    .where(and(eq(t.clientId, clientId), eq(t.id, id)));
  return row;
}

/** Titles are unique per business ignoring case (the `lower(title)` unique index). */
export function titleTaken(
  db: DbOrTx,
  clientId: string,
  kind: LibraryKind | 'macros',
  title: string,
  exceptId?: string,
) {
  const t = kind === 'macros' ? macros : tableOf(kind);
  return takenIgnoringCase(db, t, t.title, clientId, title, exceptId);
}

export async function insertEntry(
  db: DbOrTx,
  kind: LibraryKind,
  row: { clientId: string; id: string; title: string; content: string | null },
) {
  if (kind === 'chat-tags')
    await db.insert(chatTags).values({ clientId: row.clientId, id: row.id, title: row.title });
  else await db.insert(TABLES[kind]).values({ ...row, content: row.content ?? '' });
}

export async function updateEntry(
  db: DbOrTx,
  kind: LibraryKind,
  clientId: string,
  id: string,
  values: { title: string; content: string | null },
) {
  const now = new Date();
  if (kind === 'chat-tags') {
    await db
      .update(chatTags)
      .set({ title: values.title, updatedAt: now })
      .where(and(eq(chatTags.clientId, clientId), eq(chatTags.id, id)));
    return;
  }
  const t = TABLES[kind];
  await db
    .update(t)
    .set({ title: values.title, content: values.content ?? '', updatedAt: now })
    .where(and(eq(t.clientId, clientId), eq(t.id, id)));
}

export async function deleteEntry(db: DbOrTx, kind: LibraryKind, clientId: string, id: string) {
  const t = tableOf(kind);
  await db.delete(t).where(and(eq(t.clientId, clientId), eq(t.id, id)));
}

const macroColumns = {
  id: macros.id,
  title: macros.title,
  description: macros.description,
  actions: macros.actions,
  updatedAt: macros.updatedAt,
};

/** 000 §3 macro list: search by title or description, page by page (a business has few macros). */
export async function listMacros(
  db: DbOrTx,
  clientId: string,
  q: { search?: string; pageNumber: number; pageSize: number },
) {
  const term = q.search?.trim();
  const where = and(
    eq(macros.clientId, clientId),
    term
      ? sql`(${macros.title} ilike ${`%${escapeLike(term)}%`} or ${macros.description} ilike ${`%${escapeLike(term)}%`})`
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(macroColumns)
      .from(macros)
      .where(where)
      .orderBy(asc(sql`lower(${macros.title})`), asc(macros.id))
      .limit(q.pageSize)
      .offset((q.pageNumber - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(macros).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findMacro(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select(macroColumns)
    .from(macros)
    .where(and(eq(macros.clientId, clientId), eq(macros.id, id)));
  return row;
}

export async function insertMacro(
  db: DbOrTx,
  row: { clientId: string; id: string; title: string; description: string | null; actions: MacroAction[] },
) {
  await db.insert(macros).values(row);
}

export async function updateMacro(
  db: DbOrTx,
  clientId: string,
  id: string,
  values: { title: string; description: string | null; actions: MacroAction[] },
) {
  await db
    .update(macros)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(macros.clientId, clientId), eq(macros.id, id)));
}

export async function deleteMacro(db: DbOrTx, clientId: string, id: string) {
  await db.delete(macros).where(and(eq(macros.clientId, clientId), eq(macros.id, id)));
}
