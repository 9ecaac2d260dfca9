export type EventHandler = (payload: unknown) => void;

/**
 * Publish/subscribe between the parts of Sapa. The in-process bus serves one process; a Redis bus
 * (REDIS_URL, the messages issue) fans events out between processes with the same interface.
 */
export interface EventBus {
  publish(topic: string, payload: unknown): Promise<void>;
  subscribe(topic: string, handler: EventHandler): () => void;
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
    async close() {
      handlers.clear();
    },
  };
}
