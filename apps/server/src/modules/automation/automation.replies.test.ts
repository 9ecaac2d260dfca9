import type { ChannelCode } from '@sapa/contracts';
import { chatbotReplyOf } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { chatbotMessageOf } from './automation.chatbot.js';
import { parseRating, surveyMessageOf } from './automation.engine.js';

const survey = { enabled: true, template: 'Puas?', thanks: 'Makasih', style: 'list' as const };

describe('the survey asks natively where the channel can (001 §3 survey rating)', () => {
  it.each<[string, ChannelCode, 'buttons' | 'list', string | null, number | null]>([
    ['WhatsApp, list setting: a list of 5', 'WAP', 'list', 'list', 5],
    ['WhatsApp, buttons setting: 3 reply buttons', 'WAP', 'buttons', 'buttons', 3],
    ['Telegram: 5 inline buttons', 'TLG', 'buttons', 'buttons', 5],
    ['LINE: 5 quick replies', 'LNE', 'list', 'buttons', 5],
    ['Instagram: 5 quick replies', 'IGM', 'list', 'buttons', 5],
    ['live chat: stars in the widget (no buttons, the question only)', 'LVC', 'list', null, null],
    ['email: the numbered text', 'EML', 'list', null, null],
  ])('%s', (_, channel, style, shown, count) => {
    const ask = surveyMessageOf(channel, { ...survey, style });
    const buttons = ask.replyButtons as { style: string; options: unknown[] } | null;
    expect(buttons?.style ?? null).toBe(shown);
    expect(buttons?.options.length ?? null).toBe(count);
    if (channel === 'EML') expect(ask.text).toContain('5 = ');
    else expect(ask.text).toBe('Puas?');
  });
});

describe('a rating in the customer’s answer', () => {
  it.each<[string, string | null, Record<string, unknown> | null, unknown]>([
    ['a typed number', '4', null, { rating: 4, comment: null }],
    ['a number and a comment', '5 cepat sekali', null, { rating: 5, comment: 'cepat sekali' }],
    [
      'a tapped button',
      '😄 Puas',
      { reply: { id: 'survey:5', title: '😄 Puas' } },
      { rating: 5, comment: null },
    ],
    [
      'a tapped star in the widget',
      '⭐⭐ 2/5',
      { reply: { id: 'survey:2', title: '⭐⭐ 2/5' } },
      { rating: 2, comment: null },
    ],
    ['a tapped option of something else', 'Ya', { reply: { id: 'reply:0', title: 'Ya' } }, null],
    ['a 6', '6', null, null],
    ['words', 'halo', null, null],
  ])('%s', (_, text, payload, rating) => {
    expect(parseRating(text, payload)).toEqual(rating);
  });
});

describe('a chatbot menu on each channel', () => {
  const node = (n: number) => ({
    id: 'start',
    kind: 'menu' as const,
    text: 'Pilih:',
    options: Array.from({ length: n }, (_, i) => ({ label: `Opsi ${i + 1}`, next: 'x' })),
    groupId: null,
  });
  it.each<[string, ChannelCode, number, string | null]>([
    ['WhatsApp, 3 options: reply buttons', 'WAP', 3, 'buttons'],
    ['WhatsApp, 7 options: a list', 'WAP', 7, 'list'],
    ['Messenger, 7 options: quick replies', 'MSG', 7, 'buttons'],
    ['Viber, 10 options: a keyboard', 'VBR', 10, 'buttons'],
    ['live chat: numbered text', 'LVC', 3, null],
  ])('%s', (_, channel, n, style) => {
    const message = chatbotMessageOf(channel, chatbotReplyOf(node(n)));
    expect((message.replyButtons as { style?: string } | null)?.style ?? null).toBe(style);
    expect(message.text).toBe(
      style ? 'Pilih:' : ['Pilih:', '', ...node(n).options.map((o, i) => `${i + 1}. ${o.label}`)].join('\n'),
    );
  });
});
