/**
 * A simulator's webhook deliveries as a provider makes them: queued per key (a bot, a channel) and sent one
 * after another, each tried again with a doubling delay until a 2xx answer or `retry.attempts` tries. A
 * delivery's `prepare(attempt)` gives the body of that try and how to post it, or null when there is no
 * webhook any more (the delivery stops).
 */
export function createRetryingDeliveries(options: {
  retry: { attempts: number; baseDelayMs: number };
  isClosed: () => boolean;
  /** A delivery whose every try failed (the provider's "lost" message), with the body of its last try. */
  onGiveUp?: (key: string, raw: string) => void;
}) {
  const chains = new Map<string, Promise<void>>();
  const delivered: { key: string; raw: string; attempts: number }[] = [];
  const stats = { webhookAttempts: 0, webhookRetries: 0 };
  let pending = 0;

  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

  type Prepare = (attempt: number) => { raw: string; post: () => Promise<number> } | null;

  async function deliver(key: string, prepare: Prepare): Promise<void> {
    let last: string | null = null;
    for (let attempt = 1; attempt <= options.retry.attempts && !options.isClosed(); attempt++) {
      const prepared = prepare(attempt);
      if (!prepared) return;
      stats.webhookAttempts++;
      if (attempt > 1) stats.webhookRetries++;
      last = prepared.raw;
      const status = await prepared.post().catch(() => 0);
      if (status >= 200 && status < 300) {
        delivered.push({ key, raw: prepared.raw, attempts: attempt });
        if (delivered.length > 2000) delivered.splice(0, 1000);
        return;
      }
      if (attempt < options.retry.attempts) await sleep(options.retry.baseDelayMs * 2 ** (attempt - 1));
    }
    if (last !== null && !options.isClosed()) options.onGiveUp?.(key, last);
  }

  return {
    /** Queues a delivery behind the key's earlier ones. */
    enqueue(key: string, prepare: Prepare) {
      pending++;
      const next = (chains.get(key) ?? Promise.resolve())
        .then(() => deliver(key, prepare))
        .finally(() => {
          pending--;
        });
      chains.set(key, next);
    },
    pending: () => pending,
    delivered: () => delivered.slice(),
    stats: () => ({ ...stats }),
  };
}
