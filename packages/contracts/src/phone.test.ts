import { describe, expect, it } from 'vitest';
import { translate } from './messages.js';
import { PHONE_RULES, type PhonePlace, parsePhone, phoneSchema } from './phone.js';

const ok = (phone: string) => ({ ok: true, phone });
const bad = (problem: string) => ({ ok: false, problem });

describe('001 §5/§9 one phone rule', () => {
  it.each<[PhonePlace, string, ReturnType<typeof ok> | ReturnType<typeof bad>]>([
    // Formatting is dropped; 08… becomes 628… everywhere.
    ['contact', '081234567890', ok('6281234567890')],
    ['contact', '+62 812-3456-7890', ok('6281234567890')],
    ['contact', '(0812) 3456.7890', ok('6281234567890')],
    ['contact', '+1 415 555 0100', ok('14155550100')],
    ['broadcast', '081234567890', ok('6281234567890')],
    ['newChat', '081234567890', ok('6281234567890')],
    ['account', '+6281234567890', ok('6281234567890')],
    // Digit limits as typed: 9-13, and 10-13 for broadcast recipients.
    ['contact', '628123456', ok('628123456')], // 9
    ['contact', '62812345', bad('phone.length')], // 8
    ['contact', '6281234567890', ok('6281234567890')], // 13
    ['contact', '62812345678901', bad('phone.length')], // 14
    ['newChat', '08123456', bad('newChat.phoneFormat')], // 8
    ['newChat', '081234567', ok('6281234567')], // 9
    ['newChat', '62812345678901', bad('newChat.phoneFormat')], // 14
    ['broadcast', '628123456', bad('broadcast.phoneLength')], // 9: the broadcast list needs 10
    ['broadcast', '6281234567', ok('6281234567')], // 10
    ['broadcast', '62812345678901', bad('broadcast.phoneLength')], // 14
    ['account', '08123456', bad('validation.phone')],
    // Characters.
    ['contact', '62812abc7890', bad('phone.characters')],
    ['contact', '', bad('phone.characters')],
    ['broadcast', '++6281234567890', bad('broadcast.phoneDigits')],
    ['newChat', '0812-abc', bad('newChat.phoneFormat')],
    // Format: a country code that does not exist, a double 0, a foreign number where only 628… goes.
    ['contact', '9991234567', bad('phone.format')],
    ['contact', '00812345678', bad('phone.format')],
    ['newChat', '14155550100', bad('newChat.phoneFormat')],
    ['newChat', '62211234567', bad('newChat.phoneFormat')], // a Jakarta landline, not WhatsApp mobile
    ['account', '14155550100', bad('validation.phone')],
  ])('%s %j → %j', (place, input, expected) => {
    expect(parsePhone(input, place)).toEqual(expected);
  });

  it('has the spec limits per place', () => {
    expect(PHONE_RULES.contact.digits).toEqual({ min: 9, max: 13 });
    expect(PHONE_RULES.newChat.digits).toEqual({ min: 9, max: 13 });
    expect(PHONE_RULES.account.digits).toEqual({ min: 9, max: 13 });
    expect(PHONE_RULES.broadcast.digits).toEqual({ min: 10, max: 13 });
  });

  it('translates every message a place can give', () => {
    for (const rule of Object.values(PHONE_RULES))
      for (const key of Object.values(rule.messages)) {
        expect(translate(key, 'en')).not.toBe(key);
        expect(translate(key, 'id')).not.toBe(translate(key, 'en'));
      }
  });

  it('as a zod field: the stored form, or the place message, or the required message', () => {
    const schema = phoneSchema('newChat', { requiredKey: 'newChat.phoneRequired' });
    expect(schema.parse('0812 3456 7890')).toBe('6281234567890');
    expect(schema.safeParse('12')?.error?.issues[0]?.message).toBe('newChat.phoneFormat');
    expect(schema.safeParse('  ')?.error?.issues[0]?.message).toBe('newChat.phoneRequired');
  });
});
