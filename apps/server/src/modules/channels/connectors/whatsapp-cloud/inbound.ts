import type { RealtimeEvent, TicketSummary } from '@sapa/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../../../platform/db/database.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { type DrainDefinition, defineDrain } from '../../../../platform/jobs/job-queue.js';
import { takeBroadcastStatuses } from '../../../broadcasts/broadcasts.statuses.js';
import { upsertContactsByIdentity } from '../../../contacts/contacts.repository.js';
import {
  type MessageRow,
  messages,
  previewOf,
  publishRealtime,
  selectSummaries,
  ticketCounters,
  tickets,
  toMessage,
  toTicketSummary,
} from '../../../conversations/index.js';
import {
  applyTemplateWebhooks,
  isTemplateWebhookField,
  type TemplateWebhookChange,
} from '../../../templates/template-webhooks.js';
import {
  type BatchOutcome,
  type ClaimedEvent,
  createInboundDrain,
  INBOUND_LANES,
} from '../../inbound/inbound-drain.js';
import { processStatus } from './inbound-message-statuses.js';
import { normaliseMessage, timeOf } from './inbound-normalise.js';
import type { WaMessage, WaStatus, WaWebhook } from './webhook-types.js';

/** Called for every new inbound message with a media id (the media job fetches the bytes). */
export type OnMedia = (clientId: string, messageId: string) => Promise<void>;

/** Events claimed per transaction by the conversation drainer. */
export const INBOUND_BATCH_SIZE = 200;
/** Events claimed per transaction by the broadcast-status drainer (two statuses per recipient sent). */
export const BROADCAST_STATUS_BATCH_SIZE = 500;
/** A status naming a message not stored yet is retried this many times (1 s, 2 s, 4 s …), then dropped. */
export const INBOUND_MAX_DEFERRALS = 8;
/** The sweep: how often an idle worker looks for events stored by other processes or due for a retry. */
export const INBOUND_POLL_MS = 500;
/** A webhook wakes the drainer, which waits this long so that a burst becomes one batch. */
export const INBOUND_LINGER_MS = 15;
/** The broadcast-status drainer lingers longer: its statuses are not waited for by a person. */
export const BROADCAST_STATUS_LINGER_MS = 50;

export interface WhatsappInboundDrains {
  /** Customers' messages, statuses of agents' messages, template reviews (lane 0). */
  conversations: DrainDefinition;
  /** Status-only deliveries of broadcast messages (lane 1). */
  broadcastStatuses: DrainDefinition;
}

/**
 * The WhatsApp Cloud inbound drainers (ARCHITECTURE hot path, step 2), one per lane of `inbound_events`.
 * The webhook stores each delivery in its lane and wakes that lane's loop in this process; the loop claims
 * stored, unprocessed events in batches and processes each batch in one transaction (see
 * `processWhatsappBatch`). They run on their own loops, not on a pg-boss queue, so bulk jobs never starve
 * them, and each lane has its own lock, so a broadcast's statuses never delay a customer's message.
 */
export function whatsappInboundDrains(deps: ServerDeps, onMedia?: OnMedia): WhatsappInboundDrains {
  const processBatch = (tx: Tx, events: ClaimedEvent[]) => processWhatsappBatch(deps, tx, events, onMedia);
  return {
    conversations: defineDrain({
      name: 'inbound.whatsapp-cloud',
      pollMs: INBOUND_POLL_MS,
      lingerMs: INBOUND_LINGER_MS,
      drain: createInboundDrain(deps, processBatch, {
        lane: INBOUND_LANES.conversations,
        batchSize: INBOUND_BATCH_SIZE,
        maxDeferrals: INBOUND_MAX_DEFERRALS,
      }),
    }),
    broadcastStatuses: defineDrain({
      name: 'inbound.whatsapp-cloud.broadcast-statuses',
      pollMs: INBOUND_POLL_MS,
      lingerMs: BROADCAST_STATUS_LINGER_MS,
      drain: createInboundDrain(deps, processBatch, {
        lane: INBOUND_LANES.broadcastStatuses,
        batchSize: BROADCAST_STATUS_BATCH_SIZE,
        maxDeferrals: INBOUND_MAX_DEFERRALS,
      }),
    }),
  };
}

interface MessageItem {
  event: ClaimedEvent;
  wamid: string;
  from: string;
  m: WaMessage;
  name: string | null;
  normal: ReturnType<typeof normaliseMessage>;
  at: Date;
}

interface AccountGroup {
  clientId: string;
  channelAccountId: string;
  items: MessageItem[];
}

/**
 * Every entry, change, message and status of a batch of deliveries, in one transaction and with set-based
 * statements: contacts and tickets are looked up and created for the whole batch at once, the messages
 * go in as one multi-row INSERT (ON CONFLICT DO NOTHING: a redelivered or repeated wamid creates nothing
 * twice), each touched ticket is updated once. Messages keep their received order (ids are UUIDv7 made in
 * that order). Statuses are applied monotonically one by one; an event with a status naming an unknown
 * message is deferred (its send job may still be saving the wamid). Real-time events go out after commit.
 */
export async function processWhatsappBatch(
  deps: Pick<ServerDeps, 'bus' | 'logger'>,
  tx: Tx,
  events: ClaimedEvent[],
  onMedia?: OnMedia,
): Promise<BatchOutcome> {
  const now = new Date();
  const groups = new Map<string, AccountGroup>();
  const statuses: { event: ClaimedEvent; s: WaStatus }[] = [];
  const templateChanges: TemplateWebhookChange[] = [];
  for (const event of events) {
    const body = (event.raw ?? {}) as WaWebhook;
    for (const entry of body.entry ?? []) {
      for (const change of entry.changes ?? []) {
        if (isTemplateWebhookField(change.field)) {
          const { clientId, channelAccountId } = event;
          templateChanges.push({ clientId, channelAccountId, field: change.field!, value: change.value });
          continue;
        }
        if (change.field !== 'messages' || !change.value) continue;
        const value = change.value;
        const names = new Map<string, string>();
        for (const c of value.contacts ?? [])
          if (c.wa_id && c.profile?.name) names.set(c.wa_id, c.profile.name);
        for (const m of value.messages ?? []) {
          if (!m.id || !m.from) continue;
          const key = `${event.clientId}/${event.channelAccountId}`;
          let group = groups.get(key);
          if (!group) {
            group = { clientId: event.clientId, channelAccountId: event.channelAccountId, items: [] };
            groups.set(key, group);
          }
          group.items.push({
            event,
            wamid: m.id,
            from: m.from,
            m,
            name: names.get(m.from) ?? null,
            normal: normaliseMessage(m),
            at: timeOf(m.timestamp, now),
          });
        }
        for (const s of value.statuses ?? []) statuses.push({ event, s });
        for (const e of value.errors ?? []) {
          deps.logger.warn(
            {
              clientId: event.clientId,
              channelAccountId: event.channelAccountId,
              code: e.code,
              title: e.title,
            },
            'whatsapp webhook error',
          );
        }
      }
    }
  }

  const created: MessageRow[] = [];
  const updated: MessageRow[] = [];
  for (const group of groups.values()) await storeMessages(tx, group, now, created, updated);
  // Template review outcomes and category changes (templates module).
  if (templateChanges.length) await applyTemplateWebhooks(tx, templateChanges);

  const deferred = new Map<string, string>();
  // Statuses of broadcast messages go to the broadcasts module; the rest are the inbox's.
  const broadcastStatuses = await takeBroadcastStatuses(tx, statuses);
  for (const { event, s } of broadcastStatuses.rest) {
    const result = await processStatus(tx, event.clientId, event.channelAccountId, s);
    if (result === 'unknown') deferred.set(event.id, `status for unknown message ${s.id}`);
    else if (result) updated.push(result);
  }

  // The summaries of the tickets that got messages, as the inbox lists them, read once for the batch.
  const summaries = new Map<string, TicketSummary>();
  const ticketsByClient = new Map<string, Set<string>>();
  for (const row of created) {
    const set = ticketsByClient.get(row.clientId) ?? new Set<string>();
    ticketsByClient.set(row.clientId, set);
    set.add(row.ticketId);
  }
  for (const [clientId, ids] of ticketsByClient) {
    const rows = await selectSummaries(tx).where(
      and(eq(tickets.clientId, clientId), inArray(tickets.id, [...ids])),
    );
    for (const r of rows) summaries.set(`${clientId}/${r.ticket.id}`, toTicketSummary(r));
  }

  return {
    deferred,
    afterCommit: async () => {
      const out: RealtimeEvent[] = [];
      for (const row of created) {
        const ticket = summaries.get(`${row.clientId}/${row.ticketId}`);
        if (ticket)
          out.push({ type: 'message.created', clientId: row.clientId, ticket, message: toMessage(row) });
      }
      for (const row of updated)
        out.push({
          type: 'message.updated',
          clientId: row.clientId,
          ticketId: row.ticketId,
          message: toMessage(row),
        });
      // Issued in order; a bus that pipelines (Redis) keeps that order.
      await Promise.all(out.map((event) => publishRealtime(deps, event)));
      await broadcastStatuses.afterCommit(deps);
      if (onMedia) for (const row of created) if (row.payload?.mediaId) await onMedia(row.clientId, row.id);
    },
  };
}

/** The messages of one channel account in a batch: contacts, tickets, one INSERT, one UPDATE of tickets. */
async function storeMessages(
  tx: Tx,
  group: AccountGroup,
  now: Date,
  created: MessageRow[],
  updated: MessageRow[],
) {
  const { clientId, channelAccountId } = group;
  // Reactions and replies name other messages by wamid: stored ones, or ones in this batch.
  const named = new Set<string>();
  for (const it of group.items) {
    if (it.normal.type === 'reaction' && it.m.reaction?.message_id) named.add(it.m.reaction.message_id);
    if (it.m.context?.id) named.add(it.m.context.id);
  }
  const idOfWamid = new Map<string, string>();
  if (named.size > 0) {
    const rows = await tx
      .select({ id: messages.id, wamid: messages.providerMessageId })
      .from(messages)
      .where(
        and(
          eq(messages.clientId, clientId),
          eq(messages.channelAccountId, channelAccountId),
          inArray(messages.providerMessageId, [...named]),
        ),
      );
    for (const r of rows) if (r.wamid) idOfWamid.set(r.wamid, r.id);
  }
  const inBatch = new Set(group.items.filter((it) => it.normal.type !== 'reaction').map((it) => it.wamid));

  // A reaction to a known message is merged into that message; any other one is a message of its own.
  const reactions: MessageItem[] = [];
  const toInsert: (MessageItem & { id: string })[] = [];
  const seen = new Set<string>();
  for (const it of group.items) {
    const target = it.normal.type === 'reaction' ? it.m.reaction?.message_id : undefined;
    if (target && (idOfWamid.has(target) || inBatch.has(target))) {
      reactions.push(it);
      continue;
    }
    if (seen.has(it.wamid)) continue; // the same message twice in one batch: once
    seen.add(it.wamid);
    const id = uuidv7();
    toInsert.push({ ...it, id });
    if (!idOfWamid.has(it.wamid)) idOfWamid.set(it.wamid, id);
  }

  if (toInsert.length > 0) {
    const names = new Map<string, string | null>();
    for (const it of toInsert) if (!names.has(it.from) || it.name) names.set(it.from, it.name);
    const found = await upsertContactsByIdentity(tx, { clientId, channel: 'WAP', channelAccountId, names });
    const contactOf = new Map([...found].map(([from, contact]) => [from, contact.id]));
    const ticketOf = await findOrOpenTicketsBatch(tx, {
      clientId,
      channel: 'WAP',
      channelAccountId,
      contactIds: [...new Set(contactOf.values())],
      at: now,
    });
    const rows = toInsert.map((it) => ({
      clientId,
      id: it.id,
      ticketId: ticketOf.get(contactOf.get(it.from)!)!,
      channelAccountId,
      direction: 'in' as const,
      visibility: 'public' as const,
      type: it.normal.type,
      text: it.normal.text,
      payload: it.normal.payload,
      status: 'received' as const,
      providerMessageId: it.wamid,
      replyToId: it.m.context?.id ? (idOfWamid.get(it.m.context.id) ?? null) : null,
      createdAt: it.at,
      updatedAt: now,
    }));
    const inserted = new Map<string, MessageRow>();
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = await tx
        .insert(messages)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing()
        .returning();
      for (const r of chunk) inserted.set(r.id, r);
    }
    // Per ticket: how many new messages, the latest time, the preview of the last one received.
    const perTicket = new Map<string, { at: Date; preview: string; n: number }>();
    for (const it of toInsert) {
      const row = inserted.get(it.id);
      if (!row) continue; // a redelivery or duplicate: nothing twice
      created.push(row);
      const t = perTicket.get(row.ticketId);
      if (!t) perTicket.set(row.ticketId, { at: row.createdAt, preview: previewOf(row), n: 1 });
      else {
        t.n += 1;
        if (row.createdAt > t.at) t.at = row.createdAt;
        t.preview = previewOf(row);
      }
    }
    if (perTicket.size > 0) {
      const values = sql.join(
        [...perTicket].map(
          ([id, t]) =>
            sql`(${id}::uuid, ${t.at.toISOString()}::timestamptz, ${t.preview}::text, ${t.n}::int)`,
        ),
        sql`, `,
      );
      await tx.execute(sql`
        update tickets as t set
          last_message_at = greatest(t.last_message_at, v.at),
          last_message_preview = v.preview,
          last_message_direction = 'in',
          last_message_status = 'received',
          last_customer_message_at = greatest(coalesce(t.last_customer_message_at, v.at), v.at),
          unread_count = t.unread_count + v.n,
          responded = false,
          updated_at = ${now.toISOString()}::timestamptz
        from (values ${values}) as v(id, at, preview, n)
        where t.client_id = ${clientId} and t.id = v.id`);
    }
  }

  for (const it of reactions) {
    const [row] = await tx
      .update(messages)
      .set({
        payload: sql`coalesce(${messages.payload}, '{}'::jsonb) || ${JSON.stringify({ reaction: it.m.reaction?.emoji ?? '' })}::jsonb`,
        updatedAt: now,
      })
      .where(
        and(
          eq(messages.clientId, clientId),
          eq(messages.channelAccountId, channelAccountId),
          eq(messages.providerMessageId, it.m.reaction!.message_id!),
        ),
      )
      .returning();
    if (row) updated.push(row);
  }
}

/**
 * Each contact's open ticket on the channel account, or a new unassigned one (contact id → ticket id):
 * one SELECT, then one counter bump and one multi-row INSERT for the contacts without one
 * (the batch form of `findOrOpenTicket`).
 */
export async function findOrOpenTicketsBatch(
  tx: Tx,
  input: { clientId: string; channel: string; channelAccountId: string; contactIds: string[]; at: Date },
): Promise<Map<string, string>> {
  const { clientId, channelAccountId } = input;
  const findOpen = (contactIds: string[]) =>
    tx
      .select({ id: tickets.id, contactId: tickets.contactId })
      .from(tickets)
      .where(
        and(
          eq(tickets.clientId, clientId),
          eq(tickets.channelAccountId, channelAccountId),
          inArray(tickets.contactId, contactIds),
          sql`${tickets.status} in ('unassigned', 'assigned')`,
        ),
      );
  const result = new Map<string, string>();
  if (input.contactIds.length === 0) return result;
  for (const r of await findOpen(input.contactIds)) result.set(r.contactId, r.id);
  const missing = input.contactIds.filter((c) => !result.has(c));
  if (missing.length === 0) return result;
  const [counter] = await tx
    .insert(ticketCounters)
    .values({ clientId, last: missing.length })
    .onConflictDoUpdate({
      target: ticketCounters.clientId,
      set: { last: sql`${ticketCounters.last} + ${missing.length}` },
    })
    .returning({ last: ticketCounters.last });
  const first = counter!.last - missing.length + 1;
  const inserted = await tx
    .insert(tickets)
    .values(
      missing.map((contactId, i) => ({
        clientId,
        id: uuidv7(),
        displayNumber: first + i,
        contactId,
        channel: input.channel,
        channelAccountId,
        status: 'unassigned' as const,
        lastMessageAt: input.at,
        createdAt: input.at,
        updatedAt: input.at,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: tickets.id, contactId: tickets.contactId });
  for (const r of inserted) result.set(r.contactId, r.id);
  const raced = missing.filter((c) => !result.has(c));
  if (raced.length > 0) {
    for (const r of await findOpen(raced)) result.set(r.contactId, r.id);
    for (const c of raced) if (!result.has(c)) throw new Error('open ticket vanished');
  }
  return result;
}
