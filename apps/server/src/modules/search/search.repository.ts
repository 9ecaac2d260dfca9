import type { ChatHistoryFilter, TicketListColumnKey, TicketListFilter } from '@sapa/contracts';
import { and, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/database.js';
import { ticketSurveys } from '../automation/automation.schema.js';
import { contacts } from '../contacts/contacts.schema.js';
import { searchCondition } from '../contacts/index.js';
import { answerWindowPassedWhere, messages, tickets } from '../conversations/index.js';
import { users } from '../identity/identity.schema.js';
import { csGroups } from '../teams/index.js';
import { ticketFormStates } from '../ticket-forms/ticket-forms.schema.js';
import { containsPattern, dayRange } from './search.rules.js';
import { ticketListPreferences } from './search.schema.js';

/** A keyset position: PostgreSQL's text of the sort timestamp (with microseconds) and the ticket id. */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** UTC text with microseconds, the form a keyset cursor carries. */
export const keysetText = (column: SQL | typeof tickets.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const uuidList = (ids: readonly string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The chat's first message, the one that opened it: inbound = the customer, outbound = that agent. */
const firstMessage = (column: SQL) => sql`(select ${column} from ${messages} fm
  where fm.client_id = ${tickets.clientId} and fm.ticket_id = ${tickets.id}
  order by fm.created_at limit 1)`;
const openedByCustomer = sql`coalesce(${firstMessage(sql`fm.direction`)}, 'in') = 'in'`;
/** The agent who opened the chat (its first message is theirs); null when the customer did. */
export const openingAgentId = sql<
  string | null
>`${firstMessage(sql`case when fm.direction = 'out' then fm.sender_user_id end`)}`;
const openedByAgent = (ids: readonly string[]) => sql`${openingAgentId} in ${uuidList(ids)}`;

/**
 * Open and past its answer window (000 §4 by the channel table: 24 h, 7 days on Messenger and Instagram), with
 * `now` as a parameter so a page is one instant.
 */
function expiredCondition(now: Date): SQL {
  return sql`(${tickets.status} = 'expired' or (${tickets.status} in ('unassigned', 'assigned')
    and ${answerWindowPassedWhere(now)}))`;
}

function statusCondition(statuses: readonly string[], now: Date): SQL | undefined {
  if (statuses.length === 0 || statuses.length === 4) return undefined;
  const expired = expiredCondition(now);
  const parts: SQL[] = [];
  if (statuses.includes('resolved')) parts.push(sql`${tickets.status} = 'resolved'`);
  if (statuses.includes('expired')) parts.push(expired);
  const open = ['unassigned', 'assigned'].filter((s) => statuses.includes(s));
  if (open.length)
    parts.push(sql`(${inArray(tickets.status, open as ('unassigned' | 'assigned')[])} and not ${expired})`);
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`;
}

/** Contacts of the business whose name, phone or email contains the text (trigram indexes). */
function contactMatches(clientId: string, text: string, byEmailOnly = false): SQL {
  const pattern = containsPattern(text.trim());
  const match = byEmailOnly
    ? sql`${contacts.email} ilike ${pattern}`
    : sql`(${searchCondition(text) ?? sql`false`} or ${contacts.email} ilike ${pattern})`;
  return sql`${tickets.contactId} in (select ${contacts.id} from ${contacts}
    where ${contacts.clientId} = ${clientId} and ${match})`;
}

/** Groups condition: the default group also holds tickets without a group. */
function groupCondition(clientId: string, groupIds: readonly string[]): SQL {
  return sql`(${tickets.groupId} in ${uuidList(groupIds)} or (${tickets.groupId} is null and exists (
    select 1 from ${csGroups} dg where dg.client_id = ${clientId} and dg.is_default
    and dg.id in ${uuidList(groupIds)})))`;
}

/** Any message of the chat contains the keyword, over all time (trigram index on message text). */
function keywordCondition(keyword: string): SQL {
  return sql`exists (select 1 from ${messages} km where km.client_id = ${tickets.clientId}
    and km.ticket_id = ${tickets.id} and km.text ilike ${containsPattern(keyword)})`;
}

/**
 * The WHERE of the ticket list (000 §3 chat-list filter keys) for one business, without visibility or keyset
 * position: every list filter is "any of", every given filter must hold, an omitted one does not restrict.
 */
export function ticketListConditions(
  clientId: string,
  filter: TicketListFilter,
  options: { now: Date; timeZone?: string },
): SQL[] {
  const where: SQL[] = [eq(tickets.clientId, clientId)];
  const push = (c: SQL | undefined) => {
    if (c) where.push(c);
  };
  const created = dayRange(filter.createdFrom, filter.createdTo, options.timeZone);
  if (created.from) push(sql`${tickets.createdAt} >= ${created.from.toISOString()}::timestamptz`);
  if (created.before) push(sql`${tickets.createdAt} < ${created.before.toISOString()}::timestamptz`);
  const closed = dayRange(filter.closedFrom, filter.closedTo, options.timeZone);
  if (closed.from) push(sql`${tickets.resolvedAt} >= ${closed.from.toISOString()}::timestamptz`);
  if (closed.before) push(sql`${tickets.resolvedAt} < ${closed.before.toISOString()}::timestamptz`);
  if (filter.status?.length) push(statusCondition(filter.status, options.now));
  if (filter.mediaPlatform?.length) push(inArray(tickets.channel, filter.mediaPlatform));
  if (filter.priority?.length) push(inArray(tickets.priority, filter.priority));
  if (filter.tags?.length) push(sql`${tickets.tags} && ${textArray(filter.tags)}`);
  if (filter.csId?.length) push(sql`${tickets.assigneeId} in ${uuidList(filter.csId)}`);
  if (filter.closedBy?.length) push(sql`${tickets.resolvedBy} in ${uuidList(filter.closedBy)}`);
  if (filter.csGroup?.length) push(groupCondition(clientId, filter.csGroup));
  if (filter.createdBy?.length) {
    const agents = filter.createdBy.filter((v) => v !== 'customer');
    const parts: SQL[] = [];
    if (filter.createdBy.includes('customer')) parts.push(openedByCustomer);
    if (agents.length) parts.push(openedByAgent(agents));
    push(parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`);
  }
  if (filter.remarksOrSubject)
    push(sql`${tickets.remarks} ilike ${containsPattern(filter.remarksOrSubject)}`);
  if (filter.customerInfo) push(contactMatches(clientId, filter.customerInfo));
  for (const field of filter.fields ?? [])
    push(sql`exists (select 1 from ${ticketFormStates} fs where fs.client_id = ${tickets.clientId}
      and fs.ticket_id = ${tickets.id} and (fs.values ->> ${field.fieldId}) ilike ${containsPattern(field.value)})`);
  if (filter.keyword) push(keywordCondition(filter.keyword));
  return where;
}

/** The WHERE of chat history (000 §2): resolved chats of one business with the history filters. */
export function chatHistoryConditions(
  clientId: string,
  filter: ChatHistoryFilter,
  options: { timeZone?: string } = {},
): SQL[] {
  const where: SQL[] = [
    eq(tickets.clientId, clientId),
    eq(tickets.status, 'resolved'),
    isNotNull(tickets.resolvedAt),
  ];
  const resolved = dayRange(filter.dateFrom, filter.dateTo, options.timeZone);
  if (resolved.from) where.push(sql`${tickets.resolvedAt} >= ${resolved.from.toISOString()}::timestamptz`);
  if (resolved.before) where.push(sql`${tickets.resolvedAt} < ${resolved.before.toISOString()}::timestamptz`);
  if (filter.channel?.length) where.push(inArray(tickets.channel, filter.channel));
  if (filter.csId?.length) where.push(sql`${tickets.assigneeId} in ${uuidList(filter.csId)}`);
  if (filter.closedBy?.length) where.push(sql`${tickets.resolvedBy} in ${uuidList(filter.closedBy)}`);
  if (filter.tag?.length) where.push(sql`${tickets.tags} && ${textArray(filter.tag)}`);
  if (filter.remarks) where.push(sql`${tickets.remarks} ilike ${containsPattern(filter.remarks)}`);
  if (filter.contact) where.push(contactMatches(clientId, filter.contact));
  if (filter.email) where.push(contactMatches(clientId, filter.email, true));
  return where;
}

/** The sort of a find list: newest created first (ticket list) or newest resolved first (history). */
export type KeysetSort = 'created' | 'resolved';
const sortColumn = (sort: KeysetSort) => (sort === 'created' ? tickets.createdAt : tickets.resolvedAt);

export function afterPosition(sort: KeysetSort, position: KeysetPosition): SQL {
  return sql`(${sortColumn(sort)}, ${tickets.id}) < (${position.at}::timestamptz, ${position.id}::uuid)`;
}

/**
 * Phase one of a page: the ids (and keyset positions) of up to `limit` matching tickets in keyset order,
 * walking the (client_id, created_at desc, id desc) or (client_id, status, resolved_at desc, id desc) index.
 */
export function selectPageIds(db: DbOrTx, where: SQL[], sort: KeysetSort, limit: number) {
  const column = sortColumn(sort);
  return db
    .select({ id: tickets.id, at: keysetText(sql`${column}`) })
    .from(tickets)
    .where(and(...where))
    .orderBy(desc(column), desc(tickets.id))
    .limit(limit);
}

/** Matching tickets counted up to `cap + 1` (so "more than cap" is known without counting them all). */
export async function countUpTo(db: DbOrTx, where: SQL[], cap: number): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(tickets)
    .where(and(...where))
    .limit(cap + 1);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner.as('matching'));
  return Number(row?.n ?? 0);
}

const assignee = alias(users, 'assignee');
const closer = alias(users, 'closer');
const group = alias(csGroups, 'ticket_group');

/**
 * What a found chat's row reads besides the ticket (its contact, its group — the default group for a ticket
 * without one —, its assignee and who closed it) and how each joins the ticket, one primary-key probe each.
 * The find lists' details and the export's batches both join them and read `foundTicketColumns`.
 */
export const foundTicketTables = { group, assignee, closer };
export const foundTicketJoins = {
  contact: and(eq(contacts.clientId, tickets.clientId), eq(contacts.id, tickets.contactId)),
  group: and(
    eq(group.clientId, tickets.clientId),
    sql`(${group.id} = ${tickets.groupId} or (${tickets.groupId} is null and ${group.isDefault}))`,
  ),
  assignee: eq(assignee.id, tickets.assigneeId),
  closer: eq(closer.id, tickets.resolvedBy),
  survey: and(eq(ticketSurveys.clientId, tickets.clientId), eq(ticketSurveys.ticketId, tickets.id)),
};
export const foundTicketColumns = {
  displayNumber: tickets.displayNumber,
  groupName: group.name,
  createdAt: tickets.createdAt,
  contactName: contacts.name,
  contactPhone: contacts.phone,
  contactEmail: contacts.email,
  assigneeName: assignee.name,
  resolvedAt: tickets.resolvedAt,
  resolvedByName: closer.name,
  resolveNote: tickets.resolveNote,
  remarks: tickets.remarks,
  channel: tickets.channel,
  priority: tickets.priority,
  tags: tickets.tags,
  status: tickets.status,
  lastCustomerMessageAt: tickets.lastCustomerMessageAt,
  /** The customer's satisfaction rating (1–5) and comment, when the survey was answered. */
  rating: ticketSurveys.rating,
  ratingComment: ticketSurveys.comment,
  surveyRemarks: ticketSurveys.remarks,
  surveyCsTags: ticketSurveys.csTags,
};

/** Phase two: everything a row shows, for the ids of one page (primary-key lookups). */
export async function selectRowDetails(db: DbOrTx, clientId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: tickets.id,
      ...foundTicketColumns,
      groupId: group.id,
      contactId: tickets.contactId,
      assigneeId: tickets.assigneeId,
      resolvedBy: tickets.resolvedBy,
      submitterId: openingAgentId,
    })
    .from(tickets)
    .innerJoin(contacts, foundTicketJoins.contact)
    .leftJoin(group, foundTicketJoins.group)
    .leftJoin(assignee, foundTicketJoins.assignee)
    .leftJoin(closer, foundTicketJoins.closer)
    .leftJoin(ticketSurveys, foundTicketJoins.survey)
    .where(and(eq(tickets.clientId, clientId), inArray(tickets.id, [...ids])));
  const submitterIds = [...new Set(rows.flatMap((r) => (r.submitterId ? [r.submitterId] : [])))];
  const names = submitterIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, submitterIds))
    : [];
  const nameOf = new Map(names.map((u) => [u.id, u.name]));
  return rows.map((r) => ({
    ...r,
    submitterName: r.submitterId ? (nameOf.get(r.submitterId) ?? null) : null,
  }));
}
export type RowDetails = Awaited<ReturnType<typeof selectRowDetails>>[number];

export async function findColumns(db: DbOrTx, clientId: string, userId: string) {
  const [row] = await db
    .select({ columns: ticketListPreferences.columns })
    .from(ticketListPreferences)
    .where(and(eq(ticketListPreferences.clientId, clientId), eq(ticketListPreferences.userId, userId)));
  return row?.columns;
}

export async function upsertColumns(
  db: DbOrTx,
  clientId: string,
  userId: string,
  columns: TicketListColumnKey[],
) {
  const now = new Date();
  await db
    .insert(ticketListPreferences)
    .values({ clientId, userId, columns, updatedAt: now })
    .onConflictDoUpdate({
      target: [ticketListPreferences.clientId, ticketListPreferences.userId],
      set: { columns, updatedAt: now },
    });
}
