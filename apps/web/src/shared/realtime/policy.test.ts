import { REALTIME_RECONNECT } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import {
  backoffSchedule,
  nextStep,
  randomMinDelay,
  realtimeUrl,
  retriesAfterUptime,
  retryDelay,
} from './policy';

describe('real-time reconnect policy (000 §4, §9)', () => {
  it('draws the minimum delay between 1 and 5 s', () => {
    expect(randomMinDelay(() => 0)).toBe(1_000);
    expect(randomMinDelay(() => 0.5)).toBe(3_000);
    expect(randomMinDelay(() => 0.999999)).toBe(5_000);
  });

  it('grows the delay by 1.3 up to 10 s, over 10 retries', () => {
    const schedule = backoffSchedule(1_000);
    expect(schedule).toHaveLength(10);
    expect(schedule[0]).toBe(1_000);
    expect(schedule[1]).toBeCloseTo(1_300);
    expect(schedule[2]).toBeCloseTo(1_690);
    expect(schedule[8]).toBeCloseTo(1_000 * 1.3 ** 8); // 8157.3
    expect(schedule[9]).toBe(10_000); // 10604 capped
    for (let i = 1; i < schedule.length; i++)
      expect(schedule[i]).toBeGreaterThanOrEqual(schedule[i - 1] ?? 0);
  });

  it('caps early when the minimum delay is 5 s', () => {
    expect(backoffSchedule(5_000).slice(0, 4)).toEqual([5_000, 6_500, 8_450, 10_000]);
    expect(retryDelay(10, 5_000)).toBe(REALTIME_RECONNECT.maxDelayMs);
  });

  it('resets retries after 5 s of uptime only', () => {
    expect(retriesAfterUptime(7, 4_999)).toBe(7);
    expect(retriesAfterUptime(7, 5_000)).toBe(0);
  });

  it('retries a failed attempt with back-off and gives up after 10 retries', () => {
    let retries = 0;
    const delays: number[] = [];
    for (;;) {
      const step = nextStep({ retries, uptimeMs: null, hasToken: true }, 2_000);
      if (step.kind !== 'reconnect') {
        expect(step.kind).toBe('give-up');
        break;
      }
      delays.push(step.delayMs);
      retries = step.retries;
    }
    expect(delays).toEqual(backoffSchedule(2_000));
  });

  it('a connection that closes before 5 s of uptime counts as a failed attempt', () => {
    expect(nextStep({ retries: 3, uptimeMs: 4_000, hasToken: true }, 1_000)).toEqual({
      kind: 'reconnect',
      delayMs: retryDelay(4, 1_000),
      retries: 4,
    });
  });

  it('reconnects after 1 s with fresh retries when a healthy connection closes', () => {
    expect(nextStep({ retries: 9, uptimeMs: 60_000, hasToken: true }, 1_000)).toEqual({
      kind: 'reconnect',
      delayMs: 1_000,
      retries: 0,
    });
  });

  it('stays closed without a token', () => {
    expect(nextStep({ retries: 0, uptimeMs: 60_000, hasToken: false }, 1_000)).toEqual({ kind: 'stop' });
  });

  it('builds a same-origin ws or wss URL with the token', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'app.sapa.id' }, '/ws/chat', 'a b')).toBe(
      'wss://app.sapa.id/ws/chat?token=a%20b',
    );
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' }, '/ws/chat', 't')).toBe(
      'ws://localhost:5173/ws/chat?token=t',
    );
  });
});
