import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/database.js';
import { ticketSurveys } from '../automation/automation.schema.js';
import { contacts } from '../contacts/contacts.schema.js';
import { tickets } from '../conversations/index.js';
import { users } from '../identity/identity.schema.js';
import {
  afterPosition,
  foundTicketColumns,
  foundTicketJoins,
  foundTicketTables,
  type KeysetPosition,
  type KeysetSort,
  keysetText,
  openingAgentId,
  shownStatus,
} from '../search/index.js';
import type { ExportMessage, ExportTicket } from './exports.columns.js';
import { exportRequests } from './exports.schema.js';

export type ExportRow = typeof exportRequests.$inferSelect;

const { group, assignee, closer } = foundTicketTables;
const submitter = alias(users, 'export_submitter');

/**
 * The matching chats in the list's keyset order, `batchSize` at a time, each batch one query: the find lists'
 * conditions (search module) walked on their (client, time, id) index with the columns joined in, so a batch
 * costs one index walk and one primary-key probe per joined row. Who opened the chat (a probe into its
 * messages) is looked up only when the file shows it. Only one batch is in memory at a time; each batch is
 * its own short query (no open transaction or server cursor). `now` is when "expired" is judged.
 */
export async function* ticketBatches(
  db: DbOrTx,
  query: { where: SQL[]; sort: KeysetSort; now: Date; withSubmitter: boolean },
  batchSize: number,
): AsyncGenerator<ExportTicket[]> {
  const column = query.sort === 'created' ? tickets.createdAt : tickets.resolvedAt;
  const fields = {
    id: tickets.id,
    at: keysetText(sql`${column}`),
    ...foundTicketColumns,
    submitterName: query.withSubmitter ? submitter.name : sql<string | null>`null`,
  };
  let position: KeysetPosition | null = null;
  for (;;) {
    const where: SQL[] = position ? [...query.where, afterPosition(query.sort, position)] : query.where;
    const base = db
      .select(fields)
      .from(tickets)
      .innerJoin(contacts, foundTicketJoins.contact)
      .leftJoin(group, foundTicketJoins.group)
      .leftJoin(assignee, foundTicketJoins.assignee)
      .leftJoin(closer, foundTicketJoins.closer)
      .leftJoin(ticketSurveys, foundTicketJoins.survey);
    const joined = query.withSubmitter
      ? base.leftJoin(submitter, sql`${submitter.id} = ${openingAgentId}`)
      : base;
    const rows = await joined
      .where(and(...where))
      .orderBy(desc(column), desc(tickets.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      id: r.id,
      displayNumber: r.displayNumber,
      groupName: r.groupName,
      createdAt: r.createdAt,
      contactName: r.contactName,
      contactHandle: r.contactPhone ?? '',
      contactEmail: r.contactEmail,
      assigneeName: r.assigneeName,
      resolvedAt: r.resolvedAt,
      resolvedByName: r.resolvedByName,
      resolveNote: r.resolveNote,
      rating: r.rating,
      ratingComment: r.ratingComment,
      surveyRemarks: r.surveyRemarks,
      surveyCsTags: r.surveyCsTags ?? [],
      remarks: r.remarks,
      subject: null,
      channel: r.channel,
      priority: r.priority,
      tags: r.tags,
      submitterName: r.submitterName,
      status: shownStatus(r, query.now),
    }));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    position = { at: last.at, id: last.id };
  }
}

interface MessageRow extends Record<string, unknown> {
  ord: number | string;
  at: string;
  id: string;
  created_at: string | Date;
  direction: 'in' | 'out';
  visibility: 'public' | 'internal';
  type: string;
  text: string | null;
  media_name: string | null;
  sender_name: string | null;
}

/**
 * The messages of a batch of chats, chat by chat in the batch's order and oldest first within a chat, in pages
 * of `pageSize` (keyset on the chat's place in the batch, the time and the id), so a chat with very many
 * messages never loads at once.
 */
export async function* messagePages(
  db: DbOrTx,
  clientId: string,
  ticketIds: readonly string[],
  pageSize: number,
): AsyncGenerator<{ ticketIndex: number; message: ExportMessage }[]> {
  if (ticketIds.length === 0) return;
  const ids = sql`array[${sql.join(
    ticketIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;
  let after: { ord: number; at: string; id: string } | null = null;
  for (;;) {
    const position: SQL = after
      ? sql`and (o.ord, m.created_at, m.id) > (${after.ord}::bigint, ${after.at}::timestamptz, ${after.id}::uuid)`
      : sql``;
    const result = await db.execute<MessageRow>(sql`
      select o.ord, m.id, m.created_at, m.direction, m.visibility, m.type, m.text,
        m.media ->> 'filename' as media_name, u.name as sender_name,
        to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
      from unnest(${ids}) with ordinality as o(ticket_id, ord)
      join messages m on m.client_id = ${clientId}::uuid and m.ticket_id = o.ticket_id
      left join ${users} u on u.id = m.sender_user_id
      where true ${position}
      order by o.ord, m.created_at, m.id
      limit ${pageSize}`);
    const rows = (result as { rows?: MessageRow[] }).rows ?? (result as unknown as MessageRow[]);
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      ticketIndex: Number(r.ord) - 1,
      message: {
        createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
        direction: r.direction,
        visibility: r.visibility,
        type: r.type,
        text: r.text,
        mediaName: r.media_name,
        senderName: r.sender_name,
      },
    }));
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { ord: Number(last.ord), at: last.at, id: last.id };
  }
}

export async function insertExport(db: DbOrTx, row: typeof exportRequests.$inferInsert) {
  const [inserted] = await db.insert(exportRequests).values(row).returning();
  return inserted!;
}

export async function findExport(db: DbOrTx, clientId: string, id: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(exportRequests)
    .where(and(eq(exportRequests.clientId, clientId), eq(exportRequests.id, id)));
  return row;
}

export async function updateExport(
  db: DbOrTx,
  clientId: string,
  id: string,
  set: Partial<Pick<ExportRow, 'status' | 'rowCount' | 'size' | 'error' | 'finishedAt'>>,
) {
  await db
    .update(exportRequests)
    .set(set)
    .where(and(eq(exportRequests.clientId, clientId), eq(exportRequests.id, id)));
}

/**
 * A page of the history, newest first, with the requester's name: the whole business's, or one requester's
 * (`requestedBy`). Keyset on (created_at, id).
 */
export async function listExports(
  db: DbOrTx,
  clientId: string,
  options: { requestedBy?: string; before?: { at: Date; id: string }; limit: number },
) {
  const where: SQL[] = [eq(exportRequests.clientId, clientId)];
  if (options.requestedBy) where.push(eq(exportRequests.requestedBy, options.requestedBy));
  if (options.before)
    where.push(
      or(
        lt(exportRequests.createdAt, options.before.at),
        and(eq(exportRequests.createdAt, options.before.at), lt(exportRequests.id, options.before.id)),
      )!,
    );
  return db
    .select({ row: exportRequests, requesterName: users.name })
    .from(exportRequests)
    .leftJoin(users, eq(users.id, exportRequests.requestedBy))
    .where(and(...where))
    .orderBy(desc(exportRequests.createdAt), desc(exportRequests.id))
    .limit(options.limit);
}

export async function requesterName(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}
