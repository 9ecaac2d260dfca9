import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { EventBus, EventHandler } from './event-bus.js';

export const REDIS_CHANNEL_PREFIX = 'sapa:';

/** The Redis channel of a bus topic, and back (null: a channel that is not one of ours). */
export function channelOf(topic: string, prefix = REDIS_CHANNEL_PREFIX): string {
  return `${prefix}${topic}`;
}
export function topicOf(channel: string, prefix = REDIS_CHANNEL_PREFIX): string | null {
  return channel.startsWith(prefix) ? channel.slice(prefix.length) : null;
}

/**
 * The EventBus across processes: Redis pub/sub with one connection publishing and one subscribed, JSON
 * payloads, channels `sapa:<topic>`.
 *
 * Exactly once per process: `publish` only sends to Redis; local subscribers receive the event when Redis
 * delivers it back on the subscribed connection, like every other process's subscribers — never also
 * directly. Redis pub/sub is at-most-once: an event published while a process is disconnected from Redis
 * is lost for that process (ioredis reconnects and resubscribes by itself; clients refetch on reconnect).
 * Publishing while the publisher is reconnecting waits in ioredis's offline queue.
 */
export function createRedisEventBus(options: {
  url: string;
  logger?: Logger;
  /** Channel prefix; `sapa:` unless a test isolates itself. */
  prefix?: string;
}): EventBus {
  const prefix = options.prefix ?? REDIS_CHANNEL_PREFIX;
  const log = options.logger;
  const connectionOptions = {
    // Reconnect forever with a capped back-off; commands wait in the offline queue meanwhile.
    retryStrategy: (times: number) => Math.min(times * 200, 5_000),
    maxRetriesPerRequest: null,
    connectionName: 'sapa-bus',
  };
  const pub = new Redis(options.url, connectionOptions);
  const sub = new Redis(options.url, connectionOptions);
  for (const [name, connection] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    connection.on('error', (err) => log?.warn({ err, connection: name }, 'redis event bus error'));
    connection.on('reconnecting', () => log?.info({ connection: name }, 'redis event bus reconnecting'));
  }

  const handlers = new Map<string, Set<EventHandler>>();
  /** SUBSCRIBE/UNSUBSCRIBE commands not yet acknowledged; `ready()` waits for them. */
  const pending = new Set<Promise<unknown>>();
  let closed = false;

  const track = (command: Promise<unknown>) => {
    const settled = command.then(
      () => undefined,
      (err) => log?.error({ err }, 'redis event bus (un)subscribe failed'),
    );
    pending.add(settled);
    void settled.finally(() => pending.delete(settled));
  };

  sub.on('message', (channel: string, message: string) => {
    const topic = topicOf(channel, prefix);
    const set = topic === null ? undefined : handlers.get(topic);
    if (!set || set.size === 0) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch (err) {
      log?.warn({ err, channel }, 'redis event bus: payload is not JSON');
      return;
    }
    for (const handler of [...set]) {
      try {
        handler(payload);
      } catch (err) {
        log?.error({ err, topic }, 'event handler failed');
      }
    }
  });

  return {
    async publish(topic, payload) {
      if (closed) throw new Error('event bus is closed');
      await pub.publish(channelOf(topic, prefix), JSON.stringify(payload));
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
        track(sub.subscribe(channelOf(topic, prefix)));
      }
      set.add(handler);
      const own = set;
      return () => {
        own.delete(handler);
        if (own.size === 0 && handlers.get(topic) === own && !closed) {
          handlers.delete(topic);
          track(sub.unsubscribe(channelOf(topic, prefix)));
        }
      };
    },
    async ready() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      await Promise.all(
        [pub, sub].map(async (connection) => {
          // QUIT when connected (flushes what is queued); a connection that is down is just dropped.
          if (connection.status !== 'ready') return connection.disconnect();
          await connection.quit().catch(() => connection.disconnect());
        }),
      );
    },
  };
}
