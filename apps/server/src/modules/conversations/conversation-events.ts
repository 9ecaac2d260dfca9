import type { RealtimeEvent, TicketSummary } from '@sapa/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';
import {
  type AudiencedEvent,
  defaultAudienceOf,
  type RealtimeAudience,
} from '../../platform/realtime/audience.js';
import { REALTIME_TOPIC } from '../../platform/realtime/realtime-hub.js';
import { type MessageRow, toMessage } from './conversations.repository.js';
import { tickets } from './conversations.schema.js';
import { maskedCopyOf, maskedPositionsOf } from './phone-privacy.js';

type PublishDeps = Pick<ServerDeps, 'bus' | 'logger'> & { db?: DbOrTx };
type Assignment = Pick<RealtimeAudience, 'assigneeId' | 'assignedVia' | 'groupId'>;

/**
 * Publishes an event for the realtime hub (topic `realtime`, payload per `realtimeEventSchema`) with its
 * audience (ARCHITECTURE hot path, step 3): the one given, else what the event's own fields say; a ticket
 * event also carries the CS positions its business hides phone numbers from, and their masked copy.
 */
export function publishRealtime(deps: PublishDeps, event: RealtimeEvent, audience?: RealtimeAudience) {
  return publishInOrder(deps, [[event, audience]]);
}

/**
 * Publishes events in their order: every audience is stamped first (which may read a business's flags),
 * then the publishes are issued one after the other (a bus that pipelines, Redis, keeps that order).
 */
async function publishInOrder(
  deps: PublishDeps,
  events: readonly [RealtimeEvent, RealtimeAudience | undefined][],
) {
  const stamped: AudiencedEvent[] = [];
  for (const [event, audience] of events) {
    try {
      stamped.push(await withAudience(deps, event, audience));
    } catch (err) {
      deps.logger.warn({ err, type: event.type }, 'realtime publish failed');
    }
  }
  await Promise.all(
    stamped.map(async (event) => {
      try {
        await deps.bus.publish(REALTIME_TOPIC, event);
      } catch (err) {
        deps.logger.warn({ err, type: event.type }, 'realtime publish failed');
      }
    }),
  );
}

async function withAudience(
  deps: PublishDeps,
  event: RealtimeEvent,
  given: RealtimeAudience | undefined,
): Promise<AudiencedEvent> {
  const audience = given ?? defaultAudienceOf(event);
  const masked = maskedCopyOf(event);
  if (!masked) return { ...event, audience };
  const maskPhoneFor = await maskedPositionsOf(deps, event.clientId);
  return maskPhoneFor.length > 0
    ? { ...event, audience: { ...audience, maskPhoneFor }, masked }
    : { ...event, audience };
}

/** The audience of a message's change: its ticket's assignment now, and the message's author. */
function messageAudience(row: MessageRow, ticket: Assignment | undefined): RealtimeAudience {
  return ticket
    ? { visibility: 'ticket', ticketId: row.ticketId, ...ticket, authorId: row.senderUserId }
    : { visibility: 'ticket', ticketId: row.ticketId, authorId: row.senderUserId, seesAllOnly: true };
}

/** The assignment of these tickets of a business (one query), for the audience of message changes. */
async function assignmentsOf(db: DbOrTx | undefined, rows: readonly MessageRow[]) {
  const out = new Map<string, Assignment>();
  if (!db || rows.length === 0) return out;
  const byClient = new Map<string, Set<string>>();
  for (const r of rows) byClient.set(r.clientId, (byClient.get(r.clientId) ?? new Set()).add(r.ticketId));
  for (const [clientId, ids] of byClient) {
    const found = await db
      .select({
        id: tickets.id,
        assigneeId: tickets.assigneeId,
        assignedVia: tickets.assignedVia,
        groupId: tickets.groupId,
      })
      .from(tickets)
      .where(and(eq(tickets.clientId, clientId), inArray(tickets.id, [...ids])));
    for (const t of found) out.set(`${clientId}/${t.id}`, t);
  }
  return out;
}

/** Tells the inbox that one message changed (status, provider id, failure, media, reaction). */
export async function publishMessageUpdated(deps: PublishDeps, clientId: string, row: MessageRow) {
  const ticket = (await assignmentsOf(deps.db, [row])).get(`${clientId}/${row.ticketId}`);
  return publishRealtime(
    deps,
    { type: 'message.updated', clientId, ticketId: row.ticketId, message: toMessage(row) },
    messageAudience(row, ticket),
  );
}

/**
 * The events of an inbound batch, after commit: `message.created` with its ticket's summary per stored
 * message, `message.updated` per changed one. Issued in order; a bus that pipelines (Redis) keeps it.
 */
export async function publishConversationEvents(
  deps: PublishDeps,
  created: readonly MessageRow[],
  updated: readonly MessageRow[],
  summaries: ReadonlyMap<string, TicketSummary>,
) {
  const out: [RealtimeEvent, RealtimeAudience | undefined][] = [];
  for (const row of created) {
    const ticket = summaries.get(`${row.clientId}/${row.ticketId}`);
    if (ticket)
      out.push([
        { type: 'message.created', clientId: row.clientId, ticket, message: toMessage(row) },
        undefined,
      ]);
  }
  const assignments = await assignmentsOf(deps.db, updated);
  for (const row of updated)
    out.push([
      { type: 'message.updated', clientId: row.clientId, ticketId: row.ticketId, message: toMessage(row) },
      messageAudience(row, assignments.get(`${row.clientId}/${row.ticketId}`)),
    ]);
  await publishInOrder(deps, out);
}
