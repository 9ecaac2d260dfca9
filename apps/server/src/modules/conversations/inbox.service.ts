import {
  type ChannelCode,
  type conversationEndpoints,
  type Message,
  parseEmailCc,
  type ReplyButtons,
  replyButtonsIssues,
  replyWindowOf,
  type TicketSummary,
} from '@sapa/contracts';
import { and, asc, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/route-access.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { decodeTimeCursor, encodeTimeCursor, keysetPage } from '../../platform/http/pagination.js';
import type { JobDefinition } from '../../platform/jobs/job-queue.js';
import { chargeConversation, rechargeRefundedSend } from '../billing/index.js';
import { userNameOf } from '../identity/index.js';
import { requestAutoAssign } from '../teams/index.js';
import { requirePlan } from '../tenancy/index.js';
import { assignTicket as assignTo } from './assignment.service.js';
import { publishRealtime } from './conversation-events.js';
import {
  displayIdOf,
  findMessageByClientMessageId,
  getMessage,
  getTicketSummary,
  type MessageRow,
  selectMessagesWithSender,
  selectSummaries,
  type TicketRow,
  toMessage,
  toTicketSummary,
} from './conversations.repository.js';
import { messages, tickets } from './conversations.schema.js';
import { customerExternalIdOf } from './message-status.repository.js';
import { recordOutbound } from './outbound.js';
import { summaryMaskFor } from './phone-privacy.js';
import { ticketFilterConditions } from './ticket-filters.repository.js';
import { recordTicketAudit } from './ticket-history.repository.js';
import { attachmentForMessage, emailFilesFor } from './uploads.service.js';
import { assertMayAssign, assertMayReply, requireVisibleTicket, visibleTicketsWhere } from './visibility.js';

/** A job whose payload is `T` (its schema and handler are the defining module's). */
type JobOf<T> = JobDefinition<z.ZodType<T>>;

/**
 * The jobs the inbox hands its messages to, defined by channels (the send job, the read receipt) and handed
 * in by the composition root (app.ts): conversations names their payloads only and never imports channels.
 */
export interface InboxJobs {
  send: JobOf<{ clientId: string; messageId: string }>;
  markRead: JobOf<{ clientId: string; channelAccountId: string; wamid: string; customerId?: string }>;
}

type Query<K extends keyof typeof conversationEndpoints> = z.output<
  NonNullable<(typeof conversationEndpoints)[K]['query']>
>;
type Body<K extends keyof typeof conversationEndpoints> = z.output<
  NonNullable<(typeof conversationEndpoints)[K]['body']>
>;

/** Inbox lists: keyset on (last_message_at, id) over the (client_id, status, last_message_at, id) index. */
export async function listTickets(deps: ServerDeps, auth: AuthContext, q: Query<'tickets'>) {
  const where = ticketFilterConditions(auth.clientId, q);
  // 000 §6: a Customer Service agent lists only their own (CS1: automatically assigned) tickets.
  const visible = visibleTicketsWhere(auth);
  if (visible) where.push(visible);
  const newest = q.sort === 'latest';
  if (q.cursor) {
    const c = decodeTimeCursor(q.cursor);
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
    encodeTimeCursor(last.ticket.lastMessageAt, last.ticket.id),
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
    const c = decodeTimeCursor(q.before);
    if (!c) throw badRequest('validation.invalid');
    where.push(
      sql`(${messages.createdAt}, ${messages.id}) < (${c.at.toISOString()}::timestamptz, ${c.id}::uuid)`,
    );
  }
  const rows = await selectMessagesWithSender(deps.db, where, q.limit + 1);
  const { page, nextCursor } = keysetPage(rows, q.limit, (last) =>
    encodeTimeCursor(last.message.createdAt, last.message.id),
  );
  return { items: page.map((r) => toMessage(r.message, r.senderName)), nextCursor };
}

/**
 * Whether the channel's reply window lets a free-form message out now, without a tag or a template (000 §4:
 * 24 hours after the customer's last message on channels with expiry). Status aside.
 */
export function replyWindowOpen(
  ticket: Pick<TicketRow, 'channel' | 'status' | 'lastCustomerMessageAt'>,
  now: number,
): boolean {
  return replyWindowOfTicket(ticket, now) === 'open';
}

function replyWindowOfTicket(
  ticket: Pick<TicketRow, 'channel' | 'status' | 'lastCustomerMessageAt'>,
  now: number,
) {
  return replyWindowOf(
    ticket.channel as ChannelCode,
    {
      lastCustomerMessageAt: ticket.lastCustomerMessageAt?.getTime() ?? null,
      expired: ticket.status === 'expired',
    },
    now,
  );
}

/** The error of a reply refused by the chat's reply window (000 §4 lifecycle, §8 expired chat). */
const EXPIRED_ERRORS = {
  followUpTemplate: 'inbox.expiredWhatsapp',
  resolve: 'inbox.expiredResolve',
} as const;

/**
 * Whether a public reply may be sent now, by the channel table's rule (`replyWindowOf`): inside the 24-hour
 * window, or on a channel without expiry, always; WhatsApp after it a template only; Messenger and Instagram
 * until 7 days (the sender tags it `HUMAN_AGENT`); otherwise the chat can only be resolved.
 */
export function checkReplyAllowed(ticket: TicketRow, now: number, type: MessageRow['type'] = 'text') {
  if (ticket.status === 'resolved') throw conflict('inbox.ticketClosed');
  const window = replyWindowOfTicket(ticket, now);
  if (window === 'open' || window === 'humanAgentTag') return;
  // A template may go out after the 24-hour window (000 §4: the follow-up template of an expired chat).
  if (window === 'followUpTemplate' && type === 'template') return;
  throw conflict(EXPIRED_ERRORS[window]);
}

/**
 * 001 §9 "Inbound fee: applies within 24 hours of reply": the chat room's service conversation, charged once per
 * 24 hours (bonus credit first, usable only for inbound). It never blocks the reply: a wallet that cannot pay
 * records it unpaid (000 §8 blocks only new messages and follow-ups).
 */
async function chargeInboundFee(deps: ServerDeps, ticket: TicketRow, message: MessageRow, now: Date) {
  await chargeConversation(deps.db, {
    clientId: ticket.clientId,
    chatRoomId: ticket.id,
    mediaPlatform: ticket.channel,
    purpose: 'inbound',
    messageId: message.id,
    at: now,
    details: { ticket: displayIdOf(ticket.displayNumber) },
  });
}

/** A reply or an internal note; idempotent on `clientMessageId` (a retried request returns the same message). */
/** An email reply's own fields (000 §5 Cc: comma separated, each valid; the subject), for its payload. */
function emailFieldsOf(body: Body<'sendMessage'>): { emailCc: string[]; subject?: string } {
  const emailCc = parseEmailCc(body.emailCc ?? '');
  if (!emailCc) throw badRequest('ticketForm.emailCcInvalid', { emailCc: 'ticketForm.emailCcInvalid' });
  return body.subject ? { emailCc, subject: body.subject } : { emailCc };
}

/**
 * The reply buttons of an agent's message (000 §4 channel table "reply button"): a public text reply on a
 * channel that allows them, within its provider's limits (`replyButtonsIssues`); the options get the ids
 * `reply:0`, `reply:1` … that the customer's tap brings back.
 */
function replyButtonsFor(channel: ChannelCode, body: Body<'sendMessage'>): ReplyButtons {
  const input = body.replyButtons!;
  if (body.internal || body.attachmentId || body.attachmentIds?.length)
    throw badRequest('replyButtons.notAllowed', { replyButtons: 'replyButtons.notAllowed' });
  if (!body.text) throw badRequest('replyButtons.textRequired', { text: 'replyButtons.textRequired' });
  const options = input.options.map((title, i) => ({ id: `reply:${i}`, title }));
  const buttons = { style: input.style, ...(input.listLabel ? { listLabel: input.listLabel } : {}), options };
  const [issue] = replyButtonsIssues(channel, buttons, body.text);
  if (issue) {
    const field = issue.path[0] === 'text' ? 'text' : ['replyButtons', ...issue.path].join('.');
    throw badRequest(issue.key, { [field]: issue.key });
  }
  return buttons;
}

export async function sendMessage(
  deps: ServerDeps,
  jobs: Pick<InboxJobs, 'send'>,
  auth: AuthContext,
  ticketId: string,
  body: Body<'sendMessage'>,
  /**
   * A message another module builds whole (orders' product messages: type `interactive`, the provider's
   * object in the payload); the text is what the inbox shows. No file goes with it.
   */
  structured?: { type: 'interactive'; payload: Record<string, unknown>; channels: readonly string[] },
): Promise<Message> {
  const ticket = await requireTicket(deps, auth, ticketId);
  if (structured && (!structured.channels.includes(ticket.channel) || body.attachmentId || body.internal))
    throw badRequest('validation.invalid');
  if (!body.internal) assertMayReply(auth);
  const existing = await findMessageByClientMessageId(deps.db, auth.clientId, body.clientMessageId);
  if (existing) {
    if (existing.ticketId !== ticketId) throw conflict('validation.invalid');
    return toMessage(existing, await userNameOf(deps.db, auth.userId));
  }
  const now = new Date();
  if (!body.internal) {
    checkReplyAllowed(ticket, now.getTime());
    // 001 §6: the WhatsApp channel needs Pro or Enterprise.
    if (ticket.channel === 'WAP') await requirePlan(deps.db, auth.clientId, ['whatsapp']);
  }
  const attachment = body.attachmentId
    ? await attachmentForMessage(deps, auth.clientId, ticket, body.attachmentId, body.text)
    : null;
  const email = ticket.channel === 'EML' && !body.internal ? emailFieldsOf(body) : null;
  const replyButtons = body.replyButtons ? replyButtonsFor(ticket.channel as ChannelCode, body) : null;
  // Email: several files in one email (000 §5); every other channel sends one message per file.
  if (body.attachmentIds?.length && (!email || attachment))
    throw badRequest('validation.invalid', { attachmentIds: 'validation.invalid' });
  const emailFiles =
    email && body.attachmentIds?.length
      ? await emailFilesFor(deps, auth.clientId, ticket, body.attachmentIds)
      : null;
  let replyToId: string | null = null;
  if (body.replyToId) {
    const quoted = await getMessage(deps.db, auth.clientId, body.replyToId);
    if (!quoted || quoted.message.ticketId !== ticketId) throw badRequest('validation.invalid');
    replyToId = quoted.message.id;
  }
  let row: MessageRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      const recorded = await recordOutbound(tx, {
        clientId: auth.clientId,
        id: uuidv7(),
        ticketId,
        channelAccountId: ticket.channelAccountId,
        // An internal note never leaves Sapa: it is stored as sent and no job is queued.
        visibility: body.internal ? 'internal' : 'public',
        type: structured?.type ?? attachment?.kind ?? 'text',
        text: body.text || null,
        media: attachment?.media ?? null,
        payload: structured
          ? structured.payload
          : attachment || email || replyButtons
            ? {
                ...attachment?.payload,
                ...email,
                ...(emailFiles ? { emailFiles } : {}),
                ...(replyButtons ? { replyButtons } : {}),
              }
            : null,
        status: body.internal ? 'sent' : 'pending',
        clientMessageId: body.clientMessageId,
        senderUserId: auth.userId,
        replyToId,
        createdAt: now,
        updatedAt: now,
      });
      return recorded;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const raced = await findMessageByClientMessageId(deps.db, auth.clientId, body.clientMessageId);
    if (!raced) throw err;
    return toMessage(raced, await userNameOf(deps.db, auth.userId));
  }
  // 001 §9 inbound fee: a WhatsApp reply within the customer's 24 hours opens a service conversation (charged
  // through billing's batched charge once the reply is stored; it never refuses the reply).
  if (!body.internal && ticket.channel === 'WAP') await chargeInboundFee(deps, ticket, row, now);
  if (!body.internal) await deps.jobs.send(jobs.send, { clientId: auth.clientId, messageId: row.id });
  const message = toMessage(row, await userNameOf(deps.db, auth.userId));
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
  // Its window was refunded when it failed: sent again, the conversation is paid again (402 when short).
  await rechargeRefundedSend(deps.db, { clientId: auth.clientId, messageId, at: new Date() });
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

/**
 * Opening a chat: unread back to 0 and a read receipt for the latest customer message, which the mark-read job
 * hands to the channel's connector (a channel without read receipts has no `markRead`: nothing is sent).
 */
export async function markTicketRead(deps: ServerDeps, jobs: InboxJobs, auth: AuthContext, ticketId: string) {
  const ticket = await requireTicket(deps, auth, ticketId);
  if (ticket.unreadCount > 0) {
    await deps.db
      .update(tickets)
      .set({ unreadCount: 0 })
      .where(and(eq(tickets.clientId, auth.clientId), eq(tickets.id, ticketId)));
    const [latest] = await deps.db
      .select({ wamid: messages.providerMessageId, payload: messages.payload })
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
      // Messenger and Instagram mark the chat seen for the customer (`mark_seen` to their id).
      const customerId = await customerExternalIdOf(deps.db, ticket);
      // Shopee reads a conversation (`read_conversation`), named in the message's payload.
      const conversationId = (latest.payload as { conversationId?: unknown } | null)?.conversationId;
      await deps.jobs.send(jobs.markRead, {
        clientId: auth.clientId,
        channelAccountId: ticket.channelAccountId,
        wamid: latest.wamid,
        ...(customerId ? { customerId } : {}),
        ...(typeof conversationId === 'string' && conversationId ? { conversationId } : {}),
      });
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
  return closeTicket(deps, ticket, { by: auth.userId, note: body.note || null });
}

/**
 * Resolves a ticket for the system (auto close after the customer's silence, 001 §3): no user, the note is the
 * configured description. A ticket already resolved stays as it was. Returns null for an unknown ticket.
 */
export async function resolveTicketAsSystem(
  deps: ServerDeps,
  ref: { clientId: string; ticketId: string },
  note: string | null,
): Promise<TicketSummary | null> {
  const [ticket] = await deps.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.clientId, ref.clientId), eq(tickets.id, ref.ticketId)));
  if (!ticket) return null;
  return closeTicket(deps, ticket, { by: null, note });
}

async function closeTicket(
  deps: ServerDeps,
  ticket: TicketRow,
  close: { by: string | null; note: string | null },
): Promise<TicketSummary> {
  const { clientId, id: ticketId } = ticket;
  let closed = false;
  if (ticket.status !== 'resolved') {
    const now = new Date();
    closed = await deps.db.transaction(async (tx) => {
      const changed = await tx
        .update(tickets)
        .set({
          status: 'resolved',
          resolvedAt: now,
          resolvedBy: close.by,
          resolveNote: close.note,
          unreadCount: 0,
          updatedAt: now,
        })
        .where(
          and(eq(tickets.clientId, clientId), eq(tickets.id, ticketId), sql`${tickets.status} <> 'resolved'`),
        )
        .returning({ id: tickets.id });
      if (changed.length === 0) return false;
      await recordTicketAudit(tx, {
        clientId,
        ticketId,
        actorUserId: close.by,
        action: 'resolve',
        changes: {
          status: { from: ticket.status, to: 'resolved' },
          resolveNote: { from: null, to: close.note },
        },
        at: now,
      });
      return true;
    });
    // The agent has room for another waiting ticket.
    if (closed && ticket.assigneeId) await requestAutoAssign(deps, clientId);
  }
  const summary = await summaryOf(deps, clientId, ticketId);
  if (closed) await publishRealtime(deps, { type: 'ticket.updated', clientId, ticket: summary });
  return summary;
}
