import type { CsConfiguration, RealtimeEvent, TicketSummary } from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { EventVariants } from '../../platform/realtime/realtime-hub.js';
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

const MASKED = 'phone-masked';

/**
 * Phone masking of socket events (000 §5 featureCs/featureManager bit 128), the same rule as over HTTP:
 * the hub asks `variants.keyOf` per socket and sends a masked copy of `message.created` and
 * `ticket.updated` to the CS positions whose flags hide phones. The flags of a business are loaded when a
 * socket of one of its CS agents connects (`prepare`) and kept current from the bus (`cs.flags`), so the
 * hub decides without a query. A business whose flags could not be loaded is masked (fail closed).
 */
export function createPhonePrivacy(
  deps: { db: DbOrTx; bus: EventBus },
  options: { maxClients?: number } = {},
) {
  const maxClients = options.maxClients ?? 100_000;
  const flags = new Map<string, Flags>();
  const set = (clientId: string, value: Flags) => {
    flags.delete(clientId);
    flags.set(clientId, value);
    if (flags.size > maxClients) {
      const oldest = flags.keys().next().value;
      if (oldest !== undefined) flags.delete(oldest);
    }
  };
  const unsubscribe = deps.bus.subscribe(CS_FLAGS_TOPIC, (payload) => {
    const e = payload as Partial<CsFlagsChanged> | null;
    if (typeof e?.clientId !== 'string') return;
    set(e.clientId, { featureCs: Number(e.featureCs) || 0, featureManager: Number(e.featureManager) || 0 });
  });

  async function prepare(auth: Pick<AuthContext, 'clientId' | 'csPosition'>): Promise<void> {
    if (!auth.csPosition || flags.has(auth.clientId)) return;
    const config = await getConfiguration(deps.db, auth.clientId);
    // A change published while we read wins over what we read.
    if (!flags.has(auth.clientId))
      set(auth.clientId, { featureCs: config.featureCs, featureManager: config.featureManager });
  }

  const variants: EventVariants = {
    keyOf(auth, event) {
      if (!auth.csPosition) return undefined;
      if (event.type !== 'message.created' && event.type !== 'ticket.updated') return undefined;
      const f = flags.get(auth.clientId);
      return !f || hidesPhone(f, auth.csPosition) ? MASKED : undefined;
    },
    make(event: RealtimeEvent, key) {
      if (key !== MASKED || (event.type !== 'message.created' && event.type !== 'ticket.updated'))
        return event;
      return { ...event, ticket: maskSummary(event.ticket) };
    },
  };

  return { prepare, variants, close: unsubscribe };
}
