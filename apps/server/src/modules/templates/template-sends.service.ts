import {
  type Message,
  normaliseNewMessagePhone,
  type TemplateUsage,
  type TicketSummary,
  type templateEndpoints,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import type { JobDefinition } from '../../platform/jobs/job-queue.js';
import { chargeConversation, refundWindowOf } from '../billing/index.js';
import { getAccount, type sendJobSchema } from '../channels/index.js';
import { upsertContactByIdentity } from '../contacts/index.js';
import {
  assignOpenedTicket,
  displayIdOf,
  findMessageByClientMessageId,
  findOrOpenTicket,
  getTicket,
  getTicketSummary,
  type MessageRow,
  publishRealtime,
  recordOutbound,
  sendMessage,
  type TicketRow,
  toMessage,
} from '../conversations/index.js';
import { requirePlan } from '../tenancy/index.js';
import { recordCreationTime } from '../ticket-forms/index.js';
import {
  findContactDetails,
  findMessageWithSender,
  findOpenTicketOf,
  findUserName,
} from './template-sends.repository.js';
import { findApprovedTemplate, findUsableTemplate } from './templates.repository.js';
import { renderTemplateMessage, type TemplateMessageContent } from './templates.service.js';

export interface TemplateSendJobs {
  send: JobDefinition<typeof sendJobSchema>;
}

type Body<K extends keyof typeof templateEndpoints> = z.output<
  NonNullable<(typeof templateEndpoints)[K]['body']>
>;

async function requireTemplate(
  deps: ServerDeps,
  input: { clientId: string; id: string; usage: TemplateUsage; channelAccountId: string },
) {
  const template = await findUsableTemplate(deps.db, input);
  if (!template) throw badRequest('template.notUsable', { templateId: 'template.notUsable' });
  return template;
}

interface TemplateSend {
  auth: AuthContext;
  /** The message's id, chosen before it is charged and stored. */
  messageId: string;
  ticket: Pick<TicketRow, 'id' | 'channelAccountId' | 'displayNumber'>;
  content: TemplateMessageContent;
  clientMessageId: string;
  purpose: 'follow_up' | 'new_message';
  templateCategory: string;
  now: Date;
}

/**
 * One pending template message on a ticket, in the caller's transaction: the ticket's last message moves on.
 * The customer's window is not reopened: only their answer does that (000 §4). It was charged just before
 * (`paidTemplateSend`).
 */
async function insertTemplateMessage(tx: DbOrTx, input: TemplateSend): Promise<MessageRow> {
  const { auth, ticket, now } = input;
  return recordOutbound(tx, {
    clientId: auth.clientId,
    id: input.messageId,
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
}

/**
 * Charges a template send, then stores it (`store`): 001 §9 511.5 credits per contact per 24 hours, nothing
 * while a window of the template's category is open, through billing's batched charge — a wallet that cannot
 * pay answers 402 `inbox.creditsEmpty` (000 §8) before anything is stored. If storing then fails, the charge
 * is refunded; but not when the same request won the race meanwhile (its message stands in the window paid).
 */
async function paidTemplateSend<T>(
  deps: ServerDeps,
  input: Omit<TemplateSend, 'ticket'> & { chatRoomId: string; ticketLabel: string },
  store: () => Promise<T>,
): Promise<T> {
  const { auth } = input;
  await chargeConversation(deps.db, {
    clientId: auth.clientId,
    chatRoomId: input.chatRoomId,
    mediaPlatform: 'WAP',
    purpose: input.purpose,
    templateCategory: input.templateCategory,
    messageId: input.messageId,
    at: input.now,
    details: { ticket: input.ticketLabel, template: input.content.payload.template.name },
  });
  try {
    return await store();
  } catch (err) {
    if (!isUniqueViolation(err)) await refundWindowOf(deps.db, auth.clientId, input.messageId);
    throw err;
  }
}

/** After the commit: queue the send and tell the inbox. */
async function dispatch(
  deps: ServerDeps,
  jobs: TemplateSendJobs,
  auth: AuthContext,
  row: MessageRow,
): Promise<{ message: Message; ticket: TicketSummary | undefined }> {
  await deps.jobs.send(jobs.send, { clientId: auth.clientId, messageId: row.id });
  const message = toMessage(row, await findUserName(deps.db, auth.userId));
  const ticket = await getTicketSummary(deps.db, auth.clientId, row.ticketId);
  if (ticket)
    await publishRealtime(deps, { type: 'message.created', clientId: auth.clientId, ticket, message });
  return { message, ticket };
}

/**
 * 000 §2, §4: a follow-up template on a WhatsApp chat (the only message an expired WhatsApp chat accepts),
 * charged 511.5 credits per 24-hour window (001 §9) in the transaction that stores it, then queued to `outbound.send`.
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
  const existing = await findMessageWithSender(deps.db, auth.clientId, body.clientMessageId);
  if (existing) {
    if (existing.message.ticketId !== ticketId) throw conflict('validation.invalid');
    return toMessage(existing.message, existing.senderName);
  }
  if (ticket.status === 'resolved') throw conflict('inbox.ticketClosed');
  if (ticket.channel !== 'WAP') throw conflict('inbox.expiredResolve');
  await requirePlan(deps.db, auth.clientId, ['whatsapp']);
  const template = await requireTemplate(deps, {
    clientId: auth.clientId,
    id: body.templateId,
    usage: 'follow_up',
    channelAccountId: ticket.channelAccountId,
  });
  const contact = await findContactDetails(deps.db, auth.clientId, ticket.contactId);
  const content = renderTemplateMessage(template, body.variables, contact ?? {});
  const send: TemplateSend = {
    auth,
    messageId: uuidv7(),
    ticket,
    content,
    clientMessageId: body.clientMessageId,
    purpose: 'follow_up',
    templateCategory: template.category,
    now: new Date(),
  };
  let row: MessageRow;
  try {
    row = await paidTemplateSend(
      deps,
      { ...send, chatRoomId: ticket.id, ticketLabel: displayIdOf(ticket.displayNumber) },
      () => deps.db.transaction((tx) => insertTemplateMessage(tx, send)),
    );
  } catch (err) {
    // The same request twice at once: the first one's message (and its single charge) stands.
    if (!isUniqueViolation(err)) throw err;
    const raced = await findMessageWithSender(deps.db, auth.clientId, body.clientMessageId);
    if (!raced) throw err;
    return toMessage(raced.message, raced.senderName);
  }
  return (await dispatch(deps, jobs, auth, row)).message;
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
  newTicketId?: string,
) {
  const contact = await upsertContactByIdentity(tx, {
    clientId: auth.clientId,
    channel: account.channel,
    channelAccountId: account.id,
    externalId,
    name: null,
  });
  if (await findOpenTicketOf(tx, auth.clientId, account.id, externalId))
    throw conflict('newChat.activeChat', { recipient: 'newChat.activeChat' });
  const ticket = await findOrOpenTicket(tx, {
    clientId: auth.clientId,
    contactId: contact.id,
    channel: account.channel,
    channelAccountId: account.id,
    at: now,
    ...(newTicketId ? { newTicketId } : {}),
  });
  // Another request opened the chat between the check and the insert: it is theirs.
  if (ticket.createdAt.getTime() !== now.getTime() || (newTicketId && ticket.id !== newTicketId))
    throw conflict('newChat.activeChat', { recipient: 'newChat.activeChat' });
  await assignOpenedTicket(tx, { clientId: auth.clientId, ticketId: ticket.id }, auth.userId, now);
  return ticket;
}

/**
 * 000 §2 new chat window (000 §7 POST chatRoom). WhatsApp: the number (001 §5: 9-13 digits, 628xxx or
 * 08xxx, stored as 628…) with an approved new-message template, charged like a follow-up and sent; the
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

/**
 * 000 §2 new chat window on email: the recipient's address, the subject and the text; the ticket is opened for
 * the address (assigned to the caller) and the first email goes out like any reply (`sendMessage`).
 */
async function openEmailChat(
  deps: ServerDeps,
  jobs: TemplateSendJobs,
  auth: AuthContext,
  account: NonNullable<Awaited<ReturnType<typeof getAccount>>>,
  body: Body<'newChat'>,
  now: Date,
): Promise<{ ticket: TicketSummary; message: Message | null }> {
  const address = body.recipient.trim().toLowerCase();
  if (!address) throw badRequest('newChat.recipientRequired', { recipient: 'newChat.recipientRequired' });
  if (!EMAIL_ADDRESS.safeParse(address).success)
    throw badRequest('email.recipientInvalid', { recipient: 'email.recipientInvalid' });
  if (!body.subject) throw badRequest('validation.fieldRequired', { subject: 'validation.fieldRequired' });
  if (!body.text) throw badRequest('validation.fieldRequired', { text: 'validation.fieldRequired' });
  const ticket = await deps.db.transaction((tx) => openNewTicket(tx, auth, account, address, now));
  const message = await sendMessage(deps, jobs, auth, ticket.id, {
    text: body.text,
    subject: body.subject,
    internal: false,
    clientMessageId: body.clientMessageId,
  });
  const summary = await getTicketSummary(deps.db, auth.clientId, ticket.id);
  if (!summary) throw notFound();
  return { ticket: summary, message };
}

const EMAIL_ADDRESS = z.string().email();

async function openNewChat(
  deps: ServerDeps,
  jobs: TemplateSendJobs,
  auth: AuthContext,
  body: Body<'newChat'>,
): Promise<{ ticket: TicketSummary; message: Message | null }> {
  const account = await getAccount(deps.db, auth.clientId, body.channelAccountId);
  if (account?.status !== 'connected') throw notFound();
  const existing = await findMessageWithSender(deps.db, auth.clientId, body.clientMessageId);
  if (existing) {
    const ticket = await getTicketSummary(deps.db, auth.clientId, existing.message.ticketId);
    if (!ticket) throw notFound();
    return { ticket, message: toMessage(existing.message, existing.senderName) };
  }
  // A live-chat visitor has no address to write to first.
  if (account.channel === 'LVC') throw badRequest('newChat.notSupported');
  const now = new Date();

  if (account.channel === 'EML') return openEmailChat(deps, jobs, auth, account, body, now);
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
  if (await findOpenTicketOf(deps.db, auth.clientId, account.id, phone))
    throw conflict('newChat.activeChat', { recipient: 'newChat.activeChat' });
  const content = renderTemplateMessage(template, body.variables, { phone });
  await requirePlan(deps.db, auth.clientId, ['whatsapp']);
  // The new chat's room is charged before it is opened (its id chosen here), described by the number.
  const send = {
    auth,
    messageId: uuidv7(),
    chatRoomId: uuidv7(),
    ticketLabel: phone,
    content,
    clientMessageId: body.clientMessageId,
    purpose: 'new_message' as const,
    templateCategory: template.category,
    now,
  };
  let row: MessageRow;
  try {
    row = await paidTemplateSend(deps, send, () =>
      deps.db.transaction(async (tx) => {
        const ticket = await openNewTicket(tx, auth, account, phone, now, send.chatRoomId);
        return insertTemplateMessage(tx, { ...send, ticket });
      }),
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const raced = await findMessageWithSender(deps.db, auth.clientId, body.clientMessageId);
    if (!raced) throw conflict('newChat.activeChat', { recipient: 'newChat.activeChat' });
    const ticket = await getTicketSummary(deps.db, auth.clientId, raced.message.ticketId);
    if (!ticket) throw err;
    return { ticket, message: toMessage(raced.message, raced.senderName) };
  }
  const { message, ticket } = await dispatch(deps, jobs, auth, row);
  if (!ticket) throw notFound();
  return { ticket, message };
}

/** Why an automated template message was not sent (a message key the caller keeps and shows). */
export type AutomatedTemplateSkip =
  | 'shopify.skip.noWhatsapp'
  | 'shopify.skip.templateGone'
  | 'inbox.creditsEmpty';

/**
 * An automated template message to a WhatsApp number, sent by the system (no agent): a provider's event (a
 * Shopify order) told to its customer. The contact is found or created by the number, the message goes into
 * the contact's open chat on the account or a new unassigned one, charged like a new-message template (001 §9)
 * and handed to the send job. `messageId` is the caller's (deterministic for its event, so a repeat of the same
 * event stores nothing new: the message is its `clientMessageId` too). Variables take `values` by position; an
 * empty one is sent as "-".
 */
export async function sendAutomatedTemplate(
  deps: ServerDeps,
  jobs: TemplateSendJobs,
  input: {
    clientId: string;
    channelAccountId: string;
    phone: string;
    contactName: string | null;
    templateId: string;
    values: readonly string[];
    messageId: string;
    /** `payload.automatic`: what sent it (e.g. `shopify:order_paid`). */
    automatic: string;
  },
): Promise<
  { sent: true; messageId: string; ticketId: string } | { sent: false; reason: AutomatedTemplateSkip }
> {
  const { clientId } = input;
  const account = await getAccount(deps.db, clientId, input.channelAccountId);
  if (account?.status !== 'connected' || account.channel !== 'WAP')
    return { sent: false, reason: 'shopify.skip.noWhatsapp' };
  const template = await findApprovedTemplate(deps.db, clientId, input.templateId, account.id);
  if (!template) return { sent: false, reason: 'shopify.skip.templateGone' };
  const values = template.variables.map((_, i) => input.values[i]?.trim() || '-');
  const content = renderTemplateMessage(template, values, { phone: input.phone });
  const now = new Date();
  const ticket = await deps.db.transaction(async (tx) => {
    const contact = await upsertContactByIdentity(tx, {
      clientId,
      channel: account.channel,
      channelAccountId: account.id,
      externalId: input.phone,
      name: input.contactName,
    });
    return findOrOpenTicket(tx, {
      clientId,
      contactId: contact.id,
      channel: account.channel,
      channelAccountId: account.id,
      at: now,
    });
  });
  const existing = await findMessageByClientMessageId(deps.db, clientId, input.messageId);
  if (existing) return { sent: true, messageId: existing.id, ticketId: existing.ticketId };
  try {
    await chargeConversation(deps.db, {
      clientId,
      chatRoomId: ticket.id,
      mediaPlatform: 'WAP',
      purpose: 'new_message',
      templateCategory: template.category,
      messageId: input.messageId,
      at: now,
      details: { ticket: displayIdOf(ticket.displayNumber), template: template.name },
    });
  } catch (err) {
    if (err instanceof AppError && err.key === 'inbox.creditsEmpty')
      return { sent: false, reason: 'inbox.creditsEmpty' };
    throw err;
  }
  let row: MessageRow;
  try {
    row = await deps.db.transaction((tx) =>
      recordOutbound(tx, {
        clientId,
        id: input.messageId,
        ticketId: ticket.id,
        channelAccountId: account.id,
        visibility: 'public',
        type: 'template',
        text: content.text,
        payload: { ...content.payload, automatic: input.automatic },
        status: 'pending',
        clientMessageId: input.messageId,
        senderUserId: null,
        createdAt: now,
        updatedAt: now,
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) return { sent: true, messageId: input.messageId, ticketId: ticket.id };
    await refundWindowOf(deps.db, clientId, input.messageId);
    throw err;
  }
  await deps.jobs.send(jobs.send, { clientId, messageId: row.id });
  const summary = await getTicketSummary(deps.db, clientId, ticket.id);
  if (summary)
    await publishRealtime(deps, {
      type: 'message.created',
      clientId,
      ticket: summary,
      message: toMessage(row),
    });
  return { sent: true, messageId: row.id, ticketId: ticket.id };
}
