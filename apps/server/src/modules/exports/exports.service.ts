import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  can,
  csCapabilitiesOf,
  DEFAULT_TIME_ZONE,
  EXPORT_MAX_ROWS,
  EXPORT_MAX_TICKETS,
  type ExportHistoryItem,
  type ExportRequest,
  type ExportSignedLink,
  exportRangeOf,
  type Language,
  type MessageKey,
  translate,
} from '@sapa/contracts';
import type { SQL } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import { type AuthContext, claimsOf } from '../../platform/auth/route-access.js';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, forbidden, notFound } from '../../platform/http/errors.js';
import { decodeTimeCursor, encodeTimeCursor, keysetPage } from '../../platform/http/pagination.js';
import type { JobDefinition } from '../../platform/jobs/job-queue.js';
import { maskPhone } from '../conversations/index.js';
import { chatHistoryWhere, countUpTo, type KeysetSort, ticketListWhere } from '../search/index.js';
import { getConfiguration, hidesPhone } from '../teams/index.js';
import {
  type ExportTicket,
  exportColumns,
  exportFileName,
  headerOf,
  messageCells,
  ticketCells,
} from './exports.columns.js';
import { exportLinkSigner } from './exports.links.js';
import * as repo from './exports.repository.js';
import { readAhead } from './read-ahead.js';
import { type Cell, createCsvWriter, createXlsxWriter, type TableWriter } from './table-writers.js';

export const exportJobPayloadSchema = z.object({ clientId: z.string().uuid(), id: z.string().uuid() });
export interface ExportJobs {
  exportChats: JobDefinition<typeof exportJobPayloadSchema>;
}

/** Chats per batch: one index walk and one lookup each. With messages, fewer chats and pages of messages. */
const EXPORT_TICKET_BATCH = 2000;
const EXPORT_MESSAGE_TICKET_BATCH = 200;
const EXPORT_MESSAGE_PAGE = 5000;

const MIME = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** Finished files live under DATA_DIR/exports/<clientId>/<id>.<format>. */
function exportFilePath(config: { dataDir: string }, storageKey: string): string {
  return join(config.dataDir, 'exports', storageKey);
}

/** The chats of a request as the viewer sees them (the find lists' conditions) and the list's order. */
function exportQuery(
  viewer: Pick<AccessClaims, 'clientId' | 'userId' | 'csPosition'>,
  request: Pick<ExportRequest, 'roomType' | 'filter'>,
  now: Date,
  withSubmitter = false,
): { where: SQL[]; sort: KeysetSort; now: Date; withSubmitter: boolean } {
  return request.roomType === 'chatHistory'
    ? {
        where: chatHistoryWhere(viewer, request.filter, DEFAULT_TIME_ZONE),
        sort: 'resolved',
        now,
        withSubmitter,
      }
    : {
        where: ticketListWhere(viewer, request.filter, now, DEFAULT_TIME_ZONE),
        sort: 'created',
        now,
        withSubmitter,
      };
}

/** Owners and admins who see every chat see the whole business's downloads; everyone else their own. */
function seesAllExports(auth: Pick<AuthContext, 'role' | 'csPosition'>): boolean {
  return (auth.role === 'OWN' || auth.role === 'ADC') && csCapabilitiesOf(auth.csPosition).sees === 'all';
}

/** The failure message of a request (000 §8): all chat history with messages, chat history without. */
const failureOf = (type: ExportRequest['type']): MessageKey =>
  type === 'messages' ? 'exports.failedAll' : 'exports.failed';

function itemOf(row: repo.ExportRow, requesterName: string | null, language: Language): ExportHistoryItem {
  return {
    id: row.id,
    requestedBy: { id: row.requestedBy, name: requesterName ?? '' },
    createdAt: row.createdAt.getTime(),
    requestStartDate: row.requestStartDate,
    requestEndDate: row.requestEndDate,
    type: row.type,
    roomType: row.roomType,
    format: row.format,
    status: row.status,
    rowCount: row.rowCount,
    fileName: row.fileName,
    size: row.size,
    finishedAt: row.finishedAt?.getTime() ?? null,
    error: row.error ? translate(row.error as MessageKey, language, [EXPORT_MAX_ROWS]) : null,
  };
}

/**
 * 000 §7 POST export-history/request: the ticket list's filter needs ADVANCE_SEARCH (chat history's is the
 * route's CUSTOMER_SERVICE_HISTORY); the selection is counted up to the maximum (000 §2 maximum-selection
 * warning) and the export is queued, in progress.
 */
export async function requestExport(
  deps: ServerDeps,
  jobs: ExportJobs,
  auth: AuthContext,
  body: ExportRequest,
  language: Language,
): Promise<ExportHistoryItem> {
  if (body.roomType === 'ticketList' && !can(auth.subject, 'ADVANCE_SEARCH', 'READ')) throw forbidden();
  // The schema refused requests without a bounded range of at most 31 days.
  const range = exportRangeOf(body)!;
  const now = new Date();
  const query = exportQuery(auth, body, now);
  const matching = await countUpTo(deps.db, query.where, EXPORT_MAX_TICKETS);
  if (matching > EXPORT_MAX_TICKETS)
    throw new AppError(400, 'exports.tooMany', { params: [EXPORT_MAX_TICKETS] });
  const id = uuidv7();
  const row = await repo.insertExport(deps.db, {
    clientId: auth.clientId,
    id,
    requestedBy: auth.userId,
    viewer: claimsOf(auth),
    language,
    roomType: body.roomType,
    type: body.type,
    format: body.format,
    filter: body.filter,
    columns: body.roomType === 'ticketList' ? (body.columns ?? null) : null,
    requestStartDate: range.from,
    requestEndDate: range.to,
    fileName: exportFileName(body.type, range, body.format),
    storageKey: `${auth.clientId}/${id}.${body.format}`,
    // Milliseconds, so the history's keyset cursor (a JS time) names the row exactly.
    createdAt: now,
  });
  await deps.jobs.send(jobs.exportChats, { clientId: auth.clientId, id });
  return itemOf(row, await repo.requesterName(deps.db, auth.userId), language);
}

function readCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const position = decodeTimeCursor(cursor);
  if (!position) throw new AppError(400, 'validation.invalid', { fields: { cursor: 'validation.invalid' } });
  return position;
}

/** 000 §7 GET export-history/list: newest first; owners and admins see the business's, others their own. */
export async function listExportHistory(
  deps: ServerDeps,
  auth: AuthContext,
  query: { cursor?: string | undefined; limit: number },
  language: Language,
) {
  const before = readCursor(query.cursor);
  const rows = await repo.listExports(deps.db, auth.clientId, {
    ...(seesAllExports(auth) ? {} : { requestedBy: auth.userId }),
    ...(before ? { before } : {}),
    limit: query.limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, query.limit, (last) =>
    encodeTimeCursor(last.row.createdAt, last.row.id),
  );
  return { items: page.map((r) => itemOf(r.row, r.requesterName, language)), nextCursor };
}

/** An export the caller may see, else 404 (another business's or, for agents, another requester's). */
async function visibleExport(deps: ServerDeps, auth: AuthContext, id: string) {
  const row = await repo.findExport(deps.db, auth.clientId, id);
  if (!row || (!seesAllExports(auth) && row.requestedBy !== auth.userId)) throw notFound();
  return row;
}

/** 000 §7 GET export-history/report/signed: a link to the finished file, valid for a few minutes. */
export async function signedExportLink(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
): Promise<ExportSignedLink> {
  const row = await visibleExport(deps, auth, id);
  if (row.status !== 'done') throw new AppError(409, 'exports.notReady');
  const link = exportLinkSigner(deps.config).sign({ clientId: row.clientId, id: row.id });
  return { ...link, fileName: row.fileName };
}

/** The file behind a signed link, or a 403 when the link is not genuine or expired, 404 when it is gone. */
export async function openSignedExport(
  deps: ServerDeps,
  link: { id: string; c: string; e: string; s: string },
) {
  const genuine = exportLinkSigner(deps.config).verify({
    clientId: link.c,
    id: link.id,
    expires: link.e,
    signature: link.s,
  });
  if (!genuine) throw new AppError(403, 'exports.linkInvalid');
  const row = await repo.findExport(deps.db, link.c, link.id);
  if (row?.status !== 'done') throw notFound();
  const path = exportFilePath(deps.config, row.storageKey);
  const size = await stat(path).then(
    (s) => s.size,
    () => null,
  );
  if (size === null) throw notFound();
  return { stream: createReadStream(path), size, mime: MIME[row.format], fileName: row.fileName };
}

/** An export that must stop without a retry (its message says why). */
class ExportRefused extends Error {
  constructor(readonly key: MessageKey) {
    super(key);
  }
}

/**
 * The export job: streams the chats (and their messages) of the request, as its requester saw them, into
 * the file, batch by batch (000 §2 download; bounded memory whatever the number of rows), then marks it done.
 * Progress (`rowCount`) is saved after every batch.
 */
export async function runExport(deps: ServerDeps, clientId: string, id: string): Promise<void> {
  const row = await repo.findExport(deps.db, clientId, id);
  if (row?.status !== 'inProgress') return;
  const viewer = row.viewer;
  const language = row.language;
  const withMessages = row.type === 'messages';
  const columns = exportColumns(row.roomType, row.columns);
  const request = { roomType: row.roomType, filter: row.filter } as Pick<
    ExportRequest,
    'roomType' | 'filter'
  >;
  const query = exportQuery(viewer, request, row.createdAt, columns.includes('submitterId'));
  const masked =
    viewer.csPosition !== null && hidesPhone(await getConfiguration(deps.db, clientId), viewer.csPosition);
  const shown = (t: ExportTicket): ExportTicket =>
    masked ? { ...t, contactHandle: maskPhone(t.contactHandle) } : t;

  const path = exportFilePath(deps.config, row.storageKey);
  const partial = `${path}.part`;
  await mkdir(dirname(path), { recursive: true });
  const out = createWriteStream(partial);
  const opened = new Promise<void>((resolve, reject) => {
    out.once('ready', () => resolve());
    out.once('error', reject);
  });
  await opened;
  const options = {
    header: headerOf(columns, withMessages, language),
    timeZone: DEFAULT_TIME_ZONE,
    sheetName: withMessages ? 'Chat messages' : 'Chat data',
  };
  let rows = 0;
  try {
    const writer: TableWriter =
      row.format === 'csv' ? createCsvWriter(out, options) : await createXlsxWriter(out, options);
    const batchSize = withMessages ? EXPORT_MESSAGE_TICKET_BATCH : EXPORT_TICKET_BATCH;
    for await (const batch of readAhead(repo.ticketBatches(deps.db, query, batchSize))) {
      const chats = batch.map(shown);
      const chatCells = chats.map((t) => ticketCells(t, columns, language));
      if (!withMessages) {
        rows += chats.length;
        await writer.writeRows(chatCells);
      } else {
        rows += await writeMessageRows(deps, writer, clientId, chats, chatCells, language, rows);
      }
      await repo.updateExport(deps.db, clientId, id, { rowCount: rows });
    }
    const size = await writer.finish();
    await rename(partial, path);
    await repo.updateExport(deps.db, clientId, id, {
      status: 'done',
      rowCount: rows,
      size,
      finishedAt: new Date(),
    });
  } catch (err) {
    out.destroy();
    await rm(partial, { force: true });
    throw err;
  }
}

/**
 * One row per message (the chat's cells, then the message's), chat by chat in list order; a chat without
 * messages still gets one row. Returns the rows written.
 */
async function writeMessageRows(
  deps: ServerDeps,
  writer: TableWriter,
  clientId: string,
  chats: ExportTicket[],
  chatCells: Cell[][],
  language: Language,
  before: number,
): Promise<number> {
  let written = 0;
  let next = 0; // the first chat whose messages have not started yet
  const empty = (i: number) => [...chatCells[i]!, null, null, null, null, null];
  for await (const page of repo.messagePages(
    deps.db,
    clientId,
    chats.map((c) => c.id),
    EXPORT_MESSAGE_PAGE,
  )) {
    const out: Cell[][] = [];
    for (const { ticketIndex, message } of page) {
      while (next < ticketIndex) out.push(empty(next++));
      if (next === ticketIndex) next++;
      out.push([
        ...chatCells[ticketIndex]!,
        ...messageCells(message, chats[ticketIndex]!.contactName, language),
      ]);
    }
    if (before + written + out.length > EXPORT_MAX_ROWS) throw new ExportRefused('exports.tooManyRows');
    await writer.writeRows(out);
    written += out.length;
  }
  const rest: Cell[][] = [];
  while (next < chats.length) rest.push(empty(next++));
  if (before + written + rest.length > EXPORT_MAX_ROWS) throw new ExportRefused('exports.tooManyRows');
  await writer.writeRows(rest);
  return written + rest.length;
}

/**
 * Marks the export failed with the message the requester sees (000 §8): the row limit, or "Failed to export
 * (all) chat history". Whether to stop retrying: a refused export never succeeds on a retry.
 */
export async function failExport(
  deps: ServerDeps,
  clientId: string,
  id: string,
  err: unknown,
  lastAttempt: boolean,
): Promise<boolean> {
  const refused = err instanceof ExportRefused;
  if (!refused && !lastAttempt) return false;
  const row = await repo.findExport(deps.db, clientId, id);
  if (row?.status !== 'inProgress') return true;
  await repo.updateExport(deps.db, clientId, id, {
    status: 'failed',
    error: refused ? err.key : failureOf(row.type),
    finishedAt: new Date(),
  });
  return true;
}
