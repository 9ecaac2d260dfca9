import {
  CONTACT_UPLOAD_COLUMNS,
  type ContactUpload,
  type ContactUploadStatus,
  type Language,
  type MessageKey,
  normalisePhone,
  translate,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/http/errors.js';
import { keysetPage } from '../../platform/http/pagination.js';
import type { JobDefinition } from '../../platform/jobs/job-queue.js';
import { listFields as listFieldRows } from './contact-fields.repository.js';
import { fieldOf } from './contact-fields.service.js';
import * as repo from './contact-upload.repository.js';
import {
  assertUploadableSheet,
  checkContactRow,
  GROUP_COLUMN,
  namesOf,
  PHONE_COLUMN,
  type RowIssue,
  readContactSheet,
  templateWorkbook,
  writeSheet,
} from './contact-upload.sheet.js';
import { checkIdCursor } from './contacts-list.service.js';

/** What the `contacts.upload` job is given: the upload to read (contact-upload.jobs.ts). */
export const contactUploadPayload = z.object({ clientId: z.string().uuid(), uploadId: z.string().uuid() });

/** Rows per set-based insert. */
const CHUNK = 500;

/** 001 §4 template: the fixed columns, tags and the business's custom fields (oldest first). */
export async function uploadTemplate(deps: ServerDeps, auth: AuthContext) {
  return templateWorkbook((await listFieldRows(deps.db, auth.clientId)).map(fieldOf));
}

function uploadOf(row: repo.ContactUploadSummary): ContactUpload {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status as ContactUploadStatus,
    reason: row.reason,
    savedCount: row.savedCount,
    failedCount: row.failedCount,
    createdAt: row.createdAt.getTime(),
    finishedAt: row.finishedAt?.getTime() ?? null,
  };
}

/**
 * 001 §4, §5, §8 upload: a file is required ('Please upload file to continue'), xlsx/xls/csv by name and
 * content ('Invalid file format'), at most 5 MB. The file is stored with the history row (status
 * processing) and read by the `contacts.upload` job.
 */
export async function startUpload(
  deps: ServerDeps,
  auth: AuthContext,
  file: { bytes: Buffer; name: string },
  job: JobDefinition<typeof contactUploadPayload>,
): Promise<ContactUpload> {
  assertUploadableSheet(file);
  const row = await repo.insertUpload(deps.db, {
    clientId: auth.clientId,
    id: uuidv7(),
    fileName: file.name,
    status: 'processing',
    file: file.bytes,
    createdBy: auth.userId,
  });
  await deps.jobs.send(job, { clientId: auth.clientId, uploadId: row.id });
  return uploadOf(row);
}

/**
 * The job: reads the sheet, checks every row (001 §5), refuses numbers the business already has or that
 * an earlier row has ('Duplicate contact'), and saves the rest in one transaction of set-based inserts
 * (a retried job starts over cleanly). The history row gets the outcome and the failed rows.
 */
export async function processUpload(deps: Pick<ServerDeps, 'db'>, clientId: string, uploadId: string) {
  const upload = await repo.findUploadFile(deps.db, clientId, uploadId);
  if (upload?.status !== 'processing' || !upload.file) return;
  const fields = (await listFieldRows(deps.db, clientId)).map(fieldOf);
  const sheet = readContactSheet(upload.file, fields);
  if (!sheet.ok) {
    await repo.finishUpload(deps.db, clientId, uploadId, {
      status: 'failed',
      reason: sheet.reason,
      savedCount: 0,
      failedCount: 0,
      failedRows: [],
    });
    return;
  }
  const failed: repo.FailedRow[] = [];
  const fail = (row: { row: number; values: string[] }, problems: RowIssue[]) =>
    failed.push({ row: row.row, values: row.values, problems });
  const groups = await repo.groupIdsByName(deps.db, clientId);
  const seen = new Set<string>();
  const valid: {
    source: { row: number; values: string[] };
    contact: repo.NewContactRow;
    groupIds: string[];
    tagNames: string[];
  }[] = [];
  for (const source of sheet.rows) {
    const checked = checkContactRow(source.values, sheet.extras, fields);
    const problems = [...(checked.ok ? [] : checked.problems), ...fileProblems(source.values, groups, seen)];
    if (!checked.ok || problems.length > 0) {
      fail(source, problems);
      continue;
    }
    const { contact } = checked;
    seen.add(contact.phone);
    valid.push({
      source,
      contact: {
        id: uuidv7(),
        name: contact.name,
        phone: contact.phone,
        email: contact.email,
        birth_date: contact.birthDate,
        last_education: contact.lastEducation,
        custom_values: contact.customValues,
      },
      groupIds: [...new Set(contact.groupNames.map((name) => groups.get(name.toLowerCase())!))],
      tagNames: contact.tagNames,
    });
  }
  await deps.db.transaction(async (tx) => {
    // Tag names the business does not have yet become tags (docs/decisions.md, "Contact upload: fixed and custom columns, tags created, every reason").
    const tagNames = new Map(valid.flatMap((v) => v.tagNames.map((n) => [n.toLowerCase(), n] as const)));
    const tags = await repo.ensureTags(tx, clientId, [...tagNames.values()]);
    let saved = 0;
    for (let start = 0; start < valid.length; start += CHUNK) {
      const chunk = valid.slice(start, start + CHUNK);
      const inserted = await repo.insertContactsChunk(
        tx,
        clientId,
        chunk.map((v) => v.contact),
      );
      const memberships: { groupId: string; contactId: string }[] = [];
      const tagLinks: { tagId: string; contactId: string }[] = [];
      for (const item of chunk) {
        if (!inserted.has(item.contact.phone)) {
          fail(item.source, [{ reason: 'contact.duplicate' }]);
          continue;
        }
        saved += 1;
        for (const groupId of item.groupIds) memberships.push({ groupId, contactId: item.contact.id });
        for (const name of item.tagNames) {
          const tagId = tags.get(name.toLowerCase());
          if (tagId) tagLinks.push({ tagId, contactId: item.contact.id });
        }
      }
      await repo.addMemberships(tx, clientId, memberships);
      await repo.addTagLinks(tx, clientId, tagLinks);
    }
    failed.sort((a, b) => a.row - b.row);
    await repo.finishUpload(tx, clientId, uploadId, {
      status: failed.length === 0 ? 'success' : saved === 0 ? 'failed' : 'partial',
      reason: null,
      columns: sheet.header,
      savedCount: saved,
      failedCount: failed.length,
      failedRows: failed,
    });
  });
}

/** A row's problems against the business and the file: unknown groups, a number an earlier row has. */
function fileProblems(values: string[], groups: ReadonlyMap<string, string>, seen: ReadonlySet<string>) {
  const problems: RowIssue[] = namesOf(values[GROUP_COLUMN] ?? '')
    .filter((name) => !groups.has(name.toLowerCase()))
    .map((name) => ({ reason: 'contacts.upload.groupUnknown', params: [name] }));
  const phone = normalisePhone(values[PHONE_COLUMN] ?? '', 'contact');
  if (phone && seen.has(phone)) problems.push({ reason: 'contacts.upload.duplicateInFile' });
  return problems;
}

/** The failed row's problems, each as `column: reason` where it names a column, joined by "; ". */
function failedReasons(row: repo.FailedRow, language: Language): string {
  const problems = row.problems ?? [row];
  return problems
    .map((p) => {
      const reason = translate(p.reason as MessageKey, language, p.params ?? []);
      return p.column ? `${p.column}: ${reason}` : reason;
    })
    .join('; ');
}

/** The last try of a job that kept failing: the upload is marked failed ('Error when processing file'). */
export async function failUpload(deps: ServerDeps, clientId: string, uploadId: string) {
  const upload = await repo.findUpload(deps.db, clientId, uploadId);
  if (upload?.status !== 'processing') return;
  await repo.finishUpload(deps.db, clientId, uploadId, {
    status: 'failed',
    reason: 'contacts.upload.systemError',
    savedCount: 0,
    failedCount: 0,
    failedRows: [],
  });
}

/** 001 §3 upload history: newest first. */
export async function listUploads(
  deps: ServerDeps,
  auth: AuthContext,
  query: { cursor?: string | undefined; limit: number },
) {
  const rows = await repo.listUploads(deps.db, auth.clientId, checkIdCursor(query.cursor), query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (last) => last.id);
  return { items: page.map(uploadOf), nextCursor };
}

export async function getUpload(deps: ServerDeps, auth: AuthContext, id: string) {
  const row = await repo.findUpload(deps.db, auth.clientId, id);
  if (!row) throw notFound();
  return uploadOf(row);
}

/** 001 §3 "download of failed details": the template's columns, the row number and every reason. */
export async function failedRowsWorkbook(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  language: Language,
) {
  const upload = await repo.findUpload(deps.db, auth.clientId, id);
  if (!upload) throw notFound();
  const { failedRows } = (await repo.findFailedRows(deps.db, auth.clientId, id)) ?? { failedRows: [] };
  const header = language === 'en' ? ['Row', 'Reason'] : ['Baris', 'Alasan'];
  const columns = upload.columns ?? [...CONTACT_UPLOAD_COLUMNS];
  const rows = (failedRows ?? []).map((f) => [
    ...columns.map((_, c) => f.values[c] ?? ''),
    f.row,
    failedReasons(f, language),
  ]);
  const name = upload.fileName.replace(/\.(xlsx|xls|csv)$/i, '');
  return {
    fileName: `${name}-gagal.xlsx`,
    bytes: writeSheet([[...columns, ...header], ...rows], language === 'en' ? 'Failed' : 'Gagal', {
      columns: [PHONE_COLUMN],
    }),
  };
}
