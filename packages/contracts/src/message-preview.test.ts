import { describe, expect, it } from 'vitest';
import { messagePreviewText } from './message-preview.js';

const order = (n: number, text: string | null = null) => ({
  type: 'order',
  text,
  payload: { catalogId: 'c1', text, items: Array.from({ length: n }, (_, i) => ({ retailerId: `r${i}` })) },
});

describe('messagePreviewText (a chat’s last-message line)', () => {
  it.each<[string, Parameters<typeof messagePreviewText>, string]>([
    ['plain text', [{ type: 'text', text: 'Halo kak' }], 'Halo kak'],
    ['an order of 3 products, Indonesian', [order(3)], '🛒 Pesanan (3 produk)'],
    ['an order of 3 products, English', [order(3), 'en'], '🛒 Order (3 products)'],
    ['an order of 1 product, English', [order(1), 'en'], '🛒 Order (1 product)'],
    ['an order with its note', [order(2, 'kirim besok')], '🛒 Pesanan (2 produk) kirim besok'],
    [
      'an order without readable items keeps its type',
      [{ type: 'order', text: null, payload: {} }],
      '[order]',
    ],
    ['a photo without caption', [{ type: 'image', text: null }], '[image]'],
    ['long text is cut at 200', [{ type: 'text', text: 'x'.repeat(250) }], 'x'.repeat(200)],
  ])('%s', (_name, args, expected) => expect(messagePreviewText(...args)).toBe(expected));
});
