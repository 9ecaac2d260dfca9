export type EventHandler = (payload: unknown) => void;

/**
 * Publish/subscribe between the parts of Sapa. The in-process bus serves one process; the Redis bus
 * (REDIS_URL, `redis-event-bus.ts`) fans events out between processes with the same interface.
 *
 * Delivery contract (both implementations): every subscriber of a topic, in every process sharing the
 * bus, receives each published event exactly once, including the publishing process's own subscribers.
 */
export interface EventBus {
  publish(topic: string, payload: unknown): Promise<void>;
  subscribe(topic: string, handler: EventHandler): () => void;
  /** Resolves once every subscription made so far is active (Redis: the SUBSCRIBE was acknowledged). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createInProcessEventBus(): EventBus {
  const handlers = new Map<string, Set<EventHandler>>();
  return {
    async publish(topic, payload) {
      for (const handler of handlers.get(topic) ?? []) handler(payload);
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
      }
      set.add(handler);
      return () => set.delete(handler);
    },
    async ready() {},
    async close() {
      handlers.clear();
    },
  };
}
