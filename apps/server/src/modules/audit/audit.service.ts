import {
  AUDIT_DOWNLOAD_MAX_ROWS,
  type AuditEntry,
  type AuditFilter,
  auditActionText,
  auditAreaText,
  csvText,
  type Language,
} from '@sapa/contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { badRequest } from '../../platform/http/errors.js';
import { decodeDbTimeCursor, encodeDbTimeCursor, keysetPage } from '../../platform/http/pagination.js';
import * as repo from './audit.repository.js';

type Snapshot = Record<string, unknown>;

/** The start of a WIB day (Asia/Jakarta has no daylight saving: always +07:00). */
const startOfWibDay = (day: string) => new Date(`${day}T00:00:00+07:00`);
const dayAfter = (day: string) => new Date(startOfWibDay(day).getTime() + 86_400_000);

type Row = Awaited<ReturnType<typeof repo.selectEntries>>[number];

function toEntry(row: Row): AuditEntry {
  const e = row.entry;
  return {
    id: e.id,
    at: e.at.getTime(),
    area: e.area,
    action: e.action,
    actor: e.actorUserId
      ? { id: e.actorUserId, name: row.actorName ?? '', email: row.actorEmail ?? '' }
      : null,
    target: { type: e.targetType, id: e.targetId, label: e.targetLabel },
    before: e.before ?? null,
    after: e.after ?? null,
  };
}

function queryOf(clientId: string, filter: AuditFilter) {
  return {
    clientId,
    from: startOfWibDay(filter.from),
    before: dayAfter(filter.to),
    actorId: filter.actorId,
    area: filter.area,
  };
}

/** 000 §7 GET /auditLogs: the filter's entries newest first, keyset on (time to the microsecond, id). */
export async function listAuditEntries(
  db: DbOrTx,
  clientId: string,
  query: AuditFilter & { cursor?: string | undefined; limit: number },
): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  const after = query.cursor ? decodeDbTimeCursor(query.cursor) : undefined;
  if (after === null) throw badRequest('validation.invalid');
  const rows = await repo.selectEntries(db, {
    ...queryOf(clientId, query),
    after,
    limit: query.limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, query.limit, (last) =>
    encodeDbTimeCursor(last.cursorAt, last.entry.id),
  );
  return { items: page.map(toEntry), nextCursor };
}

const HEADERS: Record<Language, string[]> = {
  id: ['Waktu (WIB)', 'Pengguna', 'Email', 'Area', 'Aksi', 'Objek', 'Sebelum', 'Sesudah'],
  en: ['Time (WIB)', 'Person', 'Email', 'Area', 'Action', 'Target', 'Before', 'After'],
};
const SYSTEM: Record<Language, string> = { id: 'Sistem', en: 'System' };

/** A time as people in the business read it: Asia/Jakarta (000 §9), `YYYY-MM-DD HH:mm:ss`. */
const wibTime = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
const json = (value: Snapshot | null) => (value ? JSON.stringify(value) : '');

/** The filter's entries as csv (UTF-8 with a byte-order mark), newest first, in the reader's language. */
export async function auditCsv(
  db: DbOrTx,
  clientId: string,
  query: AuditFilter & { lang: Language },
): Promise<string> {
  const rows = await repo.selectEntries(db, { ...queryOf(clientId, query), limit: AUDIT_DOWNLOAD_MAX_ROWS });
  const lines = rows
    .map(toEntry)
    .map((e) => [
      wibTime(e.at),
      e.actor?.name ?? SYSTEM[query.lang],
      e.actor?.email ?? '',
      auditAreaText(e.area, query.lang),
      auditActionText(e.action, query.lang),
      [e.target.type, e.target.label ?? e.target.id].filter(Boolean).join(': '),
      json(e.before),
      json(e.after),
    ]);
  return `\ufeff${csvText([HEADERS[query.lang], ...lines])}`;
}

export async function listAuditPeople(db: DbOrTx, clientId: string) {
  return { items: await repo.selectPeople(db, clientId) };
}
