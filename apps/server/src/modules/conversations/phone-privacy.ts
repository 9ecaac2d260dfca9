import type { CsConfiguration, CsPosition, RealtimeEvent, TicketSummary } from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { CS_FLAGS_TOPIC, type CsFlagsChanged, getConfiguration, hidesPhone } from '../teams/index.js';

/** Keeps the last three digits of a phone-like handle: 6281277005566 → ••••••••••566. */
export function maskPhone(handle: string): string {
  if (!/^\+?\d{5,}$/.test(handle)) return handle;
  return `${'•'.repeat(handle.length - 3)}${handle.slice(-3)}`;
}

/** The summary with its contact's phone number masked. */
export function maskSummary(t: TicketSummary): TicketSummary {
  return { ...t, contact: { ...t.contact, handle: maskPhone(t.contact.handle) } };
}

/** A function that masks ticket summaries for this caller (identity when nothing is hidden). */
export async function summaryMaskFor(
  db: DbOrTx,
  auth: Pick<AuthContext, 'clientId' | 'csPosition'>,
): Promise<(t: TicketSummary) => TicketSummary> {
  if (!auth.csPosition) return (t) => t;
  if (!hidesPhone(await getConfiguration(db, auth.clientId), auth.csPosition)) return (t) => t;
  return maskSummary;
}

type Flags = Pick<CsConfiguration, 'featureCs' | 'featureManager'>;

const POSITIONS: readonly CsPosition[] = ['SPV1', 'SPV2', 'CS1', 'CS2'];

interface FlagsCache {
  flags: Map<string, Flags>;
  close: () => void;
}
const caches = new WeakMap<EventBus, FlagsCache>();
const MAX_CLIENTS = 100_000;

/** The businesses' CS flags this process knows, kept current from the bus (`cs.flags`), one per bus. */
function cacheOf(bus: EventBus): FlagsCache {
  let cache = caches.get(bus);
  if (cache) return cache;
  const flags = new Map<string, Flags>();
  const close = bus.subscribe(CS_FLAGS_TOPIC, (payload) => {
    const e = payload as Partial<CsFlagsChanged> | null;
    if (typeof e?.clientId !== 'string') return;
    remember(flags, e.clientId, {
      featureCs: Number(e.featureCs) || 0,
      featureManager: Number(e.featureManager) || 0,
    });
  });
  cache = { flags, close };
  caches.set(bus, cache);
  return cache;
}

function remember(flags: Map<string, Flags>, clientId: string, value: Flags) {
  flags.delete(clientId);
  flags.set(clientId, value);
  if (flags.size > MAX_CLIENTS) {
    const oldest = flags.keys().next().value;
    if (oldest !== undefined) flags.delete(oldest);
  }
}

/**
 * The CS positions a business hides phone numbers from (000 §5 featureCs/featureManager bit 128), for the
 * audience of a ticket event: read once per business and process, then kept current from the bus. A
 * business whose flags cannot be read hides them from every position (fail closed).
 */
export async function maskedPositionsOf(
  deps: { bus: EventBus; db?: DbOrTx; logger?: { warn: (o: object, m: string) => void } },
  clientId: string,
): Promise<CsPosition[]> {
  const cache = cacheOf(deps.bus);
  let flags = cache.flags.get(clientId);
  if (!flags && deps.db) {
    try {
      const config = await getConfiguration(deps.db, clientId);
      // A change published while we read wins over what we read.
      flags = cache.flags.get(clientId) ?? {
        featureCs: config.featureCs,
        featureManager: config.featureManager,
      };
      remember(cache.flags, clientId, flags);
    } catch (err) {
      deps.logger?.warn({ err, clientId }, 'cs flags could not be read: phone numbers hidden');
    }
  }
  if (!flags) return [...POSITIONS];
  return POSITIONS.filter((p) => hidesPhone(flags, p));
}

/** The event's copy for readers who must not see phone numbers (ticket events only). */
export function maskedCopyOf(event: RealtimeEvent): RealtimeEvent | undefined {
  if (event.type !== 'message.created' && event.type !== 'ticket.updated') return undefined;
  return { ...event, ticket: maskSummary(event.ticket) };
}
