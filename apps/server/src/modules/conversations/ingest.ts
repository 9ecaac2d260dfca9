import type { ChannelCode, MessageStatus, MessageType, TicketSummary } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';
import { upsertContactsByIdentity } from '../contacts/index.js';
import { publishConversationEvents } from './conversation-events.js';
import {
  applyStatus,
  bumpTicketsOnInbound,
  findOrOpenTicketsBatch,
  idsOfProviderMessages,
  insertMessages,
  type MessageRow,
  mergeReaction,
  messageExists,
  type NewMessageRow,
  previewOf,
  summariesOf,
  touchTicketLastStatus,
} from './conversations.repository.js';
import type { StoredMedia } from './conversations.schema.js';

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
  /** A reaction: merged into the message it names when that one is known (stored or in the batch). */
  reaction?: { providerMessageId: string; emoji: string } | null;
  at: Date;
}

/** A delivery status of an agent's message, forward only (pending < sent < delivered < read; failed). */
export interface InboundStatus {
  clientId: string;
  channelAccountId: string;
  /** The message by the provider's id, or by Sapa's own id (live chat's receipts). */
  ref: { providerMessageId: string } | { messageId: string };
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
  const outcome: IngestOutcome = { created: [], updated: [], unknown: [], summaries: new Map() };
  const groups = new Map<string, InboundMessage[]>();
  for (const m of batch.messages) {
    const key = `${m.clientId}/${m.channel}/${m.channelAccountId}`;
    const group = groups.get(key);
    if (group) group.push(m);
    else groups.set(key, [m]);
  }
  for (const group of groups.values()) await storeGroup(tx, group, now, outcome);
  for (const s of batch.statuses ?? []) {
    const row = await applyStatusForward(tx, s);
    if (row === 'unknown') outcome.unknown.push(s);
    else if (row) outcome.updated.push(row);
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

/** Tells the inbox (after commit): one `message.created` per stored message, one `message.updated` per change. */
export function publishIngested(deps: Pick<ServerDeps, 'bus' | 'logger'>, outcome: IngestOutcome) {
  return publishConversationEvents(deps, outcome.created, outcome.updated, outcome.summaries);
}

/** Applies statuses forward only outside an inbound batch (live chat's receipts, a send's outcome). */
export async function applyStatuses(tx: Tx, statuses: readonly InboundStatus[]) {
  return ingestInbound(tx, { messages: [], statuses });
}

async function applyStatusForward(tx: Tx, s: InboundStatus): Promise<MessageRow | null | 'unknown'> {
  const updated = await applyStatus(tx, s);
  if (!updated) return (await messageExists(tx, s)) ? null : 'unknown';
  await touchTicketLastStatus(tx, updated);
  return updated;
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
    const contactOf = await contactsOf(tx, clientId, channel, channelAccountId, toInsert);
    const ticketOf = await findOrOpenTicketsBatch(tx, {
      clientId,
      channel,
      channelAccountId,
      contactIds: [...new Set(contactOf)],
      at: now,
    });
    const rows: NewMessageRow[] = toInsert.map((m, i) => ({
      clientId,
      id: m.id,
      ticketId: ticketOf.get(contactOf[i]!)!,
      channelAccountId,
      direction: 'in',
      visibility: 'public',
      type: m.type,
      text: m.text,
      payload: m.payload ?? null,
      media: m.media ?? null,
      status: 'received',
      providerMessageId: m.providerMessageId,
      clientMessageId: m.clientMessageId ?? null,
      replyToId: m.replyToProviderId ? (idOfProvider.get(m.replyToProviderId) ?? null) : null,
      createdAt: m.at,
      updatedAt: now,
    }));
    const inserted = await insertMessages(tx, rows);
    // Per ticket: how many new messages, the latest time, the preview of the last one received.
    const perTicket = new Map<string, { at: Date; preview: string; n: number }>();
    for (const m of toInsert) {
      const row = inserted.get(m.id);
      if (!row) continue; // a redelivery or duplicate: nothing twice
      outcome.created.push(row);
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

/** The contact of each message (same order): identities found or created in one statement. */
async function contactsOf(
  tx: Tx,
  clientId: string,
  channel: ChannelCode,
  channelAccountId: string,
  items: readonly InboundMessage[],
): Promise<string[]> {
  const names = new Map<string, string | null>();
  for (const m of items)
    if ('externalId' in m.sender && (!names.has(m.sender.externalId) || m.sender.name))
      names.set(m.sender.externalId, m.sender.name);
  const found =
    names.size > 0
      ? await upsertContactsByIdentity(tx, { clientId, channel, channelAccountId, names })
      : new Map<string, { id: string }>();
  return items.map((m) =>
    'contactId' in m.sender ? m.sender.contactId : found.get(m.sender.externalId)!.id,
  );
}
