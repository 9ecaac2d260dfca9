import { describe, expect, it } from 'vitest';
import { failureOf, normaliseMessage } from './inbound-normalise.js';

describe('normaliseMessage', () => {
  it('maps every WhatsApp message type to a Sapa message', () => {
    expect(normaliseMessage({ type: 'text', text: { body: 'Halo' } })).toEqual({
      type: 'text',
      text: 'Halo',
      payload: null,
    });
    expect(
      normaliseMessage({
        type: 'document',
        document: { id: '77', mime_type: 'application/pdf', filename: 'a.pdf', caption: 'nota' },
      }),
    ).toMatchObject({ type: 'document', text: 'nota', payload: { mediaId: '77', filename: 'a.pdf' } });
    expect(normaliseMessage({ type: 'audio', audio: { id: '78', voice: true } }).payload).toMatchObject({
      mediaId: '78',
      voice: true,
    });
    expect(
      normaliseMessage({
        type: 'interactive',
        interactive: { type: 'list_reply', list_reply: { id: 'r1', title: 'Merah' } },
      }),
    ).toMatchObject({ type: 'interactive', text: 'Merah', payload: { kind: 'list_reply', id: 'r1' } });
    expect(normaliseMessage({ type: 'button', button: { payload: 'OK', text: 'Setuju' } })).toMatchObject({
      type: 'button',
      text: 'Setuju',
    });
    expect(
      normaliseMessage({ type: 'reaction', reaction: { message_id: 'wamid.x', emoji: '👍' } }),
    ).toMatchObject({ type: 'reaction', text: '👍', payload: { providerMessageId: 'wamid.x' } });
    expect(normaliseMessage({ type: 'contacts', contacts: [{ name: { formatted_name: 'A' } }] }).type).toBe(
      'contacts',
    );
    // An order without its order object is not one; a type Sapa does not read stays unsupported.
    expect(normaliseMessage({ type: 'order' })).toEqual({
      type: 'unsupported',
      text: null,
      payload: { originalType: 'order' },
    });
    expect(normaliseMessage({ type: 'order', order: {} }).type).toBe('unsupported');
    expect(normaliseMessage({ type: 'ephemeral' }).type).toBe('unsupported');
    expect(
      normaliseMessage({
        type: 'order',
        order: {
          catalog_id: '123',
          text: 'tanpa gula',
          product_items: [
            { product_retailer_id: 'KOPI-1', quantity: 2, item_price: 18000, currency: 'IDR' },
            { quantity: 1 },
          ],
        },
      }),
    ).toEqual({
      type: 'order',
      text: 'tanpa gula',
      payload: {
        catalogId: '123',
        text: 'tanpa gula',
        items: [{ retailerId: 'KOPI-1', quantity: 2, itemPrice: 18000, currency: 'IDR' }],
      },
    });
  });
});

describe('failureOf', () => {
  it('gives the spec reasons for 131047 and 131026 and the provider title otherwise', () => {
    expect(failureOf([{ code: 131047, title: 'Re-engagement message' }]).code).toBe('wa.reengagement');
    expect(failureOf([{ code: 131026, title: 'Undeliverable' }]).code).toBe('wa.undeliverable');
    expect(failureOf([{ code: 131000, title: 'Something went wrong' }])).toEqual({
      code: 'wa.failed',
      message: 'Not delivered: Something went wrong',
    });
  });
});
