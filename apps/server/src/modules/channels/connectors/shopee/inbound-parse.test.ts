import { describe, expect, it } from 'vitest';
import { parseShopeeDelivery, shopeeEventKeyOf } from './inbound-parse.js';

const SHOP = 947042923;
const NOW = new Date('2026-11-29T02:00:00Z');

/** A webchat push as Shopee sends it (code 10), with this message content. */
const push = (content: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  msg_id: '',
  data: {
    type: 'message',
    region: 'ID',
    content: {
      message_id: '2302748948493123953',
      shop_id: 0,
      from_id: 165105353,
      from_user_name: 'pembeli.ani',
      to_id: 947151379,
      conversation_id: '709122092476686867',
      created_timestamp: 1795831200,
      ...content,
    },
  },
  shop_id: SHOP,
  code: 10,
  timestamp: 1795831201,
  ...extra,
});

const parse = (raw: unknown) =>
  parseShopeeDelivery({ id: 'e', clientId: 'c', channelAccountId: 'a', raw }, NOW).messages;

describe('Shopee webchat push → inbound message', () => {
  it.each([
    {
      case: 'text',
      content: { message_type: 'text', content: { text: 'Ready kak?' } },
      type: 'text',
      text: 'Ready kak?',
    },
    {
      case: 'photo (fetched later)',
      content: { message_type: 'image', content: { url: 'https://cf.shopee.co.id/file/abc' } },
      type: 'image',
      text: null,
      payload: { shopeeImageUrl: 'https://cf.shopee.co.id/file/abc' },
    },
    {
      case: 'sticker',
      content: { message_type: 'sticker', content: { sticker_id: '7', sticker_package_id: '1' } },
      type: 'sticker',
      text: null,
    },
    {
      case: 'product card',
      content: { message_type: 'item', content: { item_id: 123, shop_id: SHOP } },
      type: 'text',
      text: '[Product 123]',
      payload: { kind: 'product', itemId: 123 },
    },
    {
      case: 'order card',
      content: { message_type: 'order', content: { order_sn: '2411290ABC' } },
      type: 'text',
      text: '[Order 2411290ABC]',
      payload: { kind: 'order', orderSn: '2411290ABC' },
    },
    {
      case: 'unknown kind',
      content: { message_type: 'bundle_message', content: {} },
      type: 'unsupported',
      text: null,
      payload: { originalType: 'shopee:bundle_message' },
    },
  ])('$case', ({ content, type, text, payload }) => {
    const [m] = parse(push(content));
    expect(m).toMatchObject({
      channel: 'SHP',
      sender: { externalId: '165105353', name: 'pembeli.ani' },
      providerMessageId: '2302748948493123953',
      type,
      text,
      payload: { conversationId: '709122092476686867', ...payload },
      at: new Date(1795831200 * 1000),
    });
  });

  it.each([
    {
      case: "the shop's own message (Seller Centre, Sapa's sends)",
      raw: push({ shop_id: SHOP, message_type: 'text' }),
    },
    { case: 'another push code (order status)', raw: push({ message_type: 'text' }, { code: 3 }) },
    { case: 'no sender', raw: push({ from_id: undefined, message_type: 'text' }) },
    { case: 'not a push at all', raw: 'hello' },
  ])('carries nothing: $case', ({ raw }) => {
    expect(parse(raw)).toEqual([]);
  });

  it('keys a push by its message id (a redelivery with another timestamp is the same event)', () => {
    expect(shopeeEventKeyOf(push({ message_type: 'text' }))).toBe('msg:2302748948493123953');
    expect(shopeeEventKeyOf(push({ message_type: 'text' }, { timestamp: 1 }))).toBe(
      'msg:2302748948493123953',
    );
    expect(shopeeEventKeyOf({ code: 3, shop_id: SHOP, data: {} })).toBeNull();
  });

  it('never dates a message in the future (a skewed clock)', () => {
    const [m] = parse(push({ message_type: 'text', content: { text: 'x' }, created_timestamp: 4102444800 }));
    expect(m?.at).toEqual(NOW);
  });
});
