import { describe, expect, it } from 'vitest';
import {
  ACCESS_ROLE_DESCRIPTION_MAX,
  accessRoleInputSchema,
  accessRoleMenuKeySchema,
  featureStringForAccessRole,
} from './feature-access-role.js';
import { ALL_FEATURES_STRING, featureStringFrom } from './feature-string.js';

const messages = (input: unknown) => {
  const result = accessRoleInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('accessRoleInputSchema (001 §3, §5)', () => {
  it('accepts a 15-character name', () => {
    const result = accessRoleInputSchema.safeParse({ name: 'A'.repeat(15), menus: ['inbox'] });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ name: 'A'.repeat(15), menus: ['inbox'], allMenu: false });
  });

  it('refuses a 16-character name with validation.max15', () => {
    expect(messages({ name: 'A'.repeat(16), menus: ['inbox'] })).toEqual(['name:validation.max15']);
  });

  it('refuses an empty, blank or missing name with validation.required', () => {
    expect(messages({ name: '', menus: ['inbox'] })).toEqual(['name:validation.required']);
    expect(messages({ name: '   ', menus: ['inbox'] })).toEqual(['name:validation.required']);
    expect(messages({ menus: ['inbox'] })).toEqual(['name:validation.required']);
  });

  it('trims the name before counting', () => {
    expect(accessRoleInputSchema.parse({ name: `  ${'B'.repeat(15)}  `, allMenu: true }).name).toBe(
      'B'.repeat(15),
    );
  });

  it('limits the description', () => {
    const base = { name: 'Agents', allMenu: true };
    expect(ACCESS_ROLE_DESCRIPTION_MAX).toBe(300);
    expect(messages({ ...base, description: 'x'.repeat(300) })).toEqual([]);
    expect(messages({ ...base, description: 'x'.repeat(301) })).toEqual(['description:validation.max300']);
  });

  it('checks menu keys', () => {
    expect(messages({ name: 'Agents', menus: ['nope'] })).toEqual(['menus.0:validation.invalidMenu']);
    expect(messages({ name: 'Agents', menus: ['inbox', 'inbox'] })).toEqual([
      'menus:validation.duplicateMenu',
    ]);
    expect(messages({ name: 'Agents', menus: [] })).toEqual(['menus:validation.menuRequired']);
    expect(messages({ name: 'Agents', menus: [], allMenu: true })).toEqual([]);
    expect(accessRoleMenuKeySchema.safeParse('wallet').success).toBe(true);
  });
});

describe('featureStringForAccessRole', () => {
  it('grants everything with the all-menu toggle', () => {
    expect(featureStringForAccessRole({ allMenu: true, menus: [] })).toBe(ALL_FEATURES_STRING);
  });

  it('grants the chosen menus otherwise', () => {
    expect(featureStringForAccessRole({ allMenu: false, menus: ['inbox', 'contacts'] })).toBe(
      featureStringFrom(['CUSTOMER_SERVICE_INBOX', 'CONTACT']),
    );
  });
});
