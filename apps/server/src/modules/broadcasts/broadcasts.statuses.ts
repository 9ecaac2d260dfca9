import { type BroadcastStatus, finishedBroadcastStatus } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type ProviderStatus, parseBroadcastKey } from '../channels/index.js';
import { publishRealtime } from '../conversations/index.js';
import {
  applyRecipientTransitions,
  type CountersAfter,
  type RecipientTransition,
} from './broadcasts.transitions.js';
import { BROADCAST_READERS } from './broadcasts.views.js';

const FINISHED: readonly string[] = ['delivered', 'read', 'partially_failed', 'failed'];

function transitionOf(
  s: ProviderStatus,
  key: { broadcastId: string; recipientId: string },
): RecipientTransition | null {
  const at = s.at;
  const base = { ...key, providerMessageId: s.providerMessageId };
  switch (s.status) {
    case 'sent':
      return { ...base, status: 'sent', sentAt: at };
    case 'delivered':
      return { ...base, status: 'delivered', deliveredAt: at };
    case 'read':
      return { ...base, status: 'read', readAt: at };
    case 'failed':
      return { ...base, status: 'failed', failedAt: at, error: s.error };
    default:
      return null;
  }
}

/**
 * Provider status webhooks (sent, delivered, read, failed) of broadcast messages, recognised by the key
 * the engine sent with them (`biz_opaque_callback_data`): applied set-based to the recipients and their
 * broadcasts' counters in the inbound batch's transaction (forward only, so redeliveries change nothing).
 * Answers the statuses that are not broadcast ones, for the inbox's own handling, and what to publish
 * after the commit.
 */
export async function takeBroadcastStatuses<T extends { provider: ProviderStatus }>(
  tx: Tx,
  statuses: readonly T[],
): Promise<{ rest: T[]; afterCommit: (deps: Pick<ServerDeps, 'bus' | 'logger'>) => Promise<void> }> {
  const rest: T[] = [];
  const byClient = new Map<string, RecipientTransition[]>();
  for (const item of statuses) {
    const key = parseBroadcastKey(item.provider.callbackKey);
    if (!key) {
      rest.push(item);
      continue;
    }
    const t = transitionOf(item.provider, key);
    if (!t) continue;
    const list = byClient.get(item.provider.clientId) ?? [];
    list.push(t);
    byClient.set(item.provider.clientId, list);
  }
  const changed: { clientId: string; c: CountersAfter }[] = [];
  for (const [clientId, items] of byClient) {
    for (const c of await applyRecipientTransitions(tx, clientId, items, { source: 'webhook' })) {
      // A finished broadcast follows its recipients (delivered → read, a late failure → partially failed).
      if (FINISHED.includes(c.status)) {
        const status: BroadcastStatus = finishedBroadcastStatus(c);
        if (status !== c.status) {
          await tx.execute(
            sql`update broadcasts set status = ${status}, updated_at = now() where client_id = ${clientId} and id = ${c.id}`,
          );
          c.status = status;
        }
      }
      changed.push({ clientId, c });
    }
  }
  return {
    rest,
    afterCommit: async (deps) => {
      for (const { clientId, c } of changed) {
        const sent = c.sent + c.delivered + c.read;
        await publishRealtime(
          deps,
          {
            type: 'broadcast.progress',
            clientId,
            broadcast: {
              id: c.id,
              status: c.status as BroadcastStatus,
              totals: {
                recipients: c.total,
                sent,
                delivered: c.delivered + c.read,
                read: c.read,
                failed: c.failed,
                pending: Math.max(0, c.total - sent - c.failed),
              },
            },
          },
          BROADCAST_READERS,
        );
      }
    },
  };
}
