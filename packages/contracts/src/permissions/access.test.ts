import { describe, expect, it } from 'vitest';
import { type AccessSubject, can, listAllowed, normaliseCountry, permittedActions } from './access.js';
import { ALL_FEATURES_STRING, FEATURE_STRING_LENGTH } from './feature-string.js';
import { ALL_USER_INDEXES, CLIENT_INDEX_TABLE } from './index-maps.fixture.js';
import { ACTIONS, PERMISSION_NAMES, type Permission, type Role } from './permissions.js';

const ZEROS = '0'.repeat(FEATURE_STRING_LENGTH);
/** A string with only `index` set to '1'. */
const only = (index: number) => `${'0'.repeat(index)}1`.padEnd(FEATURE_STRING_LENGTH, '0');
/** A string with every index set except `index`. */
const allBut = (index: number) => `${'1'.repeat(index)}0`.padEnd(FEATURE_STRING_LENGTH, '1');

const subject = (overrides: Partial<AccessSubject> = {}): AccessSubject => ({
  role: 'USC',
  userFeatures: ALL_FEATURES_STRING,
  clientPlanFeatures: ALL_FEATURES_STRING,
  accountCountry: 'ID',
  ...overrides,
});

const COMMON: Permission[] = [
  'DASHBOARD',
  'SETTING_ACCOUNT',
  'CUSTOM_FIELD',
  'HEADER_CHAT_CREDIT',
  'CONVERSION_API',
  'INBOX_CHANNEL_CONNECT',
];

const ID_ONLY: Permission[] = [
  'PRODUCT',
  'CREATE_PRODUCT',
  'CATEGORY',
  'TRANSACTION',
  'WALLET',
  'STORE_BANK',
];

describe('can — with a feature-access string (000 §6)', () => {
  it.each(ALL_USER_INDEXES)('user index %i alone grants exactly %j (plus common access)', (index, names) => {
    const s = subject({ userFeatures: only(index) });
    expect(listAllowed(s).sort()).toEqual([...COMMON, ...names].sort());
    for (const name of names) {
      expect(can(s, name)).toBe(true);
      expect(permittedActions(s, name)).toEqual([...ACTIONS]);
      expect(can(subject({ userFeatures: allBut(index) }), name)).toBe(false);
    }
  });

  it.each(CLIENT_INDEX_TABLE)('client index %i gates %j', (index, names) => {
    for (const name of names) {
      expect(can(subject({ clientPlanFeatures: only(index) }), name)).toBe(true);
      expect(can(subject({ clientPlanFeatures: allBut(index) }), name)).toBe(false);
      expect(can(subject({ clientPlanFeatures: null }), name)).toBe(false);
      expect(can(subject({ clientPlanFeatures: '1'.repeat(index) }), name)).toBe(false);
    }
  });

  it('does not gate permissions without a client index by the plan string', () => {
    const s = subject({ clientPlanFeatures: ZEROS });
    expect(can(s, 'CONTACT')).toBe(true);
    expect(can(s, 'WHATSAPP_BROADCAST')).toBe(true);
    expect(can(s, 'ADVANCED_BROADCAST')).toBe(false);
    expect(can(subject({ clientPlanFeatures: null }), 'CUSTOMER_SERVICE_INBOX')).toBe(true);
  });

  it('grants common access with an all-zero user string and plan string', () => {
    const s = subject({ userFeatures: ZEROS, clientPlanFeatures: ZEROS, accountCountry: 'SG' });
    expect(listAllowed(s).sort()).toEqual([...COMMON].sort());
    for (const name of COMMON) expect(permittedActions(s, name)).toEqual([...ACTIONS]);
    expect(can(s, 'CONTACT')).toBe(false);
  });

  it('reads a missing character as 0', () => {
    const short = subject({ userFeatures: '11' });
    expect(can(short, 'CUSTOMER_SERVICE_INBOX')).toBe(true);
    expect(can(short, 'CUSTOMER_SERVICE_HISTORY')).toBe(false);
    expect(can(short, 'CONTACT')).toBe(false);
  });

  it.each(ID_ONLY)('%s is allowed for ID and null country, denied for SG', (name) => {
    expect(can(subject({ accountCountry: 'ID' }), name)).toBe(true);
    expect(can(subject({ accountCountry: null }), name)).toBe(true);
    expect(can(subject({ accountCountry: 'id' }), name)).toBe(true);
    expect(can(subject({ accountCountry: 'SG' }), name)).toBe(false);
    expect(permittedActions(subject({ accountCountry: 'SG' }), name)).toEqual([]);
  });

  it('does not restrict other permissions by country', () => {
    expect(can(subject({ accountCountry: 'SG' }), 'CONTACT')).toBe(true);
    expect(can(subject({ accountCountry: 'SG' }), 'WHATSAPP_CATALOGUE')).toBe(true);
  });

  it('ignores the role once a feature string exists', () => {
    for (const role of ['OWN', 'ADC', 'USC', 'SAD'] as Role[]) {
      const s = subject({ role, userFeatures: only(11) });
      expect(can(s, 'CONTACT')).toBe(true);
      expect(can(s, 'SETTING_ADMIN')).toBe(false);
    }
    // an admin with a string gets Shopify and store bank when the bits say so
    expect(can(subject({ role: 'ADC' }), 'SHOPIFY')).toBe(true);
    expect(can(subject({ role: 'ADC' }), 'STORE_BANK')).toBe(true);
  });
});

describe('can — without a feature-access string (000 §6 role fallback)', () => {
  const fallback = (role: Role, accountCountry: string | null = 'ID') =>
    subject({ role, userFeatures: null, clientPlanFeatures: null, accountCountry });

  it('gives the owner every permission and action', () => {
    expect(listAllowed(fallback('OWN'))).toEqual([...PERMISSION_NAMES]);
    for (const name of PERMISSION_NAMES)
      expect(permittedActions(fallback('OWN'), name)).toEqual([...ACTIONS]);
  });

  it('treats an empty string like no string', () => {
    expect(listAllowed(subject({ role: 'OWN', userFeatures: '' }))).toEqual([...PERMISSION_NAMES]);
  });

  it('gives SAD every permission (Sapa decision)', () => {
    expect(listAllowed(fallback('SAD'))).toEqual([...PERMISSION_NAMES]);
  });

  it('gives the admin everything except the negatives', () => {
    const admin = fallback('ADC');
    expect(permittedActions(admin, 'STORE_BANK')).toEqual([]);
    expect(permittedActions(admin, 'SMART_CHAT_SETTING')).toEqual([]);
    expect(permittedActions(admin, 'SHOPIFY')).toEqual(['ACTIVATE']);
    expect(can(admin, 'SHOPIFY')).toBe(false);
    expect(can(admin, 'SHOPIFY', 'ACTIVATE')).toBe(true);
    expect(listAllowed(admin)).toEqual(
      PERMISSION_NAMES.filter((n) => n !== 'STORE_BANK' && n !== 'SMART_CHAT_SETTING' && n !== 'SHOPIFY'),
    );
    expect(permittedActions(admin, 'SETTING_ADMIN')).toEqual([...ACTIONS]);
    expect(permittedActions(admin, 'SETTING_STORE')).toEqual([...ACTIONS]);
  });

  it('gives the customer-service agent the fixed list plus common access', () => {
    expect(listAllowed(fallback('USC')).sort()).toEqual(
      [
        'DASHBOARD',
        'PRODUCT',
        'CREATE_PRODUCT',
        'CATEGORY',
        'TRANSACTION',
        'CUSTOMER_SERVICE_INBOX',
        'CUSTOMER_SERVICE_HISTORY',
        'TRANSACTION_BUTTON',
        'CONTACT',
        'CUSTOM_DASHBOARD',
        'CUSTOM_DASHBOARD_A',
        'CUSTOM_DASHBOARD_B',
        'CUSTOM_DASHBOARD_C',
        'CUSTOM_DASHBOARD_D',
        'CUSTOM_DASHBOARD_E',
        'WHATSAPP_MARKETING_LITE',
        'SETTING_ACCOUNT',
        'CUSTOM_FIELD',
        'HEADER_CHAT_CREDIT',
        'CONVERSION_API',
        'INBOX_CHANNEL_CONNECT',
      ].sort(),
    );
    expect(can(fallback('USC'), 'SETTING_ADMIN')).toBe(false);
    expect(permittedActions(fallback('USC'), 'SETTING_ADMIN')).toEqual([]);
    expect(can(fallback('USC'), 'WHATSAPP_BROADCAST')).toBe(false);
    expect(can(fallback('USC'), 'CONTACT', 'DELETE')).toBe(true);
  });

  it('keeps the ID-only restriction for every role', () => {
    for (const role of ['OWN', 'ADC', 'USC', 'SAD'] as Role[]) {
      for (const name of ['PRODUCT', 'CATEGORY', 'TRANSACTION', 'CREATE_PRODUCT'] as Permission[]) {
        expect(can(fallback(role, 'SG'), name), `${role} ${name}`).toBe(false);
        expect(can(fallback(role, null), name), `${role} ${name}`).toBe(true);
        expect(can(fallback(role, 'ID'), name), `${role} ${name}`).toBe(true);
      }
    }
    expect(can(fallback('OWN', 'SG'), 'WALLET')).toBe(false);
    expect(can(fallback('OWN', 'SG'), 'STORE_BANK')).toBe(false);
    expect(can(fallback('OWN', 'SG'), 'SETTING_STORE')).toBe(true);
    expect(can(fallback('USC', 'SG'), 'CONTACT')).toBe(true);
  });

  it('denies an unknown role and an unknown permission', () => {
    expect(can(fallback('XYZ' as Role), 'CONTACT')).toBe(false);
    expect(can(fallback('OWN'), 'NOPE' as Permission)).toBe(false);
  });
});

describe('normaliseCountry', () => {
  it('defaults to ID and upper-cases', () => {
    expect(normaliseCountry(null)).toBe('ID');
    expect(normaliseCountry('')).toBe('ID');
    expect(normaliseCountry(' sg ')).toBe('SG');
  });
});
