import { describe, expect, it } from 'vitest';
import { FEATURE_STRING_LENGTH } from './feature-string.js';
import { CLIENT_INDEX_TABLE, SAPA_USER_INDEXES, USER_INDEX_TABLE } from './index-maps.fixture.js';
import {
  ACTIONS,
  ADMIN_DENIED_ACTIONS,
  COMMON_PERMISSIONS,
  CUSTOMER_SERVICE_DEFAULT_PERMISSIONS,
  DEFAULT_COUNTRY,
  isPermission,
  PERMISSION_NAMES,
  PERMISSIONS,
  ROLES,
} from './permissions.js';

/** Every permission name in brackets in 000 §2 and 001 §2. */
const ROUTE_PERMISSIONS = [
  'DASHBOARD',
  'CATEGORY',
  'PRODUCT',
  'WHATSAPP_CATALOGUE',
  'CREATE_PRODUCT',
  'WHATSAPP_BROADCAST',
  'VIBER_BROADCAST',
  'EMAIL_BROADCAST',
  'SMS_BROADCAST_TEMPLATE',
  'VOICE_BROADCAST',
  'ADVANCED_BROADCAST',
  'CALL_CENTER',
  'CALL_CENTER_HISTORY',
  'INBOUND_CALL',
  'TELESALES',
  'CUSTOMER_SERVICE_INBOX',
  'VIEW_FEATURE',
  'CUSTOMER_SERVICE_HISTORY',
  'ADVANCE_SEARCH',
  'CUSTOMER_SERVICE_SETTING',
  'WHATSAPP_TEMPLATE',
  'VIBER_TEMPLATE',
  'EMAIL_TEMPLATE',
  'SHOPIFY',
  'WHATSAPP_CHATBOT',
  'CHAT_CREDITS',
  'WALLET',
  'TRANSACTION',
  'SETTING_ADMIN',
  'SETTING_STORE',
  'SETTING_PLAN_PRICING',
  'SETTING_ACCOUNT',
  'SETTING_FINANCE',
  'SETTING_LOGS',
  'CONTACT',
  'SOCIAL_PUBLISH',
  'SOCIAL_COMMENT',
  'CREATE_LIVE_CHAT',
  'EDIT_LIVE_CHAT',
  'CREATE_EMAIL',
  'EDIT_EMAIL',
  'CUSTOM_DASHBOARD',
  'WHATSAPP_MARKETING_LITE',
];

/** Named by 000 §6 without a route. */
const SECTION_6_PERMISSIONS = [
  'CUSTOM_FIELD',
  'HEADER_CHAT_CREDIT',
  'CONVERSION_API',
  'INBOX_CHANNEL_CONNECT',
  'STORE_BANK',
  'SMART_CHAT_SETTING',
  'TRANSACTION_BUTTON',
  'CS_PERFORMANCE',
  'CUSTOM_DASHBOARD_A',
  'CUSTOM_DASHBOARD_B',
  'CUSTOM_DASHBOARD_C',
  'CUSTOM_DASHBOARD_D',
  'CUSTOM_DASHBOARD_E',
];

const byUserIndex = (index: number) =>
  PERMISSION_NAMES.filter((name) => PERMISSIONS[name].userIndex === index);
const byClientIndex = (index: number) =>
  PERMISSION_NAMES.filter((name) => PERMISSIONS[name].clientIndex === index);

describe('permission catalogue (000 §2, 001 §2, 000 §6)', () => {
  it('has the five actions and four roles of 000 §6', () => {
    expect(ACTIONS).toEqual(['READ', 'CREATE', 'UPDATE', 'DELETE', 'ACTIVATE']);
    expect(ROLES).toEqual(['OWN', 'ADC', 'USC', 'SAD']);
    expect(DEFAULT_COUNTRY).toBe('ID');
  });

  it('holds exactly the route permissions and the §6 ones', () => {
    expect([...PERMISSION_NAMES].sort()).toEqual([...ROUTE_PERMISSIONS, ...SECTION_6_PERMISSIONS].sort());
    expect(isPermission('CONTACT')).toBe(true);
    expect(isPermission('toString')).toBe(false);
    expect(isPermission('NOPE')).toBe(false);
  });

  it.each(USER_INDEX_TABLE)('user index %i belongs to %j only', (index, names) => {
    expect(byUserIndex(index).sort()).toEqual([...names].sort());
  });

  it.each(SAPA_USER_INDEXES)('Sapa user index %i belongs to %s only', (index, name) => {
    expect(byUserIndex(index)).toEqual([name]);
  });

  it('gives every non-common permission a user index inside the string length', () => {
    for (const name of PERMISSION_NAMES) {
      const { userIndex, common } = PERMISSIONS[name];
      if (common === true) {
        expect(userIndex, name).toBeUndefined();
      } else {
        expect(userIndex, name).toBeTypeOf('number');
        expect(userIndex!, name).toBeLessThan(FEATURE_STRING_LENGTH);
      }
    }
    const covered = [
      ...USER_INDEX_TABLE.flatMap(([, names]) => names),
      ...SAPA_USER_INDEXES.map(([, n]) => n),
    ];
    const withIndex = PERMISSION_NAMES.filter((name) => PERMISSIONS[name].userIndex !== undefined);
    expect([...covered].sort()).toEqual([...withIndex].sort());
  });

  it.each(CLIENT_INDEX_TABLE)('client index %i belongs to %j only', (index, names) => {
    expect(byClientIndex(index).sort()).toEqual([...names].sort());
  });

  it('has no client index outside the 000 §6 table', () => {
    const withClient = PERMISSION_NAMES.filter((name) => PERMISSIONS[name].clientIndex !== undefined);
    expect(withClient.sort()).toEqual(CLIENT_INDEX_TABLE.flatMap(([, names]) => names).sort());
  });

  it('marks the 000 §6 common access', () => {
    expect([...COMMON_PERMISSIONS].sort()).toEqual(
      [
        'DASHBOARD',
        'CUSTOM_FIELD',
        'HEADER_CHAT_CREDIT',
        'SETTING_ACCOUNT',
        'CONVERSION_API',
        'INBOX_CHANNEL_CONNECT',
      ].sort(),
    );
  });

  it('restricts products, categories, transactions, wallet and store bank to ID', () => {
    const idOnly = PERMISSION_NAMES.filter((name) => PERMISSIONS[name].countries !== undefined);
    expect(idOnly.sort()).toEqual(
      ['PRODUCT', 'CREATE_PRODUCT', 'CATEGORY', 'TRANSACTION', 'WALLET', 'STORE_BANK'].sort(),
    );
    for (const name of idOnly) expect(PERMISSIONS[name].countries).toEqual(['ID']);
  });

  it('lists the admin negatives and the CS fixed list of 000 §6', () => {
    expect(ADMIN_DENIED_ACTIONS).toEqual({
      STORE_BANK: ['READ', 'CREATE', 'UPDATE', 'DELETE', 'ACTIVATE'],
      SMART_CHAT_SETTING: ['READ', 'CREATE', 'UPDATE', 'DELETE', 'ACTIVATE'],
      SHOPIFY: ['READ', 'CREATE', 'UPDATE', 'DELETE'],
    });
    expect(CUSTOMER_SERVICE_DEFAULT_PERMISSIONS).toContain('TRANSACTION_BUTTON');
    expect(CUSTOMER_SERVICE_DEFAULT_PERMISSIONS).not.toContain('SETTING_ADMIN');
  });

  it('cites a spec section on every entry', () => {
    for (const name of PERMISSION_NAMES) expect(PERMISSIONS[name].spec, name).toMatch(/§/);
  });
});
