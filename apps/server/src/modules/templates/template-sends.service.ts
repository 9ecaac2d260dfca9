import {
  FOLLOW_UP_CHAT_COST,
  type Message,
  NEW_MESSAGE_COST,
  normaliseNewMessagePhone,
  type TemplateUsage,
  type TicketSummary,
  type templateEndpoints,
} from '@sapa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import type { JobDefinition } from '../../platform/jobs/job-queue.js';
import { assertCreditsAvailable, chargeCredits } from '../billing/chat-credits.service.js';
import { getAccount } from '../channels/channels.service.js';
import type { sendJobSchema } from '../channels/outbound/outbound-send.job.js';
import { contactIdentities, contacts } from '../contacts/contacts.schema.js';
import { upsertContactByIdentity } from '../contacts/contacts.service.js';
import {
  assignOpenedTicket,
  displayIdOf,
  findOrOpenTicket,
  getTicket,
  getTicketSummary,
  type MessageRow,
  messages,
  publishRealtime,
  recordOutbound,
  type TicketRow,
  tickets,
  toMessage,
} from '../conversations/index.js';
import { users } from '../identity/identity.schema.js';
import { recordCreationTime } from '../ticket-forms/ticket-forms.service.js';
import { findUsableTemplate } from './templates.repository.js';
import { renderTemplateMessage, type TemplateMessageContent } from './templates.service.js';

export interface TemplateSendJobs {
  send: JobDefinition<typeof sendJobSchema>;
}

type Body<K extends keyof typeof templateEndpoints> = z.output<
  NonNullable<(typeof templateEndpoints)[K]['body']>
>;

async function findByClientMessageId(deps: ServerDeps, clientId: string, clientMessageId: string) {
  const [row] = await deps.db
    .select({ message: messages, senderName: users.name })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .where(and(eq(messages.clientId, clientId), eq(messages.clientMessageId, clientMessageId)));
  return row;
}

async function requireTemplate(
  deps: ServerDeps,
  input: { clientId: string; id: string; usage: TemplateUsage; channelAccountId: string },
) {
  const template = await findUsableTemplate(deps.db, input);
  if (!template) throw badRequest('template.notUsable', { templateId: 'template.notUsable' });
  return template;
}

/**
 * One pending template message on a ticket and its charge, in the caller's transaction: the ticket's last
 * message moves on, the credits are charged with the message as the reference (so a charge exists exactly
 * when the message does). The customer's window is not reopened: only their answer does that (000 §4).
 */
async function insertTemplateMessage(
  tx: DbOrTx,
  input: {
    auth: AuthContext;
    ticket: Pick<TicketRow, 'id' | 'channelAccountId' | 'displayNumber'>;
    content: TemplateMessageContent;
    clientMessageId: string;
    cost: number;
    description: string;
    now: Date;
  },
): Promise<MessageRow> {
  const { auth, ticket, now } = input;
  const message = await recordOutbound(tx, {
    clientId: auth.clientId,
    id: uuidv7(),
    ticketId: ticket.id,
    channelAccountId: ticket.channelAccountId,
    visibility: 'public',
    type: 'template',
    text: input.content.text,
    payload: input.content.payload,
    status: 'pending',
    clientMessageId: input.clientMessageId,
    senderUserId: auth.userId,
    createdAt: now,
    updatedAt: now,
  });
  await chargeCredits(tx, {
    clientId: auth.clientId,
    amount: input.cost,
    description: `${input.description} ${displayIdOf(ticket.displayNumber)} (${input.content.payload.template.name})`,
    referenceType: 'message',
    referenceId: message.id,
  });
  return message;
}

/** After the commit: queue the send and tell the inbox. */
async function dispatch(
  deps: ServerDeps,
  jobs: TemplateSendJobs,
  auth: AuthContext,
  row: MessageRow,
): Promise<{ message: Message; ticket: TicketSummary | undefined }> {
  await deps.jobs.send(jobs.send, { clientId: auth.clientId, messageId: row.id });
  const [sender] = await deps.db.select({ name: users.name }).from(users).where(eq(users.id, auth.userId));
  const message = toMessage(row, sender?.name ?? null);
  const ticket = await getTicketSummary(deps.db, auth.clientId, row.ticketId);
  if (ticket)
    await publishRealtime(deps, { type: 'message.created', clientId: auth.clientId, ticket, message });
  return { message, ticket };
}

/**
 * 000 §2, §4: a follow-up template on a WhatsApp chat (the only message an expired WhatsApp chat accepts),
 * charged FOLLOW_UP_CHAT_COST (001 §9) in the transaction that stores it, then queued to `outbound.send`.
 * Other channels have no templates: their expired chats must be resolved. Idempotent on `clientMessageId`.
 */
export async function sendFollowUp(
  deps: ServerDeps,
  jobs: TemplateSendJobs,
  auth: AuthContext,
  ticketId: string,
  body: Body<'followUp'>,
): Promise<Message> {
  const ticket = await getTicket(deps.db, auth.clientId, ticketId);
  if (!ticket) throw notFound();
  const existing = await findByClientMessageId(deps, auth.clientId, body.clientMessageId);
  if (existing) {
    if (existing.message.ticketId !== ticketId) throw conflict('validation.invalid');
    return toMessage(existing.message, existing.senderName);
  }
  if (ticket.status === 'resolved') throw conflict('inbox.ticketClosed');
  if (ticket.channel !== 'WAP') throw conflict('inbox.expiredResolve');
  const template = await requireTemplate(deps, {
    clientId: auth.clientId,
    id: body.templateId,
    usage: 'follow_up',
    channelAccountId: ticket.channelAccountId,
  });
  const [contact] = await deps.db
    .select({ name: contacts.name, phone: contacts.phone, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.clientId, auth.clientId), eq(contacts.id, ticket.contactId)));
  const content = renderTemplateMessage(template, body.variables, contact ?? {});
  await assertCreditsAvailable(deps.db, auth.clientId, FOLLOW_UP_CHAT_COST);
  let row: MessageRow;
  try {
    row = await deps.db.transaction((tx) =>
      insertTemplateMessage(tx, {
        auth,
        ticket,
        content,
        clientMessageId: body.clientMessageId,
        cost: FOLLOW_UP_CHAT_COST,
        description: 'Follow-up chat',
        now: new Date(),
      }),
    );
  } catch (err) {
    // The same request twice at once: the first one's message (and its single charge) stands.
    if (!isUniqueViolation(err)) throw err;
    const raced = await findByClientMessageId(deps, auth.clientId, body.clientMessageId);
    if (!raced) throw err;
    return toMessage(raced.message, raced.senderName);
  }
  return (await dispatch(deps, jobs, auth, row)).message;
}

async function openTicketOf(db: DbOrTx, clientId: string, channelAccountId: string, externalId: string) {
  const [row] = await db
    .select({ id: tickets.id })
    .from(contactIdentities)
    .innerJoin(
      tickets,
      and(
        eq(tickets.clientId, contactIdentities.clientId),
        eq(tickets.contactId, contactIdentities.contactId),
        eq(tickets.channelAccountId, contactIdentities.channelAccountId),
      ),
    )
    .where(
      and(
        eq(contactIdentities.clientId, clientId),
        eq(contactIdentities.channelAccountId, channelAccountId),
        eq(contactIdentities.externalId, externalId),
        sql`${tickets.status} in ('unassigned', 'assigned')`,
      ),
    );
  return row;
}

/**
 * The contact (created or found by its identity) and a new ticket assigned to the caller; refused when the
 * contact already has an open chat on the account (000 §5: the number must not have an active chat).
 */
async function openNewTicket(
  tx: DbOrTx,
  auth: AuthContext,
  account: { id: string; channel: string },
  externalId: string,
  now: Date,
) {
  const contact = await upsertContactByIdentity(tx, {
    clientId: auth.clientId,
    channel: account.channel,
    channelAccountId: account.id,
    externalId,
    name: null,
  });
  if (await openTicketOf(tx, auth.clientId, account.id, externalId))
    throw conflict('newChat.activeChat', { recipient: 'newChat.activeChat' });
  const ticket = await findOrOpenTicket(tx, {
    clientId: auth.clientId,
    contactId: contact.id,
    channel: account.channel,
    channelAccountId: account.id,
    at: now,
  });
  // Another request opened the chat between the check and the insert: it is theirs.
  if (ticket.createdAt.getTime() !== now.getTime())
    throw conflict('newChat.activeChat', { recipient: 'newChat.activeChat' });
  await assignOpenedTicket(tx, { clientId: auth.clientId, ticketId: ticket.id }, auth.userId, now);
  return ticket;
}

/**
 * 000 §2 new chat window (000 §7 POST chatRoom). WhatsApp: the number (001 §5: 9-13 digits, 628xxx or
 * 08xxx, stored as 628…) with an approved new-message template, charged NEW_MESSAGE_COST and sent; the
 * ticket is assigned to the caller. Other channels: the ticket is created for the username without
 * sending anything. Idempotent on `clientMessageId` for WhatsApp (the message carries it).
 */
export async function startNewChat(
  deps: ServerDeps,
  jobs: TemplateSendJobs,
  auth: AuthContext,
  body: Body<'newChat'>,
): Promise<{ ticket: TicketSummary; message: Message | null }> {
  const started = await openNewChat(deps, jobs, auth, body);
  // 000 §3 time tracker: manual ticket creation (a repeated request records it once).
  if (body.timeTracking) await recordCreationTime(deps, auth, started.ticket.id, body.timeTracking);
  return started;
}

async function openNewChat(
  deps: ServerDeps,
  jobs: TemplateSendJobs,
  auth: AuthContext,
  body: Body<'newChat'>,
): Promise<{ ticket: TicketSummary; message: Message | null }> {
  const account = await getAccount(deps.db, auth.clientId, body.channelAccountId);
  if (account?.status !== 'connected') throw notFound();
  const existing = await findByClientMessageId(deps, auth.clientId, body.clientMessageId);
  if (existing) {
    const ticket = await getTicketSummary(deps.db, auth.clientId, existing.message.ticketId);
    if (!ticket) throw notFound();
    return { ticket, message: toMessage(existing.message, existing.senderName) };
  }
  // A live-chat visitor has no address to write to first.
  if (account.channel === 'LVC') throw badRequest('newChat.notSupported');
  const now = new Date();

  if (account.channel !== 'WAP') {
    const handle = body.recipient.replace(/^@/, '').trim();
    if (!handle) throw badRequest('newChat.recipientRequired', { recipient: 'newChat.recipientRequired' });
    const ticket = await deps.db.transaction((tx) => openNewTicket(tx, auth, account, handle, now));
    const summary = await getTicketSummary(deps.db, auth.clientId, ticket.id);
    if (!summary) throw notFound();
    await publishRealtime(deps, { type: 'ticket.updated', clientId: auth.clientId, ticket: summary });
    return { ticket: summary, message: null };
  }

  if (!body.recipient) throw badRequest('newChat.phoneRequired', { recipient: 'newChat.phoneRequired' });
  const phone = normaliseNewMessagePhone(body.recipient);
  if (!phone) throw badRequest('newChat.phoneFormat', { recipient: 'newChat.phoneFormat' });
  if (!body.templateId) throw badRequest('template.required', { templateId: 'template.required' });
  const template = await requireTemplate(deps, {
    clientId: auth.clientId,
    id: body.templateId,
    usage: 'new_message',
    channelAccountId: account.id,
  });
  if (await openTicketOf(deps.db, auth.clientId, account.id, phone))
    throw conflict('newChat.activeChat', { recipient: 'newChat.activeChat' });
  const content = renderTemplateMessage(template, body.variables, { phone });
  await assertCreditsAvailable(deps.db, auth.clientId, NEW_MESSAGE_COST);
  let row: MessageRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      const ticket = await openNewTicket(tx, auth, account, phone, now);
      return insertTemplateMessage(tx, {
        auth,
        ticket,
        content,
        clientMessageId: body.clientMessageId,
        cost: NEW_MESSAGE_COST,
        description: 'New message',
        now,
      });
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const raced = await findByClientMessageId(deps, auth.clientId, body.clientMessageId);
    if (!raced) throw conflict('newChat.activeChat', { recipient: 'newChat.activeChat' });
    const ticket = await getTicketSummary(deps.db, auth.clientId, raced.message.ticketId);
    if (!ticket) throw err;
    return { ticket, message: toMessage(raced.message, raced.senderName) };
  }
  const { message, ticket } = await dispatch(deps, jobs, auth, row);
  if (!ticket) throw notFound();
  return { ticket, message };
}
