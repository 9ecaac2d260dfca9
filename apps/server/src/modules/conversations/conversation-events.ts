import type { RealtimeEvent } from '@sapa/contracts';
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
