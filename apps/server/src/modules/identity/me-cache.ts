import type { Me } from '@sapa/contracts';
import type { EventBus } from '../../platform/events/event-bus.js';
import { CONSENT_CHANGED_TOPIC, type ConsentChanged } from '../activity/index.js';

const IDENTITY_CHANGED_TOPIC = 'identity.changed';

/** Which `me` answers a change touches: one user's (in every business) or one business's. */
export interface IdentityScope {
  userId?: string;
  clientId?: string;
}

/** Tells every process that `me` answers in `scope` changed (profile, role, access, 2FA, membership). */
export function publishIdentityChanged(bus: EventBus, scope: IdentityScope): Promise<void> {
  return bus.publish(IDENTITY_CHANGED_TOPIC, scope);
}

const MAX_ENTRIES = 20_000;
/** A safety net for deployments without a shared event bus: no answer is older than this. */
const TTL_MS = 30_000;

/**
 * `GET users/me` answers, per user and business, dropped on every identity change published on the bus.
 * A read that overlaps a change is not cached (the epoch moved while it ran).
 */
export class MeCache {
  readonly #entries = new Map<string, { me: Me; at: number }>();
  #epoch = 0;

  constructor(bus: EventBus) {
    bus.subscribe(IDENTITY_CHANGED_TOPIC, (payload) => this.invalidate(payload as IdentityScope));
    // A consent answer is part of `me` (activity keeps it and announces each change).
    bus.subscribe(CONSENT_CHANGED_TOPIC, (payload) => {
      const { userId, clientId } = payload as ConsentChanged;
      this.invalidate({ userId, clientId });
    });
  }

  #key(userId: string, clientId: string) {
    return `${userId}:${clientId}`;
  }

  async get(userId: string, clientId: string, load: () => Promise<Me>): Promise<Me> {
    const key = this.#key(userId, clientId);
    const hit = this.#entries.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.me;
    const epoch = this.#epoch;
    const me = await load();
    if (epoch === this.#epoch) {
      if (this.#entries.size >= MAX_ENTRIES) {
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#entries.delete(oldest);
      }
      this.#entries.set(key, { me, at: Date.now() });
    }
    return me;
  }

  /** A user scope drops all of the user's answers (their list of businesses is in each); else the business's. */
  invalidate(scope: IdentityScope): void {
    this.#epoch++;
    for (const [key, entry] of this.#entries) {
      const hit = scope.userId ? entry.me.user.id === scope.userId : entry.me.client.id === scope.clientId;
      if (hit) this.#entries.delete(key);
    }
  }
}
