import { linePostbackData, tappedReplyOf } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { parseLineDelivery } from './line/inbound-parse.js';
import { parseMetaDelivery } from './meta-messaging/inbound-parse.js';
import { MESSENGER } from './meta-messaging/platform.js';
import { parseTelegramDelivery } from './telegram/inbound-parse.js';
import { parseViberDelivery, VIBER_REPLY_TRACKING } from './viber/inbound-parse.js';
import { normaliseMessage } from './whatsapp-cloud/inbound-normalise.js';

/**
 * A tap on a reply button in each provider's own inbound shape becomes the customer's answer: the option's
 * title as the text and `payload.reply` with its id (`tappedReplyOf`), which the chatbot and the survey read.
 */
const NOW = new Date('2026-11-26T06:00:00Z');
const delivery = (raw: unknown) => ({
  id: 'd1',
  clientId: 'c1',
  channelAccountId: 'a1',
  accountAddress: 'P1',
  raw,
});
const one = (messages: { text: string | null; payload?: unknown }[]) => {
  expect(messages).toHaveLength(1);
  return { text: messages[0]!.text, reply: tappedReplyOf(messages[0]!.payload) };
};

const telegramTap = (data: string, keyboard: { text: string; callback_data: string }[]) => ({
  update_id: 10,
  callback_query: {
    id: '4382bfdwdsb323b2d9',
    from: { id: 1111, is_bot: false, first_name: 'Ann' },
    message: {
      message_id: 7,
      from: { id: 9, is_bot: true, first_name: 'Toko' },
      chat: { id: 1111, type: 'private' },
      date: 1,
      text: 'Pilih',
      reply_markup: { inline_keyboard: keyboard.map((b) => [b]) },
    },
    chat_instance: '-1',
    data,
  },
});
const lineEvent = (data: string) => ({
  destination: 'Ubot',
  events: [
    {
      type: 'postback',
      mode: 'active',
      timestamp: NOW.getTime(),
      webhookEventId: '01FZ74A0TDDPYRVKNK77XKC3ZR',
      replyToken: 'b60d432864f44d079f6d8efe86cf404b',
      source: { type: 'user', userId: 'U4af4980629aaaaaaaaaaaaaaaaaaaaaa' },
      postback: { data },
    },
  ],
});
const metaMessage = (message: Record<string, unknown>) => ({
  object: 'page',
  entry: [
    {
      id: 'P1',
      time: 1,
      messaging: [{ sender: { id: '42' }, recipient: { id: 'P1' }, timestamp: 1, message }],
    },
  ],
});
const viberMessage = (text: string, tracking?: unknown) => ({
  event: 'message',
  timestamp: NOW.getTime(),
  message_token: '5100000000000000009',
  sender: { id: 'vbUser==', name: 'Dewi' },
  message: { type: 'text', text, ...(tracking ? { tracking_data: JSON.stringify(tracking) } : {}) },
});

describe('reply taps in each provider’s inbound shape', () => {
  it.each<[string, () => { text: string | null; reply: unknown }, string | null, unknown]>([
    [
      'WhatsApp interactive.button_reply',
      () => {
        const n = normaliseMessage({
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'survey:5', title: '😄 Puas' } },
        } as never);
        return { text: n.text, reply: tappedReplyOf(n.payload) };
      },
      '😄 Puas',
      { id: 'survey:5', title: '😄 Puas' },
    ],
    [
      'WhatsApp interactive.list_reply',
      () => {
        const n = normaliseMessage({
          type: 'interactive',
          interactive: { type: 'list_reply', list_reply: { id: 'menu:3', title: 'Ongkir' } },
        } as never);
        return { text: n.text, reply: tappedReplyOf(n.payload) };
      },
      'Ongkir',
      { id: 'menu:3', title: 'Ongkir' },
    ],
    [
      'Telegram callback_query: the button’s text found on the keyboard',
      () =>
        one(
          parseTelegramDelivery(
            delivery(
              telegramTap('reply:1', [
                { text: 'Ya', callback_data: 'reply:0' },
                { text: 'Tidak', callback_data: 'reply:1' },
              ]),
            ),
            NOW,
          ).messages,
        ),
      'Tidak',
      { id: 'reply:1', title: 'Tidak' },
    ],
    [
      'Telegram callback_query on a message without its keyboard: the data stands for the title',
      () => one(parseTelegramDelivery(delivery(telegramTap('reply:0', [])), NOW).messages),
      'reply:0',
      { id: 'reply:0', title: 'reply:0' },
    ],
    [
      'LINE postback with Sapa’s data',
      () =>
        one(
          parseLineDelivery(delivery(lineEvent(linePostbackData({ id: 'reply:2', title: 'Biru' }))), NOW)
            .messages,
        ),
      'Biru',
      { id: 'reply:2', title: 'Biru' },
    ],
    [
      'Messenger quick_reply',
      () =>
        one(
          parseMetaDelivery(MESSENGER)(
            delivery(metaMessage({ mid: 'm_1', text: 'L', quick_reply: { payload: 'reply:2' } })),
            NOW,
          ).messages,
        ),
      'L',
      { id: 'reply:2', title: 'L' },
    ],
    [
      'Viber reply with the tracking data Sapa sent',
      () =>
        one(
          parseViberDelivery(
            delivery(viberMessage('reply:1', { [VIBER_REPLY_TRACKING]: { 'reply:1': 'COD' } })),
            NOW,
          ).messages,
        ),
      'COD',
      { id: 'reply:1', title: 'COD' },
    ],
    [
      'Viber text that is no option of the tracking data stays typed text',
      () =>
        one(
          parseViberDelivery(
            delivery(viberMessage('halo', { [VIBER_REPLY_TRACKING]: { 'reply:1': 'COD' } })),
            NOW,
          ).messages,
        ),
      'halo',
      null,
    ],
    [
      'Messenger text without a quick reply stays typed text',
      () => one(parseMetaDelivery(MESSENGER)(delivery(metaMessage({ mid: 'm_2', text: 'L' })), NOW).messages),
      'L',
      null,
    ],
  ])('%s', (_, parse, text, reply) => {
    expect(parse()).toEqual({ text, reply });
  });

  it('a LINE postback Sapa did not send (another rich menu) and a Telegram tap in a group carry nothing', () => {
    expect(parseLineDelivery(delivery(lineEvent('action=buy&itemid=111')), NOW).messages).toEqual([]);
    const group = telegramTap('reply:0', []);
    group.callback_query.message.chat.type = 'group';
    expect(parseTelegramDelivery(delivery(group), NOW).messages).toEqual([]);
  });
});
