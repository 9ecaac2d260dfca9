import {
  type BulkFilter,
  CHANNELS,
  CHAT_WINDOW_MS,
  type ChannelCode,
  type inboxEndpoints,
  type Message,
  type TicketSummary,
} from '@sapa/contracts';
import { and, asc, desc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/route-access.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { keysetPage } from '../../platform/http/pagination.js';
import type { JobDefinition } from '../../platform/jobs/job-queue.js';
import { assertCreditsAvailable } from '../billing/chat-credits.service.js';
import type { markReadJobSchema } from '../channels/connectors/whatsapp-cloud/outbound.js';
import type { sendJobSchema } from '../channels/outbound/outbound-send.job.js';
import { contacts } from '../contacts/contacts.schema.js';
import { users } from '../identity/identity.schema.js';
import { requestAutoAssign } from '../teams/index.js';
import { assignTicket as assignTo } from './assignment.service.js';
import { publishRealtime } from './conversation-events.js';
import {
  findMessageByClientMessageId,
  getMessage,
  getTicketSummary,
  type MessageRow,
  selectSummaries,
  type TicketRow,
  toMessage,
  toTicketSummary,
} from './conversations.repository.js';
import { messages, tickets } from './conversations.schema.js';
import { recordOutbound } from './outbound.js';
import { summaryMaskFor } from './phone-privacy.js';
import { recordTicketAudit } from './ticket-history.js';
import { attachmentForMessage } from './uploads.service.js';
import {
  assertMayAssign,
  assertMayReply,
  inGroupWhere,
  requireVisibleTicket,
  visibleTicketsWhere,
} from './visibility.js';

export interface InboxJobs {
  send: JobDefinition<typeof sendJobSchema>;
  markRead: JobDefinition<typeof markReadJobSchema>;
}

type Query<K extends keyof typeof inboxEndpoints> = z.output<
  NonNullable<(typeof inboxEndpoints)[K]['query']>
>;
type Body<K extends keyof typeof inboxEndpoints> = z.output<NonNullable<(typeof inboxEndpoints)[K]['body']>>;

function encodeCursor(at: Date, id: string) {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}
function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  return { at: date, id };
}

/**
 * The inbox list's filter as conditions over `tickets` joined with `contacts` (the list and bulk actions'
 * "select all matching" use the same one).
 */
export function ticketFilterConditions(clientId: string, q: BulkFilter): SQL[] {
  const where: SQL[] = [eq(tickets.clientId, clientId), eq(tickets.status, q.tab)];
  if (q.channel) where.push(eq(tickets.channel, q.channel));
  if (q.priority) where.push(eq(tickets.priority, q.priority));
  if (q.tag) where.push(sql`${tickets.tags} @> array[${q.tag}]::text[]`);
  if (q.responded) where.push(eq(tickets.responded, q.responded === 'true'));
  if (q.groupId) where.push(inGroupWhere(clientId, q.groupId));
  if (q.search) {
    const term = q.search.trim();
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const conditions: SQL[] = [ilike(contacts.name, like), ilike(contacts.phone, like)];
    const number = /^T-?0*(\d{1,15})$/i.exec(term);
    if (number) conditions.push(eq(tickets.displayNumber, Number(number[1])));
    where.push(or(...conditions)!);
  }
  return where;
}

/** Inbox lists: keyset on (last_message_at, id) over the (client_id, status, last_message_at, id) index. */
export async function listTickets(deps: ServerDeps, auth: AuthContext, q: Query<'tickets'>) {
  const where = ticketFilterConditions(auth.clientId, q);
  // 000 §6: a Customer Service agent lists only their own (CS1: automatically assigned) tickets.
  const visible = visibleTicketsWhere(auth);
  if (visible) where.push(visible);
  const newest = q.sort === 'latest';
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    if (!c) throw badRequest('validation.invalid');
    const at = c.at.toISOString();
    where.push(
      newest
        ? sql`(${tickets.lastMessageAt}, ${tickets.id}) < (${at}::timestamptz, ${c.id}::uuid)`
        : sql`(${tickets.lastMessageAt}, ${tickets.id}) > (${at}::timestamptz, ${c.id}::uuid)`,
    );
  }
  const rows = await selectSummaries(deps.db)
    .where(and(...where))
    .orderBy(
      newest ? desc(tickets.lastMessageAt) : asc(tickets.lastMessageAt),
      newest ? desc(tickets.id) : asc(tickets.id),
    )
    .limit(q.limit + 1);
  const { page, nextCursor } = keysetPage(rows, q.limit, (last) =>
    encodeCursor(last.ticket.lastMessageAt, last.ticket.id),
  );
  const mask = await summaryMaskFor(deps.db, auth);
  return { items: page.map((r) => mask(toTicketSummary(r))), nextCursor };
}

/** Tickets with unread customer messages per tab (bounded by the open tickets of the business). */
export async function unreadCount(deps: ServerDeps, auth: AuthContext) {
  const rows = await deps.db
    .select({ status: tickets.status, n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(
      and(
        eq(tickets.clientId, auth.clientId),
        sql`${tickets.status} in ('unassigned', 'assigned')`,
        gt(tickets.unreadCount, 0),
        visibleTicketsWhere(auth),
      ),
    )
    .groupBy(tickets.status);
  const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { unassigned: of('unassigned'), assigned: of('assigned') };
}

/** The ticket if the caller may see it (000 §6 CS positions); 404 otherwise, like an unknown one. */
function requireTicket(deps: ServerDeps, auth: AuthContext, id: string): Promise<TicketRow> {
  return requireVisibleTicket(deps.db, auth, id);
}

async function summaryOf(deps: ServerDeps, clientId: string, id: string): Promise<TicketSummary> {
  const summary = await getTicketSummary(deps.db, clientId, id);
  if (!summary) throw notFound();
  return summary;
}

export async function getTicketDetail(deps: ServerDeps, auth: AuthContext, id: string) {
  await requireTicket(deps, auth, id);
  const mask = await summaryMaskFor(deps.db, auth);
  return mask(await summaryOf(deps, auth.clientId, id));
}

/** The chat history newest first; `before` is the cursor of the oldest message already shown. */
export async function listMessages(deps: ServerDeps, auth: AuthContext, id: string, q: Query<'messages'>) {
  await requireTicket(deps, auth, id);
  const where: SQL[] = [eq(messages.clientId, auth.clientId), eq(messages.ticketId, id)];
  if (q.before) {
    const c = decodeCursor(q.before);
    if (!c) throw badRequest('validation.invalid');
    where.push(
      sql`(${messages.createdAt}, ${messages.id}) < (${c.at.toISOString()}::timestamptz, ${c.id}::uuid)`,
    );
  }
  const rows = await deps.db
    .select({ message: messages, senderName: users.name })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .where(and(...where))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(q.limit + 1);
  const { page, nextCursor } = keysetPage(rows, q.limit, (last) =>
    encodeCursor(last.message.createdAt, last.message.id),
  );
  return { items: page.map((r) => toMessage(r.message, r.senderName)), nextCursor };
}

/** Whether a public reply may be sent now (000 §4 lifecycle, §8 expired chat). */
export function checkReplyAllowed(ticket: TicketRow, now: number, type: MessageRow['type'] = 'text') {
  if (ticket.status === 'resolved') throw conflict('inbox.ticketClosed');
  // A template may go out after the 24-hour window (000 §4: the follow-up template of an expired chat).
  if (type === 'template') return;
  const def = CHANNELS[ticket.channel as ChannelCode];
  if (!def?.hasExpiry) return;
  const last = ticket.lastCustomerMessageAt?.getTime();
  if (ticket.status === 'expired' || last === undefined || now - last > CHAT_WINDOW_MS) {
    throw conflict(ticket.channel === 'WAP' ? 'inbox.expiredWhatsapp' : 'inbox.expiredResolve');
  }
}

async function senderNameOf(deps: ServerDeps, userId: string) {
  const [u] = await deps.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return u?.name ?? null;
}

/** A reply or an internal note; idempotent on `clientMessageId` (a retried request returns the same message). */
export async function sendMessage(
  deps: ServerDeps,
  jobs: InboxJobs,
  auth: AuthContext,
  ticketId: string,
  body: Body<'sendMessage'>,
): Promise<Message> {
  const ticket = await requireTicket(deps, auth, ticketId);
  if (!body.internal) assertMayReply(auth);
  const existing = await findMessageByClientMessageId(deps.db, auth.clientId, body.clientMessageId);
  if (existing) {
    if (existing.ticketId !== ticketId) throw conflict('validation.invalid');
    return toMessage(existing, await senderNameOf(deps, auth.userId));
  }
  const now = new Date();
  if (!body.internal) {
    checkReplyAllowed(ticket, now.getTime());
    // A reply inside the customer-service window is free (WhatsApp's service conversations): amount 0.
    await assertCreditsAvailable(deps.db, auth.clientId, 0);
  }
  const attachment = body.attachmentId
    ? await attachmentForMessage(deps, auth.clientId, ticket, body.attachmentId, body.text)
    : null;
  let replyToId: string | null = null;
  if (body.replyToId) {
    const quoted = await getMessage(deps.db, auth.clientId, body.replyToId);
    if (!quoted || quoted.message.ticketId !== ticketId) throw badRequest('validation.invalid');
    replyToId = quoted.message.id;
  }
  let row: MessageRow;
  try {
    row = await deps.db.transaction((tx) =>
      recordOutbound(tx, {
        clientId: auth.clientId,
        id: uuidv7(),
        ticketId,
        channelAccountId: ticket.channelAccountId,
        // An internal note never leaves Sapa: it is stored as sent and no job is queued.
        visibility: body.internal ? 'internal' : 'public',
        type: attachment?.kind ?? 'text',
        text: body.text || null,
        media: attachment?.media ?? null,
        payload: attachment?.payload ?? null,
        status: body.internal ? 'sent' : 'pending',
        clientMessageId: body.clientMessageId,
        senderUserId: auth.userId,
        replyToId,
        createdAt: now,
        updatedAt: now,
      }),
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const raced = await findMessageByClientMessageId(deps.db, auth.clientId, body.clientMessageId);
    if (!raced) throw err;
    return toMessage(raced, await senderNameOf(deps, auth.userId));
  }
  if (!body.internal) await deps.jobs.send(jobs.send, { clientId: auth.clientId, messageId: row.id });
  const message = toMessage(row, await senderNameOf(deps, auth.userId));
  const summary = await getTicketSummary(deps.db, auth.clientId, ticketId);
  if (summary)
    await publishRealtime(deps, {
      type: 'message.created',
      clientId: auth.clientId,
      ticket: summary,
      message,
    });
  return message;
}

/** Sends a failed reply again (same message row, back to pending). */
export async function retryMessage(
  deps: ServerDeps,
  jobs: InboxJobs,
  auth: AuthContext,
  ticketId: string,
  messageId: string,
): Promise<Message> {
  const ticket = await requireTicket(deps, auth, ticketId);
  assertMayReply(auth);
  const found = await getMessage(deps.db, auth.clientId, messageId);
  if (!found || found.message.ticketId !== ticketId) throw notFound();
  const m = found.message;
  if (m.status !== 'failed' || m.direction !== 'out' || m.visibility !== 'public') {
    return toMessage(m, found.senderName);
  }
  checkReplyAllowed(ticket, Date.now(), m.type);
  const [row] = await deps.db
    .update(messages)
    .set({ status: 'pending', error: null, updatedAt: new Date() })
    .where(
      and(eq(messages.clientId, auth.clientId), eq(messages.id, messageId), eq(messages.status, 'failed')),
    )
    .returning();
  if (!row) return toMessage(m, found.senderName);
  await deps.jobs.send(jobs.send, { clientId: auth.clientId, messageId });
  const message = toMessage(row, found.senderName);
  await publishRealtime(
    deps,
    { type: 'message.updated', clientId: auth.clientId, ticketId, message },
    {
      visibility: 'ticket',
      ticketId,
      assigneeId: ticket.assigneeId,
      assignedVia: ticket.assignedVia,
      groupId: ticket.groupId,
      authorId: row.senderUserId,
    },
  );
  return message;
}

/** Opening a chat: unread back to 0 and, on WhatsApp, a read receipt for the latest customer message. */
export async function markTicketRead(deps: ServerDeps, jobs: InboxJobs, auth: AuthContext, ticketId: string) {
  const ticket = await requireTicket(deps, auth, ticketId);
  if (ticket.unreadCount > 0) {
    await deps.db
      .update(tickets)
      .set({ unreadCount: 0 })
      .where(and(eq(tickets.clientId, auth.clientId), eq(tickets.id, ticketId)));
    if (ticket.channel === 'WAP') {
      const [latest] = await deps.db
        .select({ wamid: messages.providerMessageId })
        .from(messages)
        .where(
          and(
            eq(messages.clientId, auth.clientId),
            eq(messages.ticketId, ticketId),
            eq(messages.direction, 'in'),
          ),
        )
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(1);
      if (latest?.wamid) {
        await deps.jobs.send(jobs.markRead, {
          clientId: auth.clientId,
          channelAccountId: ticket.channelAccountId,
          wamid: latest.wamid,
        });
      }
    }
    const summary = await summaryOf(deps, auth.clientId, ticketId);
    await publishRealtime(deps, { type: 'ticket.updated', clientId: auth.clientId, ticket: summary });
  }
  return { ok: true as const };
}

/** 000 §2 assign to CS dialog: to an agent or to a group; supervisors and users without a CS position. */
export async function assignTicket(
  deps: ServerDeps,
  auth: AuthContext,
  ticketId: string,
  body: Body<'assign'>,
) {
  assertMayAssign(auth);
  await requireTicket(deps, auth, ticketId);
  const to = body.groupId ? { groupId: body.groupId } : { agentId: body.assigneeId! };
  const summary = await assignTo(deps, {
    clientId: auth.clientId,
    ticketId,
    to,
    source: 'manual',
    by: auth.userId,
  });
  return (await summaryMaskFor(deps.db, auth))(summary);
}

export async function resolveTicket(
  deps: ServerDeps,
  auth: AuthContext,
  ticketId: string,
  body: Body<'resolve'>,
) {
  const ticket = await requireTicket(deps, auth, ticketId);
  if (ticket.status !== 'resolved') {
    const now = new Date();
    await deps.db.transaction(async (tx) => {
      await tx
        .update(tickets)
        .set({
          status: 'resolved',
          resolvedAt: now,
          resolvedBy: auth.userId,
          resolveNote: body.note || null,
          unreadCount: 0,
          updatedAt: now,
        })
        .where(and(eq(tickets.clientId, auth.clientId), eq(tickets.id, ticketId)));
      await recordTicketAudit(tx, {
        clientId: auth.clientId,
        ticketId,
        actorUserId: auth.userId,
        action: 'resolve',
        changes: {
          status: { from: ticket.status, to: 'resolved' },
          resolveNote: { from: null, to: body.note || null },
        },
        at: now,
      });
    });
    // The agent has room for another waiting ticket.
    if (ticket.assigneeId) await requestAutoAssign(deps, auth.clientId);
  }
  const summary = await summaryOf(deps, auth.clientId, ticketId);
  if (ticket.status !== 'resolved')
    await publishRealtime(deps, { type: 'ticket.updated', clientId: auth.clientId, ticket: summary });
  return summary;
}
