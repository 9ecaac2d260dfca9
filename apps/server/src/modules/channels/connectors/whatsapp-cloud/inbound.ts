import type { Tx } from '../../../../platform/db/database.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { type DrainDefinition, defineDrain } from '../../../../platform/jobs/job-queue.js';
import { type InboundStatus, ingestInbound, publishIngested } from '../../../conversations/index.js';
import { phoneNumberIdsOf } from '../../channels.repository.js';
import {
  type BatchOutcome,
  type ClaimedEvent,
  createInboundDrain,
  INBOUND_LANES,
} from '../../inbound/inbound-drain.js';
import type { AccountChange, InboundHooks, ProviderStatus } from '../connector.js';
import { parseWhatsappDelivery } from './inbound-parse.js';

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
export function whatsappInboundDrains(
  deps: ServerDeps,
  onMedia?: OnMedia,
  hooks: InboundHooks = {},
): WhatsappInboundDrains {
  const processBatch = (tx: Tx, events: ClaimedEvent[]) =>
    processWhatsappBatch(deps, tx, events, onMedia, hooks);
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

/**
 * Every entry, change, message and status of a batch of deliveries, in one transaction: the deliveries are
 * parsed into normalised messages and statuses (`parseWhatsappDelivery`), account changes go to the modules
 * that subscribed to their field (templates), statuses of messages other modules sent go to them
 * (broadcasts), and the rest is the conversations' `ingestInbound` (set-based: contacts, tickets, one
 * multi-row INSERT, one UPDATE of the touched tickets). An event with a status naming an unknown message is
 * deferred (its send job may still be saving the wamid). Real-time events go out after commit.
 */
export async function processWhatsappBatch(
  deps: Pick<ServerDeps, 'bus' | 'logger'>,
  tx: Tx,
  events: ClaimedEvent[],
  onMedia?: OnMedia,
  hooks: InboundHooks = {},
): Promise<BatchOutcome> {
  const now = new Date();
  const messages = [];
  const statuses: { event: ClaimedEvent; provider: ProviderStatus; status: InboundStatus }[] = [];
  const changes = new Map<string, AccountChange[]>();
  const numbers = await phoneNumberIdsOf(tx, [...new Set(events.map((e) => e.channelAccountId))]);
  for (const event of events) {
    const accountAddress = numbers.has(event.channelAccountId)
      ? numbers.get(event.channelAccountId)
      : undefined;
    const parsed = parseWhatsappDelivery({ ...event, accountAddress }, now);
    if (parsed.foreignChanges > 0)
      // Signed with this app's secret but for another number: not this business's (no personal data logged).
      deps.logger.warn(
        { clientId: event.clientId, channelAccountId: event.channelAccountId, eventId: event.id },
        'whatsapp delivery for another phone number ignored',
      );
    messages.push(...parsed.messages);
    for (const s of parsed.statuses) statuses.push({ event, ...s });
    for (const c of parsed.accountChanges) changes.set(c.field, [...(changes.get(c.field) ?? []), c]);
    for (const e of parsed.errors)
      deps.logger.warn(
        { clientId: event.clientId, channelAccountId: event.channelAccountId, code: e.code, title: e.title },
        'whatsapp webhook error',
      );
  }
  // Account changes (template reviews and categories) to the modules that subscribed to their fields.
  for (const subscriber of hooks.accountChanges ?? []) {
    const mine = subscriber.fields.flatMap((f) => changes.get(f) ?? []);
    if (mine.length) await subscriber.apply(tx, mine);
  }
  // Statuses of messages other modules sent (broadcasts) are theirs; the rest are the inbox's.
  let rest = statuses;
  const afterCommits: ((d: Pick<ServerDeps, 'bus' | 'logger'>) => Promise<void>)[] = [];
  for (const take of hooks.statusTakers ?? []) {
    const taken = await take(tx, rest);
    rest = taken.rest;
    afterCommits.push(taken.afterCommit);
  }
  // A status without the provider's message id names nothing of the inbox's.
  rest = rest.filter((s) => s.provider.providerMessageId);
  const eventOf = new Map(rest.map((s) => [s.status, s.event]));
  const outcome = await ingestInbound(tx, { messages, statuses: rest.map((s) => s.status) });
  const deferred = new Map<string, string>();
  for (const s of outcome.unknown) {
    const event = eventOf.get(s)!;
    if (!deferred.has(event.id))
      deferred.set(
        event.id,
        `status for unknown message ${'providerMessageId' in s.ref ? s.ref.providerMessageId : s.ref.messageId}`,
      );
  }
  return {
    deferred,
    afterCommit: async () => {
      await publishIngested(deps, outcome);
      for (const afterCommit of afterCommits) await afterCommit(deps);
      if (onMedia)
        for (const row of outcome.created) if (row.payload?.mediaId) await onMedia(row.clientId, row.id);
    },
  };
}
