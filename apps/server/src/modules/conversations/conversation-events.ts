import type { RealtimeEvent, TicketSummary } from '@sapa/contracts';
import type { ServerDeps } from '../../platform/deps.js';
import { REALTIME_TOPIC } from '../../platform/realtime/realtime-hub.js';
import { type MessageRow, toMessage } from './conversations.repository.js';

/** Publishes an inbox event for the realtime hub (topic `realtime`, payload per `realtimeEventSchema`). */
export async function publishRealtime(deps: Pick<ServerDeps, 'bus' | 'logger'>, event: RealtimeEvent) {
  try {
    await deps.bus.publish(REALTIME_TOPIC, event);
  } catch (err) {
    deps.logger.warn({ err, type: event.type }, 'realtime publish failed');
  }
}

/** Tells the inbox that one message changed (status, provider id, failure, media, reaction). */
export function publishMessageUpdated(
  deps: Pick<ServerDeps, 'bus' | 'logger'>,
  clientId: string,
  row: MessageRow,
) {
  return publishRealtime(deps, {
    type: 'message.updated',
    clientId,
    ticketId: row.ticketId,
    message: toMessage(row),
  });
}

/**
 * The events of an inbound batch, after commit: `message.created` with its ticket's summary per stored
 * message, `message.updated` per changed one. Issued in order; a bus that pipelines (Redis) keeps it.
 */
export async function publishConversationEvents(
  deps: Pick<ServerDeps, 'bus' | 'logger'>,
  created: readonly MessageRow[],
  updated: readonly MessageRow[],
  summaries: ReadonlyMap<string, TicketSummary>,
) {
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
  await Promise.all(out.map((event) => publishRealtime(deps, event)));
}
