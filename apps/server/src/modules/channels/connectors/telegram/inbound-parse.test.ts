import { describe, expect, it } from 'vitest';
import { botApiResultOf } from './bot-api.js';
import { parseTelegramDelivery, telegramEventKey, telegramMessageNumber } from './inbound-parse.js';
import { newWebhookSecret, validTelegramSecret } from './webhook-secret.js';

const now = new Date('2026-11-26T03:00:00Z');
const delivery = (raw: unknown) => ({ id: 'e1', clientId: 'c1', channelAccountId: 'a1', raw });
const from = { id: 1111111, is_bot: false, first_name: 'Ann', last_name: 'Lee', username: 'annlee' };
const chat = { id: 1111111, type: 'private', first_name: 'Ann' };
const message = (extra: Record<string, unknown>) => ({
  update_id: 10000,
  message: { message_id: 1365, from, chat, date: 1_764_126_000, ...extra },
});

describe('Telegram updates → inbound messages (reference §2)', () => {
  it('reads a text message: the sender is the Telegram user id, named from first and last name', () => {
    const [m] = parseTelegramDelivery(delivery(message({ text: 'hello' })), now).messages;
    expect(m).toMatchObject({
      channel: 'TLG',
      channelAccountId: 'a1',
      sender: { externalId: '1111111', name: 'Ann Lee' },
      providerMessageId: '1111111:1365',
      type: 'text',
      text: 'hello',
      replyToProviderId: null,
    });
    expect(m?.at).toEqual(new Date(1_764_126_000 * 1000));
  });

  it('names a user without a name by the username, and keeps the quoted message', () => {
    const raw = message({ text: 'x', from: { id: 7, is_bot: false, first_name: ' ', username: 'budi' } });
    raw.message.chat = { id: 7, type: 'private', first_name: '' };
    (raw.message as Record<string, unknown>).reply_to_message = { message_id: 12 };
    const [m] = parseTelegramDelivery(delivery(raw), now).messages;
    expect(m).toMatchObject({ sender: { externalId: '7', name: '@budi' }, replyToProviderId: '7:12' });
  });

  it('reads the largest photo size with its caption, and a document with its name and type', () => {
    const photo = [
      { file_id: 'small', file_unique_id: 's', width: 90, height: 90, file_size: 100 },
      { file_id: 'large', file_unique_id: 'l', width: 800, height: 800, file_size: 9000 },
    ];
    const [p] = parseTelegramDelivery(delivery(message({ photo, caption: 'this one' })), now).messages;
    expect(p).toMatchObject({
      type: 'image',
      text: 'this one',
      payload: { fileId: 'large', mime: 'image/jpeg' },
    });
    const document = {
      file_id: 'doc',
      file_unique_id: 'd',
      file_name: 'faktur.pdf',
      mime_type: 'application/pdf',
    };
    const [d] = parseTelegramDelivery(delivery(message({ document })), now).messages;
    expect(d).toMatchObject({
      type: 'document',
      text: null,
      payload: { fileId: 'doc', filename: 'faktur.pdf', mime: 'application/pdf' },
    });
  });

  it('ignores what is not a person writing in a private chat: bots, groups, edits, junk', () => {
    for (const raw of [
      message({ text: 'x', from: { ...from, is_bot: true } }),
      message({ text: 'x', chat: { id: -100, type: 'group' } }),
      { update_id: 1, edited_message: { message_id: 1, from, chat, text: 'x' } },
      { update_id: 1 },
      null,
      'text',
    ])
      expect(parseTelegramDelivery(delivery(raw), now).messages).toEqual([]);
  });

  it('does not let a clock in the future move the message time', () => {
    const [m] = parseTelegramDelivery(delivery(message({ text: 'x', date: 4_000_000_000 })), now).messages;
    expect(m?.at).toEqual(now);
  });

  it('keys a delivery by its update_id, and reads message numbers back from provider ids', () => {
    expect(telegramEventKey({ update_id: 10000 })).toBe('update:10000');
    expect(telegramEventKey({ update_id: '10000' })).toBeNull();
    expect(telegramEventKey(null)).toBeNull();
    expect(telegramMessageNumber('1111111:1365')).toBe(1365);
    expect(telegramMessageNumber('wamid.x')).toBeNull();
    expect(telegramMessageNumber(null)).toBeNull();
  });
});

describe('the secret token header', () => {
  it('accepts only the exact secret, in constant time', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(validTelegramSecret(secret, secret)).toBe(true);
    expect(validTelegramSecret(secret, `${secret}x`)).toBe(false);
    expect(validTelegramSecret(secret, secret.slice(1))).toBe(false);
    expect(validTelegramSecret(secret, undefined)).toBe(false);
    expect(validTelegramSecret(secret, [secret])).toBe(false);
    expect(validTelegramSecret('', '')).toBe(false);
  });
});

describe('Bot API answers', () => {
  it('classifies 429 with retry_after as retryable after that long, 403 as final, 5xx as retryable', () => {
    const tooMany = botApiResultOf(
      429,
      '{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 35","parameters":{"retry_after":35}}',
    );
    expect(tooMany).toEqual({
      ok: false,
      retryable: true,
      code: 429,
      description: 'Too Many Requests: retry after 35',
      retryAfterMs: 35_000,
    });
    const blocked = botApiResultOf(
      403,
      '{"ok":false,"error_code":403,"description":"Forbidden: bot was blocked by the user"}',
    );
    expect(blocked).toMatchObject({ ok: false, retryable: false, code: 403, retryAfterMs: null });
    expect(botApiResultOf(502, 'Bad Gateway')).toMatchObject({
      ok: false,
      retryable: true,
      description: 'HTTP 502',
    });
    expect(botApiResultOf(200, '{"ok":true,"result":{"message_id":5}}')).toEqual({
      ok: true,
      value: { message_id: 5 },
    });
  });
});
