import type { EventBus } from '../events/event-bus.js';

export const SESSION_REVOKED_TOPIC = 'session.revoked';

/**
 * Sessions (refresh-token families) ended before their access tokens expire: sign-out, password change,
 * refresh-token reuse. Access tokens are checked against this set so a revocation takes effect at once,
 * without a database read per request. Entries live as long as an access token can.
 */
export class RevokedSessions {
  readonly #until = new Map<string, number>();
  readonly #ttlMs: number;
  readonly #bus: EventBus;

  constructor(options: { bus: EventBus; accessTtlSeconds: number }) {
    this.#ttlMs = options.accessTtlSeconds * 1000;
    this.#bus = options.bus;
    options.bus.subscribe(SESSION_REVOKED_TOPIC, (payload) => {
      const ids = (payload as { sessionIds: string[] }).sessionIds;
      for (const id of ids) this.#remember(id);
    });
  }

  #remember(sessionId: string, revokedAtMs = Date.now()): void {
    const until = revokedAtMs + this.#ttlMs;
    if (until > Date.now()) this.#until.set(sessionId, until);
    if (this.#until.size > 10_000) this.#sweep();
  }

  #sweep(): void {
    const now = Date.now();
    for (const [id, until] of this.#until) if (until <= now) this.#until.delete(id);
  }

  /** Loads revocations that happened before this process started. */
  preload(rows: { sessionId: string; revokedAt: Date }[]): void {
    for (const r of rows) this.#remember(r.sessionId, r.revokedAt.getTime());
  }

  async revoke(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    for (const id of sessionIds) this.#remember(id);
    await this.#bus.publish(SESSION_REVOKED_TOPIC, { sessionIds });
  }

  isRevoked(sessionId: string): boolean {
    const until = this.#until.get(sessionId);
    if (until === undefined) return false;
    if (until <= Date.now()) {
      this.#until.delete(sessionId);
      return false;
    }
    return true;
  }
}
