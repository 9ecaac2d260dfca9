import { describe, expect, it } from 'vitest';
import { realtimeClientIdOf } from '../realtime/realtime-events.js';
import { channelOf, REDIS_CHANNEL_PREFIX, topicOf } from './redis-event-bus.js';

describe('Redis channel names', () => {
  it("prefixes topics with 'sapa:' and maps channels back", () => {
    expect(REDIS_CHANNEL_PREFIX).toBe('sapa:');
    expect(channelOf('realtime')).toBe('sapa:realtime');
    expect(topicOf('sapa:session.revoked')).toBe('session.revoked');
    expect(topicOf(channelOf('a:b', 't:'), 't:')).toBe('a:b');
    expect(topicOf('other:realtime')).toBeNull();
  });
});

describe('realtimeClientIdOf', () => {
  it('reads the clientId of an event payload, null when it has none', () => {
    expect(realtimeClientIdOf({ type: 'ticket.updated', clientId: 'c1' })).toBe('c1');
    for (const p of [null, undefined, 'x', 1, {}, { clientId: '' }, { clientId: 5 }])
      expect(realtimeClientIdOf(p)).toBeNull();
  });
});
