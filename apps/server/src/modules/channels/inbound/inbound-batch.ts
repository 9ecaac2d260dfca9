import type { Tx } from '../../../platform/db/database.js';
import type { ServerDeps } from '../../../platform/deps.js';
import { defineDrain } from '../../../platform/jobs/job-queue.js';
import {
  type InboundStatus,
  type IngestOutcome,
  ingestInbound,
  publishIngested,
} from '../../conversations/index.js';
import { channelsOfAccounts } from '../channels.repository.js';
import type {
  AccountChange,
  ChannelConnector,
  InboundHooks,
  ProviderStatus,
  StoredDelivery,
} from '../connectors/connector.js';
import { connectorFor } from '../connectors/registry.js';
import {
  type BatchOutcome,
  type ClaimedEvent,
  createInboundDrain,
  INBOUND_LANES,
  type InboundDrains,
} from './inbound-drain.js';

/** Called for every new inbound message with a media id (the media job fetches the bytes). */
export type OnMedia = (clientId: string, messageId: string) => Promise<void>;

/** Events claimed per transaction by the conversation drainer. */
const INBOUND_BATCH_SIZE = 200;
/** Events claimed per transaction by the broadcast-status drainer (two statuses per recipient sent). */
const BROADCAST_STATUS_BATCH_SIZE = 500;
/** A status naming a message not stored yet is retried this many times (1 s, 2 s, 4 s …), then dropped. */
const INBOUND_MAX_DEFERRALS = 8;
/** The sweep: how often an idle worker looks for events stored by other processes or due for a retry. */
const INBOUND_POLL_MS = 500;
/** A webhook wakes the drainer, which waits this long so that a burst becomes one batch. */
const INBOUND_LINGER_MS = 15;
/** The broadcast-status drainer lingers longer: its statuses are not waited for by a person. */
const BROADCAST_STATUS_LINGER_MS = 50;

/**
 * The inbound drainers (ARCHITECTURE hot path, step 2), one per lane of `inbound_events`. A connector's
 * webhook stores each delivery in its lane and wakes that lane's loop in this process; the loop claims
 * stored, unprocessed events in batches and processes each batch in one transaction (see
 * `processInboundBatch`). They run on their own loops, not on a pg-boss queue, so bulk jobs never starve
 * them, and each lane has its own lock, so a broadcast's statuses never delay a customer's message. The
 * drainers keep their first names (`inbound.whatsapp-cloud…`): WhatsApp Cloud is the one channel with webhooks.
 */
export function inboundDrains(deps: ServerDeps, onMedia?: OnMedia, hooks: InboundHooks = {}): InboundDrains {
  const processBatch = (tx: Tx, events: ClaimedEvent[]) =>
    processInboundBatch(deps, tx, events, onMedia, hooks);
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

/** Each event's delivery parsed by its account's connector (`connector.webhook.parse`), and the connectors. */
async function parseDeliveries(tx: Tx, events: ClaimedEvent[], now: Date) {
  const accounts = await channelsOfAccounts(tx, [...new Set(events.map((e) => e.channelAccountId))]);
  const connectors = new Map<string, ChannelConnector | undefined>(
    [...accounts].map(([id, account]) => [id, connectorFor(account.channel)]),
  );
  const parsed = events.map((event) => {
    const account = accounts.get(event.channelAccountId);
    const webhook = connectors.get(event.channelAccountId)?.webhook;
    // Not known (yet), or a channel without a parser: the event fails and is retried later, never dropped.
    if (!account) throw new Error(`inbound event for an unknown channel account ${event.channelAccountId}`);
    if (!webhook) throw new Error(`inbound event for channel ${account.channel}, which has no webhooks`);
    const delivery: StoredDelivery = { ...event, accountAddress: webhook.accountAddressOf(account) };
    return { event, parsed: webhook.parse(delivery, now) };
  });
  return { parsed, connectors };
}

/**
 * Every entry, change, message and status of a batch of deliveries, in one transaction: each delivery is
 * parsed by its channel's connector into normalised messages and statuses, account changes go to the
 * modules that subscribed to their field (templates), statuses of messages other modules sent go to them
 * (broadcasts), and the rest is the conversations' `ingestInbound` (set-based: contacts, tickets, one
 * multi-row INSERT, one UPDATE of the touched tickets). An event with a status naming an unknown message is
 * deferred (its send job may still be saving the provider's id). Real-time events go out after commit.
 */
export async function processInboundBatch(
  deps: Pick<ServerDeps, 'bus' | 'logger' | 'db'>,
  tx: Tx,
  events: ClaimedEvent[],
  onMedia?: OnMedia,
  hooks: InboundHooks = {},
): Promise<BatchOutcome> {
  const messages = [];
  const statuses: { event: ClaimedEvent; provider: ProviderStatus; status: InboundStatus }[] = [];
  const changes = new Map<string, AccountChange[]>();
  const { parsed: deliveries, connectors } = await parseDeliveries(tx, events, new Date());
  for (const { event, parsed } of deliveries) {
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
  const afterCommits: ((d: Pick<ServerDeps, 'bus' | 'logger'>) => Promise<void>)[] = [];
  // Account changes (template reviews and categories, calls) to the modules that subscribed to their fields.
  for (const subscriber of hooks.accountChanges ?? []) {
    const mine = subscriber.fields.flatMap((f) => changes.get(f) ?? []);
    if (!mine.length) continue;
    const applied = await subscriber.apply(tx, mine);
    if (hasAfterCommit(applied)) afterCommits.push(applied.afterCommit);
  }
  // Statuses of messages other modules sent (broadcasts) are theirs; the rest are the inbox's.
  let rest = statuses;
  for (const take of hooks.statusTakers ?? []) {
    const taken = await take(tx, rest);
    rest = taken.rest;
    afterCommits.push(taken.afterCommit);
  }
  // A status without the provider's message id names nothing of the inbox's (but a read watermark names all).
  rest = rest.filter((s) => s.provider.providerMessageId || 'upTo' in s.status.ref);
  const eventOf = new Map(rest.map((s) => [s.status, s.event]));
  const outcome = await ingestInbound(tx, { messages, statuses: rest.map((s) => s.status) });
  for (const take of hooks.messageTakers ?? []) if (outcome.created.length) await take(tx, outcome.created);
  const deferred = new Map<string, string>();
  for (const s of outcome.unknown) {
    const event = eventOf.get(s)!;
    if (!deferred.has(event.id))
      deferred.set(
        event.id,
        `status for unknown message ${'providerMessageId' in s.ref ? s.ref.providerMessageId : 'messageId' in s.ref ? s.ref.messageId : 'watermark'}`,
      );
  }
  return {
    deferred,
    afterCommit: async () => {
      await publishIngested(deps, outcome);
      for (const afterCommit of afterCommits) await afterCommit(deps);
      // The jobs of a batch are queued side by side, not one round trip after another: the drain takes its
      // next batch only when this work is done.
      if (onMedia)
        await Promise.all(
          outcome.created
            .filter((row) => connectors.get(row.channelAccountId)?.media?.pending(row))
            .map((row) => onMedia(row.clientId, row.id)),
        );
      if (hooks.onCustomer) await askProfiles(outcome, connectors, hooks.onCustomer);
    },
  };
}

/**
 * Each ticket with a new message from a contact still named by its id, on a channel that reads profiles:
 * once per batch.
 */
async function askProfiles(
  outcome: IngestOutcome,
  connectors: Map<string, ChannelConnector | undefined>,
  onCustomer: NonNullable<InboundHooks['onCustomer']>,
) {
  const tickets = new Map<string, string>();
  for (const row of outcome.created)
    if (
      row.direction === 'in' &&
      outcome.unnamed.has(`${row.clientId}/${row.ticketId}`) &&
      connectors.get(row.channelAccountId)?.profileName
    )
      tickets.set(row.ticketId, row.clientId);
  await Promise.all([...tickets].map(([ticketId, clientId]) => onCustomer(clientId, ticketId)));
}

/** A subscriber's result that asks for work after the batch commits (real-time events). */
function hasAfterCommit(value: unknown): value is { afterCommit: () => Promise<void> } {
  return typeof (value as { afterCommit?: unknown } | null)?.afterCommit === 'function';
}
