import type { ChannelCode, MessageStatus, MessageType, TicketSummary } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';
import { refundWindowOf } from '../billing/index.js';
import { type IdentityContact, upsertContactsByIdentity } from '../contacts/index.js';
import { publishConversationEvents } from './conversation-events.js';
import {
  bumpTicketsOnInbound,
  findOrOpenTicketsBatch,
  idsOfProviderMessages,
  insertMessages,
  type MessageRow,
  mergeReaction,
  type NewMessageRow,
  openThreadTickets,
  previewOf,
  summariesOf,
} from './conversations.repository.js';
import type { StoredMedia } from './conversations.schema.js';
import {
  applyStatus,
  messageExists,
  type StatusRef,
  touchTicketLastStatus,
} from './message-status.repository.js';

/**
 * A customer's message as every channel's connector hands it over (ARCHITECTURE hot path, step 2): the
 * channel's own shape is gone, only what a conversation keeps is left.
 */
export interface InboundMessage {
  clientId: string;
  channel: ChannelCode;
  channelAccountId: string;
  /** Who wrote: an identity on the channel (found or made a contact), or a contact the channel already knows. */
  sender: { externalId: string; name: string | null } | { contactId: string };
  /** The provider's id of the message: unique per channel account, so a redelivery creates nothing. */
  providerMessageId: string;
  /** The message's id, when the channel fixes it (else a UUIDv7 in batch order). */
  id?: string;
  /** The sender's own idempotency key (live chat's widget), unique per business. */
  clientMessageId?: string | null;
  type: MessageType;
  text: string | null;
  payload?: Record<string, unknown> | null;
  media?: StoredMedia | null;
  /** The provider id of the message this one answers. */
  replyToProviderId?: string | null;
  /**
   * Email: the conversation this message continues — the open ticket of the account holding one of these
   * messages (In-Reply-To, then References, newest first), else the open ticket with this display number
   * (the subject's `[#T-…]` token). It wins over the sender's own open ticket, so a colleague in Cc who
   * answers lands in the same ticket; a resolved ticket is not continued (a new one opens as usual).
   */
  thread?: { providerMessageIds: string[]; displayNumber: number | null } | null;
  /** A reaction: merged into the message it names when that one is known (stored or in the batch). */
  reaction?: { providerMessageId: string; emoji: string } | null;
  /**
   * The business wrote it outside Sapa (Meta's message echoes: the Page inbox, the Instagram app) to the
   * customer named by `sender`: stored in the chat as a sent outbound message; it opens no window, counts no
   * unread and leaves the ticket's summary as it is.
   */
  echo?: boolean;
  at: Date;
}

/** A delivery status of an agent's message, forward only (pending < sent < delivered < read; failed). */
export interface InboundStatus {
  clientId: string;
  channelAccountId: string;
  /**
   * The message by the provider's id, or by Sapa's own id (live chat's receipts), or every message sent to a
   * customer up to an instant (Messenger's read `watermark`: everything sent before it was read).
   */
  ref: StatusRef['ref'];
  status: MessageStatus;
  error?: { code: string; message: string } | null;
}

export interface IngestOutcome {
  /** Messages stored now (a redelivery is not among them), in received order. */
  created: MessageRow[];
  /** Messages changed (reactions merged, statuses applied). */
  updated: MessageRow[];
  /** Statuses that name no stored message (the send may not have recorded the provider id yet). */
  unknown: InboundStatus[];
  /** The summaries of the tickets that got messages, read once for the batch. */
  summaries: Map<string, TicketSummary>;
  /** Tickets (`<client>/<ticket>`) that got a message from a contact still named by its id (no name given). */
  unnamed: Set<string>;
}

/**
 * Every channel's inbound messages and statuses, in the caller's transaction and with set-based
 * statements: contact identities → each contact's open ticket (found or opened, batched) → one
 * idempotent multi-row INSERT per channel account → one UPDATE of the touched tickets' summary
 * (last_message_*, unread_count, responded) → statuses forward only. Publish the outcome after commit
 * with `publishIngested`.
 */
export async function ingestInbound(
  tx: Tx,
  batch: { messages: readonly InboundMessage[]; statuses?: readonly InboundStatus[] },
): Promise<IngestOutcome> {
  const now = new Date();
  const outcome: IngestOutcome = {
    created: [],
    updated: [],
    unknown: [],
    summaries: new Map(),
    unnamed: new Set(),
  };
  const groups = new Map<string, InboundMessage[]>();
  for (const m of batch.messages) {
    const key = `${m.clientId}/${m.channel}/${m.channelAccountId}`;
    const group = groups.get(key);
    if (group) group.push(m);
    else groups.set(key, [m]);
  }
  for (const group of groups.values()) await storeGroup(tx, group, now, outcome);
  for (const s of batch.statuses ?? []) {
    const rows = await applyStatusForward(tx, s);
    if (rows === 'unknown') outcome.unknown.push(s);
    else outcome.updated.push(...rows);
  }
  const ticketsByClient = new Map<string, Set<string>>();
  for (const row of outcome.created) {
    const set = ticketsByClient.get(row.clientId) ?? new Set<string>();
    ticketsByClient.set(row.clientId, set);
    set.add(row.ticketId);
  }
  for (const [clientId, ids] of ticketsByClient)
    for (const summary of await summariesOf(tx, clientId, [...ids]))
      outcome.summaries.set(`${clientId}/${summary.id}`, summary);
  return outcome;
}

/**
 * After commit: a send the provider reported failed for good has its conversation window refunded (once, by
 * billing), then the inbox is told — one `message.created` per stored message, one `message.updated` per change.
 */
export async function publishIngested(
  deps: Pick<ServerDeps, 'bus' | 'logger' | 'db'>,
  outcome: IngestOutcome,
) {
  for (const row of outcome.updated) {
    if (row.direction !== 'out' || row.status !== 'failed') continue;
    await refundWindowOf(deps.db, row.clientId, row.id).catch((err: unknown) =>
      deps.logger.error({ err: String(err), messageId: row.id }, 'refund of a failed send not written'),
    );
  }
  return publishConversationEvents(deps, outcome.created, outcome.updated, outcome.summaries);
}

/** Applies statuses forward only outside an inbound batch (live chat's receipts, a send's outcome). */
export async function applyStatuses(tx: Tx, statuses: readonly InboundStatus[]) {
  return ingestInbound(tx, { messages: [], statuses });
}

async function applyStatusForward(tx: Tx, s: InboundStatus): Promise<MessageRow[] | 'unknown'> {
  const updated = await applyStatus(tx, s);
  // A watermark that moves nothing names no message in particular: nothing to wait for.
  if (updated.length === 0) return 'upTo' in s.ref || (await messageExists(tx, s)) ? [] : 'unknown';
  for (const row of updated) await touchTicketLastStatus(tx, row);
  return updated;
}

/** Per message, the open ticket its `thread` names (see `InboundMessage.thread`), or null. */
async function threadTicketsOf(
  tx: Tx,
  clientId: string,
  channelAccountId: string,
  list: readonly InboundMessage[],
): Promise<(string | null)[]> {
  const providerIds = list.flatMap((m) => m.thread?.providerMessageIds ?? []);
  const displayNumbers = list.flatMap((m) => (m.thread?.displayNumber ? [m.thread.displayNumber] : []));
  if (providerIds.length === 0 && displayNumbers.length === 0) return list.map(() => null);
  const found = await openThreadTickets(tx, clientId, channelAccountId, { providerIds, displayNumbers });
  return list.map((m) => {
    if (!m.thread) return null;
    for (const id of m.thread.providerMessageIds) {
      const ticket = found.byProviderId.get(id);
      if (ticket) return ticket;
    }
    return m.thread.displayNumber ? (found.byNumber.get(m.thread.displayNumber) ?? null) : null;
  });
}

/** The messages of one channel account in a batch: contacts, tickets, one INSERT, one UPDATE of tickets. */
async function storeGroup(tx: Tx, group: InboundMessage[], now: Date, outcome: IngestOutcome) {
  const { clientId, channel, channelAccountId } = group[0]!;
  // Reactions and replies name other messages by provider id: stored ones, or ones in this batch.
  const named = new Set<string>();
  for (const m of group) {
    if (m.reaction) named.add(m.reaction.providerMessageId);
    if (m.replyToProviderId) named.add(m.replyToProviderId);
  }
  const idOfProvider = await idsOfProviderMessages(tx, clientId, channelAccountId, [...named]);
  const inBatch = new Set(group.filter((m) => !m.reaction).map((m) => m.providerMessageId));

  // A reaction to a known message is merged into that message; any other one is a message of its own.
  const reactions: InboundMessage[] = [];
  const toInsert: (InboundMessage & { id: string })[] = [];
  const seen = new Set<string>();
  for (const m of group) {
    const target = m.reaction?.providerMessageId;
    if (target && (idOfProvider.has(target) || inBatch.has(target))) {
      reactions.push(m);
      continue;
    }
    if (seen.has(m.providerMessageId)) continue; // the same message twice in one batch: once
    seen.add(m.providerMessageId);
    const id = m.id ?? uuidv7();
    toInsert.push({ ...m, id });
    if (!idOfProvider.has(m.providerMessageId)) idOfProvider.set(m.providerMessageId, id);
  }

  if (toInsert.length > 0) {
    const { ids: contactOf, unnamed } = await contactsOf(tx, clientId, channel, channelAccountId, toInsert);
    const threadOf = await threadTicketsOf(tx, clientId, channelAccountId, toInsert);
    const ticketOf = await findOrOpenTicketsBatch(tx, {
      clientId,
      channel,
      channelAccountId,
      contactIds: [...new Set(contactOf.filter((_, i) => !threadOf[i]))],
      at: now,
    });
    const rows: NewMessageRow[] = toInsert.map((m, i) => ({
      clientId,
      id: m.id,
      ticketId: threadOf[i] ?? ticketOf.get(contactOf[i]!)!,
      channelAccountId,
      direction: m.echo ? 'out' : 'in',
      visibility: 'public',
      type: m.type,
      text: m.text,
      payload: m.payload ?? null,
      media: m.media ?? null,
      status: m.echo ? 'sent' : 'received',
      providerMessageId: m.providerMessageId,
      clientMessageId: m.clientMessageId ?? null,
      replyToId: m.replyToProviderId ? (idOfProvider.get(m.replyToProviderId) ?? null) : null,
      createdAt: m.at,
      updatedAt: now,
    }));
    const inserted = await insertMessages(tx, rows);
    for (const contactId of unnamed) outcome.unnamed.add(`${clientId}/${ticketOf.get(contactId)}`);
    // Per ticket: how many new messages, the latest time, the preview of the last one received.
    const perTicket = new Map<string, { at: Date; preview: string; n: number }>();
    for (const m of toInsert) {
      const row = inserted.get(m.id);
      if (!row) continue; // a redelivery or duplicate: nothing twice
      outcome.created.push(row);
      if (m.echo) continue;
      const t = perTicket.get(row.ticketId);
      if (!t) perTicket.set(row.ticketId, { at: row.createdAt, preview: previewOf(row), n: 1 });
      else {
        t.n += 1;
        if (row.createdAt > t.at) t.at = row.createdAt;
        t.preview = previewOf(row);
      }
    }
    await bumpTicketsOnInbound(tx, clientId, perTicket, now);
  }

  for (const m of reactions) {
    const row = await mergeReaction(tx, {
      clientId,
      channelAccountId,
      providerMessageId: m.reaction!.providerMessageId,
      emoji: m.reaction!.emoji,
      at: now,
    });
    if (row) outcome.updated.push(row);
  }
}

/**
 * The contact of each message (same order): identities found or created in one statement; and the contacts
 * still named by their id (the provider gave no name, ever).
 */
async function contactsOf(
  tx: Tx,
  clientId: string,
  channel: ChannelCode,
  channelAccountId: string,
  items: readonly InboundMessage[],
): Promise<{ ids: string[]; unnamed: Set<string> }> {
  const names = new Map<string, string | null>();
  for (const m of items)
    if ('externalId' in m.sender && (!names.has(m.sender.externalId) || m.sender.name))
      names.set(m.sender.externalId, m.sender.name);
  const found =
    names.size > 0
      ? await upsertContactsByIdentity(tx, { clientId, channel, channelAccountId, names })
      : new Map<string, IdentityContact>();
  const unnamed = new Set<string>();
  for (const [externalId, contact] of found) if (contact.name === externalId) unnamed.add(contact.id);
  const ids = items.map((m) =>
    'contactId' in m.sender ? m.sender.contactId : found.get(m.sender.externalId)!.id,
  );
  return { ids, unnamed };
}
