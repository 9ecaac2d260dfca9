import { describe, expect, it } from 'vitest';
import {
  CHAT_WINDOW_MS,
  chatExpiresAt,
  expiryGroups,
  HUMAN_AGENT_WINDOW_MS,
  type ReplyWindow,
  replyWindowOf,
} from './channels.js';
import type { ChannelCode } from './partner.js';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => NOW - ms;

describe('000 §4 reply window by the channel table (has-expiry, what an expired chat allows)', () => {
  it.each<[string, ChannelCode, number | null, boolean, ReplyWindow]>([
    ['WhatsApp, 1 hour after the customer wrote', 'WAP', ago(HOUR), false, 'open'],
    ['WhatsApp, exactly 24 hours', 'WAP', ago(CHAT_WINDOW_MS), false, 'open'],
    [
      'WhatsApp, 24 hours and 1 ms: follow-up template only',
      'WAP',
      ago(CHAT_WINDOW_MS + 1),
      false,
      'followUpTemplate',
    ],
    ['WhatsApp, 30 days', 'WAP', ago(30 * 24 * HOUR), false, 'followUpTemplate'],
    ['WhatsApp, the customer never wrote', 'WAP', null, false, 'followUpTemplate'],
    ['WhatsApp, marked expired', 'WAP', ago(HOUR), true, 'followUpTemplate'],
    ['Messenger, 23 hours', 'MSG', ago(23 * HOUR), false, 'open'],
    ['Messenger, 25 hours: HUMAN_AGENT tag', 'MSG', ago(25 * HOUR), false, 'humanAgentTag'],
    ['Messenger, exactly 7 days: still the tag', 'MSG', ago(HUMAN_AGENT_WINDOW_MS), false, 'humanAgentTag'],
    ['Messenger, 7 days and 1 ms: resolve', 'MSG', ago(HUMAN_AGENT_WINDOW_MS + 1), false, 'resolve'],
    ['Messenger, marked expired 2 days after', 'MSG', ago(48 * HOUR), true, 'humanAgentTag'],
    ['Instagram, 1 hour', 'IGM', ago(HOUR), false, 'open'],
    ['Instagram, 3 days: HUMAN_AGENT tag', 'IGM', ago(72 * HOUR), false, 'humanAgentTag'],
    ['Instagram, 8 days: resolve', 'IGM', ago(8 * 24 * HOUR), false, 'resolve'],
    ['Instagram, the customer never wrote', 'IGM', null, false, 'resolve'],
    ['Telegram (no expiry), 30 days', 'TLG', ago(30 * 24 * HOUR), false, 'open'],
    ['LINE (no expiry), never wrote', 'LNE', null, false, 'open'],
    ['Live chat (no expiry), 8 days', 'LVC', ago(8 * 24 * HOUR), false, 'open'],
    ['Email (no expiry), 8 days', 'EML', ago(8 * 24 * HOUR), false, 'open'],
  ])('%s → %s', (_name, channel, last, expired, window) => {
    expect(replyWindowOf(channel, { lastCustomerMessageAt: last, expired }, NOW)).toBe(window);
  });
});

describe('000 §4 a chat is expired exactly when its reply window leaves only a template or resolving', () => {
  it.each<[string, ChannelCode, number, boolean]>([
    ['WhatsApp, 24 hours', 'WAP', CHAT_WINDOW_MS, false],
    ['WhatsApp, 24 hours and 1 ms', 'WAP', CHAT_WINDOW_MS + 1, true],
    ['Messenger, 25 hours (tag)', 'MSG', 25 * HOUR, false],
    ['Messenger, 7 days', 'MSG', HUMAN_AGENT_WINDOW_MS, false],
    ['Messenger, 7 days and 1 ms', 'MSG', HUMAN_AGENT_WINDOW_MS + 1, true],
    ['Instagram, 3 days (tag)', 'IGM', 72 * HOUR, false],
    ['Instagram, 8 days', 'IGM', 8 * 24 * HOUR, true],
  ])('%s → expired %s', (_name, channel, since, expired) => {
    const expiresAt = chatExpiresAt(channel, ago(since));
    expect(expiresAt !== null && NOW > expiresAt).toBe(expired);
    const window = replyWindowOf(channel, { lastCustomerMessageAt: ago(since) }, NOW);
    expect(window === 'followUpTemplate' || window === 'resolve').toBe(expired);
  });

  it('channels without expiry, or a customer who never wrote, have no expiry instant', () => {
    expect(chatExpiresAt('TLG', ago(HOUR))).toBeNull();
    expect(chatExpiresAt('EML', ago(HOUR))).toBeNull();
    expect(chatExpiresAt('WAP', null)).toBeNull();
  });

  it('groups the channels with expiry by window: WhatsApp 24 h, Messenger and Instagram 7 days', () => {
    const groups = Object.fromEntries(expiryGroups().map((g) => [g.windowMs, g.channels]));
    expect(groups[CHAT_WINDOW_MS]).toContain('WAP');
    expect(groups[HUMAN_AGENT_WINDOW_MS]).toEqual(expect.arrayContaining(['MSG', 'IGM']));
    expect(groups[CHAT_WINDOW_MS]).not.toContain('MSG');
  });
});
