import { REALTIME_RECONNECT } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { pickLanguage } from './i18n.js';
import { RECONNECT, reconnectDelay } from './reconnect.js';

describe('widget reconnect back-off', () => {
  it('uses the same constants as the contracts', () => {
    for (const [key, value] of Object.entries(RECONNECT))
      expect(value).toEqual(REALTIME_RECONNECT[key as keyof typeof REALTIME_RECONNECT]);
  });
  it.each([
    [0, 0, 1_000],
    [0, 1, 5_000],
    [1, 0, 1_300],
    [2, 0, 1_690],
    [9, 1, 10_000],
  ])('attempt %i with random %f waits %i ms', (attempt, random, ms) => {
    expect(reconnectDelay(attempt, random)).toBe(ms);
  });
});

describe('widget language', () => {
  it.each([
    ['en-US', 'id-ID', 'en'],
    ['', 'en-GB', 'en'],
    ['fr', 'de', 'id'],
    [null, null, 'id'],
    ['id', 'en', 'id'],
  ] as const)('page %s, browser %s → %s', (page, browser, lang) => {
    expect(pickLanguage(page, browser)).toBe(lang);
  });
});
