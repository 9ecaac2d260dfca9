import type { CallSessionEvent } from '@sapa/contracts';
import type { ServerDeps } from '../../platform/deps.js';
import { publishRealtime } from '../conversations/index.js';
import { type CallSessionRow, toCallSessions } from './calls.repository.js';

export interface CallPublisher {
  publishAll(changed: readonly { row: CallSessionRow; event: CallSessionEvent['event'] }[]): Promise<void>;
}

/**
 * Call events on the agents' real-time socket (000 §4 call events): to everyone of the business who may read
 * inbound calls (INBOUND_CALL READ); the browser shows a ringing call only to an agent who may answer it.
 */
export function callPublisher(deps: Pick<ServerDeps, 'db' | 'bus' | 'logger'>): CallPublisher {
  return {
    async publishAll(changed) {
      for (const { row, event } of changed) {
        const [session] = await toCallSessions(deps.db, [row]);
        if (!session) continue;
        await publishRealtime(
          deps,
          { type: 'call.session', clientId: row.clientId, event, session },
          { visibility: 'readers', permission: { subject: 'INBOUND_CALL', action: 'READ' } },
        );
      }
    },
  };
}
