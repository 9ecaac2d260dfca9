import { describe, expect, it } from 'vitest';
import { parseViberDelivery, viberEventsOf } from './inbound-parse.js';
import { parseViberJson, viberApiResultOf } from './viber-api.js';

const delivery = (raw: unknown) => ({ id: 'd', clientId: 'c', channelAccountId: 'a', raw });
const now = new Date('2026-11-26T00:00:00Z');

describe('parseViberJson', () => {
  it('keeps 64-bit message tokens exact, and leaves the same words inside a text alone', () => {
    const text = '{"message_token":5200000000000000001,"message":{"text":"\\"message_token\\":1"}}';
    expect(parseViberJson(text)).toEqual({
      message_token: '5200000000000000001',
      message: { text: '"message_token":1' },
    });
  });
});

describe('viberEventsOf', () => {
  it.each([
    ['the webhook check: no event', { event: 'webhook', message_token: '1' }, []],
    ['a message under its event and token', { event: 'message', message_token: '7' }, ['message:7']],
    [
      'a delivered receipt apart from the message',
      { event: 'delivered', message_token: '7' },
      ['delivered:7'],
    ],
  ])('%s', (_name, body, keys) => {
    expect(viberEventsOf(body)?.map((e) => e.key)).toEqual(keys);
  });

  it.each([[null], ['text'], [{ message_token: '1' }], [{ event: 'message' }]])('%j: not Viber’s', (body) => {
    expect(viberEventsOf(body)).toBeNull();
  });
});

describe('parseViberDelivery', () => {
  const sender = { id: 'u1==', name: 'Ani' };
  it.each([
    ['text', { type: 'text', text: 'halo' }, { type: 'text', text: 'halo' }],
    [
      'picture with caption',
      { type: 'picture', text: 'foto', media: 'https://x/p.jpg' },
      { type: 'image', text: 'foto' },
    ],
    ['video', { type: 'video', media: 'https://x/v.mp4', size: 9 }, { type: 'video' }],
    ['file', { type: 'file', media: 'https://x/f', file_name: 'a.pdf', size: 3 }, { type: 'document' }],
    ['url', { type: 'url', media: 'https://toko.id' }, { type: 'text', text: 'https://toko.id' }],
    ['location', { type: 'location', location: { lat: -6.2, lon: 106.8 } }, { type: 'location' }],
    ['rich media', { type: 'rich_media' }, { type: 'unsupported' }],
  ])('a %s message', (_name, message, expected) => {
    const parsed = parseViberDelivery(
      delivery({ event: 'message', message_token: '9', timestamp: 1_700_000_000_000, sender, message }),
      now,
    );
    expect(parsed.messages).toHaveLength(1);
    expect(parsed.messages[0]).toMatchObject({
      channel: 'VBR',
      providerMessageId: '9',
      sender: { externalId: 'u1==', name: 'Ani' },
      at: new Date(1_700_000_000_000),
      ...expected,
    });
  });

  it.each([
    ['delivered', 'delivered', null],
    ['seen', 'read', null],
    ['failed', 'failed', { code: 'viber.failed', message: 'no suitable device' }],
  ])('%s becomes the status %s of the business message', (event, status, error) => {
    const parsed = parseViberDelivery(
      delivery({ event, message_token: '11', user_id: 'u1==', desc: 'no suitable device' }),
      now,
    );
    expect(parsed.statuses.map((s) => s.status)).toEqual([
      { clientId: 'c', channelAccountId: 'a', ref: { providerMessageId: '11' }, status, error },
    ]);
  });

  it.each(['subscribed', 'unsubscribed', 'conversation_started'])(
    '%s carries nothing for the inbox',
    (event) => {
      const parsed = parseViberDelivery(delivery({ event, message_token: '12', user: sender }), now);
      expect([parsed.messages, parsed.statuses]).toEqual([[], []]);
    },
  );
});

describe('viberApiResultOf', () => {
  it.each([
    [200, '{"status":0,"status_message":"ok","message_token":5741311803571721087}', { ok: true }],
    [
      200,
      '{"status":6,"status_message":"receiverNotSubscribed"}',
      { ok: false, retryable: false, status: 6, description: 'receiverNotSubscribed' },
    ],
    [200, '{"status":12,"status_message":"tooManyRequests"}', { ok: false, retryable: true, status: 12 }],
    [503, 'busy', { ok: false, retryable: true, status: 503, description: 'HTTP 503' }],
  ])('HTTP %i %s', (http, text, expected) => {
    expect(viberApiResultOf(http, text)).toMatchObject(expected);
  });

  it('keeps the sent message token exact', () => {
    const result = viberApiResultOf<{ message_token: string }>(
      200,
      '{"status":0,"message_token":5741311803571721087}',
    );
    expect(result.ok && result.value.message_token).toBe('5741311803571721087');
  });
});
