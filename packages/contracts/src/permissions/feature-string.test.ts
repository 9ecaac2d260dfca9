import { describe, expect, it } from 'vitest';
import {
  ACCESS_ROLE_MENU_KEYS,
  ACCESS_ROLE_MENUS,
  ALL_FEATURES_STRING,
  FEATURE_STRING_LENGTH,
  featureStringFrom,
  featureStringFromMenus,
  featureStringSchema,
  hasFeatureBit,
  menusFromFeatureString,
  permissionsFromFeatureString,
  permissionsFromMenus,
  planFeatureStringFrom,
} from './feature-string.js';
import { PERMISSION_NAMES, PERMISSIONS } from './permissions.js';

describe('feature strings (000 §3, §6)', () => {
  it('has the documented length and an all-ones string', () => {
    expect(FEATURE_STRING_LENGTH).toBe(64);
    expect(ALL_FEATURES_STRING).toBe('1'.repeat(64));
  });

  it('sets the user index of each permission', () => {
    const s = featureStringFrom(['CUSTOMER_SERVICE_SETTING', 'CONTACT', 'CUSTOM_DASHBOARD_E']);
    expect(s).toHaveLength(64);
    expect(s.slice(0, 12)).toBe('100000000001');
    expect(s.charAt(38)).toBe('1');
    expect([...s].filter((c) => c === '1')).toHaveLength(3);
    expect(featureStringFrom([])).toBe('0'.repeat(64));
    // common access has no user index and sets nothing
    expect(featureStringFrom(['DASHBOARD', 'SETTING_ACCOUNT'])).toBe('0'.repeat(64));
  });

  it('sets the client index of each permission in a plan string', () => {
    const s = planFeatureStringFrom(['SHOPIFY', 'CREATE_LIVE_CHAT']);
    expect(s.charAt(29)).toBe('1');
    expect(s.charAt(27)).toBe('1');
    expect([...s].filter((c) => c === '1')).toHaveLength(2);
  });

  it('round-trips every permission that has a user index', () => {
    const indexed = PERMISSION_NAMES.filter((n) => PERMISSIONS[n].userIndex !== undefined);
    expect(permissionsFromFeatureString(featureStringFrom(indexed))).toEqual(indexed);
    expect(permissionsFromFeatureString(ALL_FEATURES_STRING)).toEqual(indexed);
    expect(permissionsFromFeatureString(featureStringFrom(['CONTACT', 'PRODUCT']))).toEqual([
      'PRODUCT',
      'CONTACT',
    ]);
    // a shared index brings back every permission on it
    expect(permissionsFromFeatureString(featureStringFrom(['VOICE_BROADCAST']))).toEqual([
      'WHATSAPP_BROADCAST',
      'VIBER_BROADCAST',
      'EMAIL_BROADCAST',
      'SMS_BROADCAST_TEMPLATE',
      'VOICE_BROADCAST',
      'ADVANCED_BROADCAST',
    ]);
    expect(permissionsFromFeatureString(null)).toEqual([]);
    expect(permissionsFromFeatureString('')).toEqual([]);
  });

  it('reads a missing index or character as 0', () => {
    expect(hasFeatureBit('01', 1)).toBe(true);
    expect(hasFeatureBit('01', 0)).toBe(false);
    expect(hasFeatureBit('01', 5)).toBe(false);
    expect(hasFeatureBit('11', undefined)).toBe(false);
    expect(hasFeatureBit(null, 0)).toBe(false);
  });

  it('validates 0/1 strings', () => {
    expect(featureStringSchema.safeParse('0101').success).toBe(true);
    const bad = featureStringSchema.safeParse('01a');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('validation.featureString');
  });
});

describe('access-role menus (001 §3, §6)', () => {
  it('has unique keys and i18n label keys', () => {
    expect(new Set(ACCESS_ROLE_MENU_KEYS).size).toBe(ACCESS_ROLE_MENUS.length);
    for (const menu of ACCESS_ROLE_MENUS) expect(menu.labelKey).toBe(`menu.${menu.key}`);
    expect(ACCESS_ROLE_MENU_KEYS.slice(0, 4)).toEqual(['dashboard', 'inbox', 'ticketView', 'history']);
  });

  it('covers every non-common permission and marks only the dashboard always on', () => {
    const covered = new Set(ACCESS_ROLE_MENUS.flatMap((m) => m.permissions));
    for (const name of PERMISSION_NAMES) {
      if (PERMISSIONS[name].common !== true) expect(covered.has(name), name).toBe(true);
    }
    expect(ACCESS_ROLE_MENUS.filter((m) => m.alwaysOn).map((m) => m.key)).toEqual(['dashboard']);
  });

  it('turns menus into permissions and strings, and back', () => {
    expect(permissionsFromMenus(['customDashboardB', 'transactions'])).toEqual([
      'TRANSACTION',
      'CUSTOM_DASHBOARD',
      'CUSTOM_DASHBOARD_B',
      'TRANSACTION_BUTTON',
    ]);
    const s = featureStringFromMenus(['inbox', 'customDashboardB']);
    expect(s.charAt(1)).toBe('1');
    expect(s.charAt(33)).toBe('1');
    expect(s.charAt(35)).toBe('1');
    expect(s.charAt(34)).toBe('0');
    expect(menusFromFeatureString(s)).toEqual(['dashboard', 'inbox', 'customDashboardB']);
    expect(menusFromFeatureString(ALL_FEATURES_STRING)).toEqual([...ACCESS_ROLE_MENU_KEYS]);
    expect(menusFromFeatureString(featureStringFromMenus([...ACCESS_ROLE_MENU_KEYS]))).toEqual([
      ...ACCESS_ROLE_MENU_KEYS,
    ]);
    // store settings and store bank share index 14, so one bit ticks the menu
    expect(menusFromFeatureString(featureStringFrom(['SETTING_STORE']))).toEqual([
      'dashboard',
      'storeSettings',
    ]);
    // history needs 2 and 18
    expect(menusFromFeatureString(featureStringFrom(['CUSTOMER_SERVICE_HISTORY']))).toEqual(['dashboard']);
  });
});
