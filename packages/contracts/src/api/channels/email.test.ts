import { describe, expect, it } from 'vitest';
import { emailAttachmentsExceeded } from '../../attachments.js';
import { checkEmailAddressPart, emailAccountBody, emailAddressOf } from './email.js';

describe('email address part (001 §5: ≤ 40 characters, letters, hyphen, underscore and dot)', () => {
  it.each([
    ['halo', null],
    ['cs.toko-baju_id', null],
    ['a'.repeat(40), null],
    ['a'.repeat(41), 'email.addressPartMax'],
    ['', 'email.addressPartRequired'],
    ['halo1', 'email.addressPartInvalid'],
    ['ha lo', 'email.addressPartInvalid'],
    ['halo+x', 'email.addressPartInvalid'],
    ['halo@x', 'email.addressPartInvalid'],
    ['.halo', 'email.addressPartInvalid'],
    ['halo.', 'email.addressPartInvalid'],
    ['ha..lo', 'email.addressPartInvalid'],
    ['tokó', 'email.addressPartInvalid'],
  ])('%j → %s', (part, expected) => {
    expect(checkEmailAddressPart(part)).toBe(expected);
  });

  it('the partner prefix goes before the part; the address is lower case', () => {
    expect(emailAddressOf('kp-', 'Halo', 'Demo.Sapa.id')).toBe('kp-halo@demo.sapa.id');
    expect(emailAddressOf('', 'halo', 'demo.sapa.id')).toBe('halo@demo.sapa.id');
  });

  it('the create body refuses a bad part with the rule’s message', () => {
    const r = emailAccountBody.safeParse({
      addressPart: 'halo!',
      domain: 'demo.sapa.id',
      displayName: 'Toko',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('email.addressPartInvalid');
  });
});

describe('email attachment total (000 §5: exceeded at 25 units of bytes / 1,024,000)', () => {
  it.each([
    [0, false],
    [10 * 1024 * 1024, false],
    [25 * 1_024_000 - 1, false],
    [25 * 1_024_000, true],
    [25 * 1024 * 1024, true],
  ])('%d bytes → exceeded %s', (bytes, expected) => {
    expect(emailAttachmentsExceeded(bytes)).toBe(expected);
  });
});
