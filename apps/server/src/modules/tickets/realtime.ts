import type { RealtimeEvent } from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';

/** The EventBus topic the realtime hub subscribes to; payloads match `realtimeEventSchema`. */
export const REALTIME_TOPIC = 'realtime';

export async function publishRealtime(deps: Pick<ServerDeps, 'bus' | 'logger'>, event: RealtimeEvent) {
  try {
    await deps.bus.publish(REALTIME_TOPIC, event);
  } catch (err) {
    deps.logger.warn({ err, type: event.type }, 'realtime publish failed');
  }
}

/**
 * Who may receive a realtime event: any signed-in member of the event's business (the hub checks
 * CUSTOMER_SERVICE_INBOX READ when the socket connects). Every inbox member sees every ticket of the
 * business for now; per-CS visibility (assigned-only) would narrow it here.
 */
export function canSeeEvent(auth: Pick<AuthContext, 'clientId'>, event: RealtimeEvent): boolean {
  return auth.clientId === event.clientId;
}
