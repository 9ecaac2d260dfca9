import { CALL_SOCKET_PATH, can, parseCallEvent, type RealtimeEvent } from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import type { RealtimeHubOptions } from '../../platform/realtime/realtime-hub.js';
import { callPublisher } from './call-events.js';
import { listRinging } from './calls.service.js';

/**
 * The call WebSocket (000 §7 Real-time) at `GET /ws/call?token=`: the realtime hub's socket mechanics (token in the
 * query, 4401, heartbeat, revocation) with the call's own rules — only users who may read inbound calls open it
 * (4403 otherwise), it carries only `call.*` events, and the browser may send `{ event: 'connect' }` to get what
 * rings for it and its own call. Any other event is refused on the socket (000 §4): an unknown one as
 * `calls.invalidEvent`, one of the server's own events (answer, reject, terminate, transfer, new-call,
 * new-call-room-message — the browser takes those actions through the HTTP routes) as `calls.eventNotAccepted`.
 */
export function callSocketOptions(deps: ServerDeps): RealtimeHubOptions {
  const d = { ...deps, calls: callPublisher(deps) };
  return {
    path: CALL_SOCKET_PATH,
    carries: (event: RealtimeEvent) => event.type.startsWith('call.'),
    admits: (auth: AuthContext) => can(auth.subject, 'INBOUND_CALL', 'READ'),
    async onMessage(auth, data, reply) {
      const event = eventOf(data);
      const known = parseCallEvent(event);
      if (known === 'connect') {
        const { ringing, active } = await listRinging(d, auth);
        reply({ type: 'call.connect', event: 'connect', ringing, active });
        return;
      }
      reply({
        type: 'call.error',
        event: typeof event === 'string' ? event.slice(0, 64) : null,
        message: known ? 'calls.eventNotAccepted' : 'calls.invalidEvent',
      });
    },
  };
}

function eventOf(data: string): unknown {
  try {
    return (JSON.parse(data) as { event?: unknown } | null)?.event;
  } catch {
    return undefined;
  }
}
