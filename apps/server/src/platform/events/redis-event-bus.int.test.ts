import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventBus } from './event-bus.js';
import { createRedisEventBus } from './redis-event-bus.js';

/** The machine's Redis; a prefix of its own keeps parallel test files and running servers apart. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `sapa-test-${randomBytes(4).toString('hex')}:`;
const buses: EventBus[] = [];
const bus = () => {
  const b = createRedisEventBus({ url: REDIS_URL, prefix });
  buses.push(b);
  return b;
};
afterAll(async () => {
  await Promise.all(buses.map((b) => b.close()));
});

/** Collects a topic's payloads; `until(n)` resolves once n have arrived. */
function collect(b: EventBus, topic: string) {
  const got: unknown[] = [];
  let wake = () => {};
  b.subscribe(topic, (p) => {
    got.push(p);
    wake();
  });
  return {
    got,
    until: (n: number, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${got.length} of ${n} events`)), timeoutMs);
        const check = () => {
          if (got.length >= n) {
            clearTimeout(timer);
            resolve();
          }
        };
        wake = check;
        check();
      }),
  };
}

describe('Redis event bus (fan-out between api processes)', () => {
  it("delivers each event exactly once to every instance's subscribers, the publisher's own included", async () => {
    const one = bus();
    const two = bus();
    const atOne = collect(one, 'realtime');
    const atTwo = collect(two, 'realtime');
    const otherTopic = collect(two, 'session.revoked');
    await Promise.all([one.ready(), two.ready()]);

    await one.publish('realtime', { n: 1, from: 'one' });
    await two.publish('realtime', { n: 2, from: 'two', nested: { list: [1, 'x', null] } });
    await one.publish('realtime', { n: 3, from: 'one' });
    // A marker after the events: once it is in, any duplicate would have arrived before it.
    await two.publish('realtime', { n: 4, marker: true });
    await Promise.all([atOne.until(4), atTwo.until(4)]);

    const expected = [
      { n: 1, from: 'one' },
      { n: 2, from: 'two', nested: { list: [1, 'x', null] } },
      { n: 3, from: 'one' },
      { n: 4, marker: true },
    ];
    expect(atOne.got).toEqual(expected);
    expect(atTwo.got).toEqual(expected);
    expect(otherTopic.got).toEqual([]);
  });

  it('stops delivering after unsubscribe and keeps other subscribers of the topic', async () => {
    const one = bus();
    const two = bus();
    const kept = collect(two, 'identity.changed');
    const dropped: unknown[] = [];
    const unsubscribe = two.subscribe('identity.changed', (p) => dropped.push(p));
    await Promise.all([one.ready(), two.ready()]);
    await one.publish('identity.changed', { n: 1 });
    await kept.until(1);
    unsubscribe();
    await one.publish('identity.changed', { n: 2 });
    await kept.until(2);
    expect(dropped).toEqual([{ n: 1 }]);
  });

  it('refuses to publish after close', async () => {
    const one = bus();
    await one.close();
    await expect(one.publish('realtime', {})).rejects.toThrow('closed');
  });
});
