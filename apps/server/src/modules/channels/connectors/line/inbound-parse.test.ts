import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lineEventsOf, parseLineDelivery } from './inbound-parse.js';
import { lineApiResultOf } from './messaging-api.js';
import { validLineSignature } from './webhook-signature.js';

const now = new Date('2026-11-26T03:00:00Z');
const delivery = (raw: unknown) => ({ id: 'e1', clientId: 'c1', channelAccountId: 'a1', raw });
const event = (message: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'message',
  mode: 'active',
  timestamp: 1_764_126_000_000,
  webhookEventId: `01FZ74A0TDDPYRVKNK77XKC3Z${String(message.id ?? 'R').slice(-1)}`,
  deliveryContext: { isRedelivery: false },
  replyToken: 'nHuyWiB7yP5Zw52FIkcQobQuGDXCTA',
  source: { type: 'user', userId: 'U4af4980629aaaaaaaaaaaaaaaaaaaaaa' },
  message,
  ...extra,
});
const body = (...events: unknown[]) => ({ destination: 'Ubot', events });
const parse = (...events: unknown[]) => parseLineDelivery(delivery(body(...events)), now).messages;

describe('LINE x-line-signature (reference §3)', () => {
  const secret = '0123456789abcdef0123456789abcdef';
  const raw = Buffer.from(JSON.stringify(body()));
  const signed = createHmac('sha256', secret).update(raw).digest('base64');

  it('accepts the base64 HMAC-SHA256 of the raw body with the channel secret', () => {
    expect(validLineSignature(raw, secret, signed)).toBe(true);
  });

  it('refuses a missing, wrong, hex or other-secret signature, and any signature without a secret', () => {
    expect(validLineSignature(raw, secret, undefined)).toBe(false);
    expect(validLineSignature(raw, secret, '')).toBe(false);
    expect(validLineSignature(raw, secret, `${signed.slice(0, -2)}AA`)).toBe(false);
    expect(validLineSignature(raw, secret, createHmac('sha256', secret).update(raw).digest('hex'))).toBe(
      false,
    );
    expect(validLineSignature(raw, 'f'.repeat(32), signed)).toBe(false);
    expect(validLineSignature(Buffer.concat([raw, Buffer.from(' ')]), secret, signed)).toBe(false);
    expect(validLineSignature(raw, '', signed)).toBe(false);
  });
});

describe('LINE deliveries → events → inbound messages', () => {
  it('splits a delivery into its events, each keyed by its webhookEventId; an empty one has none', () => {
    const a = event({ id: '1', type: 'text', text: 'a' });
    const b = event({ id: '2', type: 'text', text: 'b' });
    const split = lineEventsOf(body(a, b));
    expect(split?.map((e) => e.key)).toEqual([`event:${a.webhookEventId}`, `event:${b.webhookEventId}`]);
    expect(split?.[1]?.body).toEqual({ destination: 'Ubot', events: [b] });
    expect(lineEventsOf(body())).toEqual([]);
    expect(lineEventsOf({ destination: 'U' })).toBeNull();
    expect(lineEventsOf(null)).toBeNull();
  });

  it('keys an event without a webhookEventId by its content', () => {
    const e = event({ id: '1', type: 'text', text: 'a' }, { webhookEventId: undefined });
    const [first] = lineEventsOf(body(e)) ?? [];
    expect(first?.key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(lineEventsOf(body(e))?.[0]?.key).toBe(first?.key);
  });

  it('reads a text message: the sender is the LINE user id; the reply token is kept for the reply', () => {
    const [m] = parse(event({ id: '444573844083572737', type: 'text', text: 'Hello', quoteToken: 'q' }));
    expect(m).toMatchObject({
      channel: 'LNE',
      channelAccountId: 'a1',
      sender: { externalId: 'U4af4980629aaaaaaaaaaaaaaaaaaaaaa', name: null },
      providerMessageId: '444573844083572737',
      type: 'text',
      text: 'Hello',
      payload: {
        quoteToken: 'q',
        replyToken: 'nHuyWiB7yP5Zw52FIkcQobQuGDXCTA',
        replyTokenAt: 1_764_126_000_000,
      },
      replyToProviderId: null,
    });
    expect(m?.at).toEqual(new Date(1_764_126_000_000));
  });

  it('reads image, video, audio and file messages as media whose bytes are still at LINE', () => {
    const messages = parse(
      event({ id: '11', type: 'image', contentProvider: { type: 'line' } }),
      event({ id: '12', type: 'video', duration: 3000, contentProvider: { type: 'line' } }),
      event({ id: '13', type: 'audio', duration: 2000, contentProvider: { type: 'line' } }),
      event({ id: '14', type: 'file', fileName: 'nota.pdf', fileSize: 2048 }),
    );
    expect(messages.map((m) => [m.type, m.payload?.lineContentId])).toEqual([
      ['image', '11'],
      ['video', '12'],
      ['audio', '13'],
      ['document', '14'],
    ]);
    expect(messages[3]?.payload).toMatchObject({ filename: 'nota.pdf', size: 2048 });
  });

  it('keeps the link of media sent from elsewhere (contentProvider external) instead of a download', () => {
    const [m] = parse(
      event({
        id: '15',
        type: 'image',
        contentProvider: { type: 'external', originalContentUrl: 'https://x/y.jpg' },
      }),
    );
    expect(m?.payload).toMatchObject({ externalUrl: 'https://x/y.jpg' });
    expect(m?.payload?.lineContentId).toBeUndefined();
  });

  it('reads a sticker and a location', () => {
    const [sticker, location] = parse(
      event({ id: '21', type: 'sticker', packageId: '446', stickerId: '1988', keywords: ['Happy'] }),
      event({
        id: '22',
        type: 'location',
        title: 'Toko',
        address: 'Jl. Sudirman',
        latitude: -6.2,
        longitude: 106.8,
      }),
    );
    expect(sticker).toMatchObject({
      type: 'sticker',
      text: 'Happy',
      payload: { packageId: '446', stickerId: '1988' },
    });
    expect(location).toMatchObject({
      type: 'location',
      text: 'Toko — Jl. Sudirman',
      payload: { latitude: -6.2, longitude: 106.8 },
    });
  });

  it('reads every message of a delivery; follow, unfollow, group, standby and odd events make none', () => {
    const messages = parse(
      event({ id: '31', type: 'text', text: 'one' }),
      { type: 'follow', source: { type: 'user', userId: 'U1' }, replyToken: 'r', webhookEventId: 'F' },
      { type: 'unfollow', source: { type: 'user', userId: 'U1' }, webhookEventId: 'G' },
      event(
        { id: '32', type: 'text', text: 'group' },
        { source: { type: 'group', groupId: 'C1', userId: 'U1' } },
      ),
      event({ id: '33', type: 'text', text: 'standby' }, { mode: 'standby' }),
      event({ id: '', type: 'text', text: 'no id' }),
      null,
      'junk',
      event({ id: '34', type: 'text', text: 'two' }),
    );
    expect(messages.map((m) => m.text)).toEqual(['one', 'two']);
    expect(parseLineDelivery(delivery({ nothing: true }), now).messages).toEqual([]);
    expect(parseLineDelivery(delivery(null), now).messages).toEqual([]);
  });

  it('never dates a message in the future', () => {
    const [m] = parse(event({ id: '41', type: 'text', text: 'x' }, { timestamp: now.getTime() + 3_600_000 }));
    expect(m?.at).toEqual(now);
  });
});

describe('Messaging API answers', () => {
  it('classifies 429 and 5xx as retryable with the provider message, 400 as final', () => {
    expect(lineApiResultOf(200, '{"sentMessages":[{"id":"1"}]}')).toEqual({
      ok: true,
      value: { sentMessages: [{ id: '1' }] },
    });
    expect(lineApiResultOf(429, '{"message":"The API rate limit has been exceeded."}')).toMatchObject({
      ok: false,
      retryable: true,
      status: 429,
      description: 'The API rate limit has been exceeded.',
    });
    expect(lineApiResultOf(502, '')).toMatchObject({ ok: false, retryable: true, description: 'HTTP 502' });
    expect(
      lineApiResultOf(
        400,
        '{"message":"The request body has 1 error(s)","details":[{"message":"May not be empty","property":"messages[0].text"}]}',
      ),
    ).toMatchObject({
      ok: false,
      retryable: false,
      description: 'The request body has 1 error(s) — messages[0].text: May not be empty',
    });
  });
});
