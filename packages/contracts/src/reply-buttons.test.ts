import { describe, expect, it } from 'vitest';
import { CHANNELS } from './channels.js';
import type { ChannelCode } from './partner.js';
import {
  linePostbackData,
  linePostbackOption,
  numberedOptionsText,
  type ReplyButtonStyle,
  replyButtonRuleOf,
  replyButtonsIssues,
  replyButtonsOf,
  replyStyleFor,
  tappedReplyOf,
} from './reply-buttons.js';

const titles = (n: number, length = 5) =>
  Array.from({ length: n }, (_, i) => ({ title: `${i}`.padEnd(length, 'x') }));

describe('reply buttons follow the channel table and each provider’s limits', () => {
  it('every channel flagged with reply buttons has its limits, and no other channel has any', () => {
    for (const code of Object.keys(CHANNELS) as ChannelCode[])
      expect(replyButtonRuleOf(code) !== null, code).toBe(CHANNELS[code].hasReplyButton);
  });

  it.each<[string, ChannelCode, ReplyButtonStyle, { title: string }[], string[]]>([
    ['WhatsApp: 3 reply buttons of 20 characters', 'WAP', 'buttons', titles(3, 20), []],
    ['WhatsApp: a 4th reply button', 'WAP', 'buttons', titles(4), ['replyButtons.tooMany']],
    ['WhatsApp: a button title of 21', 'WAP', 'buttons', titles(1, 21), ['replyButtons.titleTooLong']],
    ['WhatsApp: a list of 10 rows of 24', 'WAP', 'list', titles(10, 24), []],
    ['WhatsApp: an 11th list row', 'WAP', 'list', titles(11), ['replyButtons.tooMany']],
    ['WhatsApp: a row title of 25', 'WAP', 'list', titles(1, 25), ['replyButtons.titleTooLong']],
    ['Messenger: 13 quick replies of 20', 'MSG', 'buttons', titles(13, 20), []],
    ['Messenger: a 14th quick reply', 'MSG', 'buttons', titles(14), ['replyButtons.tooMany']],
    ['Instagram: a title of 21', 'IGM', 'buttons', titles(1, 21), ['replyButtons.titleTooLong']],
    ['LINE: 13 quick reply items of 20', 'LNE', 'buttons', titles(13, 20), []],
    ['LINE: a 14th item', 'LNE', 'buttons', titles(14), ['replyButtons.tooMany']],
    ['LINE: a label of 21', 'LNE', 'buttons', titles(1, 21), ['replyButtons.titleTooLong']],
    ['Telegram: 10 buttons of 40', 'TLG', 'buttons', titles(10, 40), []],
    ['Telegram: an 11th button', 'TLG', 'buttons', titles(11), ['replyButtons.tooMany']],
    ['Telegram: no list', 'TLG', 'list', titles(2), ['replyButtons.styleNotAllowed']],
    ['Viber: 10 buttons', 'VBR', 'buttons', titles(10), []],
    ['live chat: none', 'LVC', 'buttons', titles(1), ['replyButtons.notAllowed']],
    ['email: none', 'EML', 'buttons', titles(1), ['replyButtons.notAllowed']],
    ['an empty choice', 'WAP', 'buttons', [{ title: ' ' }], ['replyButtons.titleRequired']],
    [
      'the same choice twice',
      'LNE',
      'buttons',
      [{ title: 'Ya' }, { title: 'ya' }],
      ['replyButtons.duplicate'],
    ],
    ['no choice', 'MSG', 'buttons', [], ['replyButtons.optionsRequired']],
    ['emoji count as one character', 'WAP', 'buttons', [{ title: '😄'.repeat(20) }], []],
  ])('%s', (_, channel, style, options, keys) => {
    expect(replyButtonsIssues(channel, { style, options }).map((i) => i.key)).toEqual(keys);
  });

  it('WhatsApp’s text above the buttons holds 1024 characters', () => {
    expect(replyButtonsIssues('WAP', { style: 'buttons', options: titles(2) }, 'x'.repeat(1024))).toEqual([]);
    expect(replyButtonsIssues('WAP', { style: 'buttons', options: titles(2) }, 'x'.repeat(1025))).toEqual([
      { path: ['text'], key: 'replyButtons.textTooLong' },
    ]);
    expect(replyButtonsIssues('MSG', { style: 'buttons', options: titles(2) }, 'x'.repeat(1025))).toEqual([]);
  });

  it('a list button text longer than 20 is refused', () => {
    const issues = replyButtonsIssues('WAP', {
      style: 'list',
      listLabel: 'x'.repeat(21),
      options: titles(4),
    });
    expect(issues).toEqual([{ path: ['listLabel'], key: 'replyButtons.listLabelTooLong' }]);
  });

  it.each<[string, ChannelCode, number, ReplyButtonStyle, ReplyButtonStyle | null]>([
    ['WhatsApp, 3 options: buttons', 'WAP', 3, 'buttons', 'buttons'],
    ['WhatsApp, 5 options: a list', 'WAP', 5, 'buttons', 'list'],
    ['WhatsApp, 3 options, a list preferred', 'WAP', 3, 'list', 'list'],
    ['WhatsApp, 11 options: numbered text', 'WAP', 11, 'buttons', null],
    ['LINE, 5 options: quick replies', 'LNE', 5, 'list', 'buttons'],
    ['live chat: numbered text', 'LVC', 2, 'buttons', null],
  ])('the style chosen for the chatbot and the survey: %s', (_, channel, n, preferred, style) => {
    expect(replyStyleFor(channel, titles(n), preferred)).toBe(style);
  });
});

describe('the options a message carries and the option a customer tapped', () => {
  it.each<[string, unknown, unknown]>([
    ['a stored set', { replyButtons: { style: 'list', options: [{ id: 'a', title: 'A' }] } }, 'list'],
    ['none', { automatic: 'survey' }, null],
    ['a broken set', { replyButtons: { style: 'grid', options: [] } }, null],
    ['no payload', null, null],
  ])('replyButtonsOf: %s', (_, payload, style) => {
    expect(replyButtonsOf(payload)?.style ?? null).toBe(style);
  });

  it.each<[string, unknown, unknown]>([
    ['a tap', { reply: { id: 'survey:4', title: 'Baik' } }, { id: 'survey:4', title: 'Baik' }],
    ['a tap without title', { reply: { id: 'survey:4' } }, null],
    ['text only', { quickReply: 'x' }, null],
    ['no payload', null, null],
  ])('tappedReplyOf: %s', (_, payload, reply) => {
    expect(tappedReplyOf(payload)).toEqual(reply);
  });

  it('a LINE postback carries the id and the title and reads back; another bot’s data is not a tap', () => {
    const data = linePostbackData({ id: 'menu:1', title: 'Harga & ongkir' });
    expect(data.length).toBeLessThanOrEqual(300);
    expect(linePostbackOption(data)).toEqual({ id: 'menu:1', title: 'Harga & ongkir' });
    expect(linePostbackOption('action=buy&itemid=111')).toBeNull();
  });

  it('numbered options under the text', () => {
    expect(numberedOptionsText('Pilih:', [{ title: 'A' }, { title: 'B' }])).toBe('Pilih:\n\n1. A\n2. B');
    expect(numberedOptionsText('Halo', [])).toBe('Halo');
  });
});
