/**
 * The strings of 0 and 1 characters that carry feature access (spec 000 §3 "User record":
 * featuresAccessPermissions and featuresPermissions; spec 000 §6 user and client index maps), and the
 * menu list of the access-role editor (spec 001 §3 "Access role: ... menu access list with an
 * all-menu toggle"; 001 §6 "Custom access roles define menu access").
 */
import { z } from 'zod';
import { PERMISSION_NAMES, PERMISSIONS, type Permission } from './permissions.js';

/**
 * Sapa: length of the feature strings it writes. The spec's highest index is 38 (000 §6); 64 leaves
 * room for Sapa's extensions. Readers accept shorter or longer strings (a missing character is '0').
 */
export const FEATURE_STRING_LENGTH = 64;

/** Sapa: a user feature-access string that grants every user index (used for the all-menu toggle). */
export const ALL_FEATURES_STRING = '1'.repeat(FEATURE_STRING_LENGTH);

/** Spec 000 §3: feature strings are made of 0 and 1 characters. */
export const featureStringSchema = z.string().regex(/^[01]*$/, 'validation.featureString');

/** Spec 000 §6: the character at `index`, a missing index or character counting as '0'. */
export function hasFeatureBit(features: string | null | undefined, index: number | undefined): boolean {
  if (features == null || index === undefined) return false;
  return features.charAt(index) === '1';
}

function buildString(indexes: Iterable<number>, length: number): string {
  const chars: string[] = new Array<string>(length).fill('0');
  for (const index of indexes) {
    if (!Number.isInteger(index) || index < 0) continue;
    while (chars.length <= index) chars.push('0');
    chars[index] = '1';
  }
  return chars.join('');
}

/** Spec 000 §6 user index map: a user feature-access string with the user index of each permission set. */
export function featureStringFrom(permissions: readonly Permission[]): string {
  const indexes: number[] = [];
  for (const name of permissions) {
    const index = PERMISSIONS[name].userIndex;
    if (index !== undefined) indexes.push(index);
  }
  return buildString(indexes, FEATURE_STRING_LENGTH);
}

/** Spec 000 §6 client index map: a client plan string with the client index of each permission set. */
export function planFeatureStringFrom(permissions: readonly Permission[]): string {
  const indexes: number[] = [];
  for (const name of permissions) {
    const index = PERMISSIONS[name].clientIndex;
    if (index !== undefined) indexes.push(index);
  }
  return buildString(indexes, FEATURE_STRING_LENGTH);
}

/**
 * The permissions whose user index is '1' in a user feature-access string (catalogue order).
 * Common-access permissions have no user index and are not listed.
 */
export function permissionsFromFeatureString(features: string | null | undefined): Permission[] {
  return PERMISSION_NAMES.filter((name) => hasFeatureBit(features, PERMISSIONS[name].userIndex));
}

export interface AccessRoleMenu {
  /** Stable key stored in an access role's menu list. */
  readonly key: string;
  /** Permissions granted by ticking the menu (their user indexes are set). */
  readonly permissions: readonly Permission[];
  /** i18n key of the menu label; the web app translates it (id, en). */
  readonly labelKey: string;
  /** True when every permission of the menu is common access: shown ticked and disabled. */
  readonly alwaysOn: boolean;
}

function menu<const K extends string>(
  key: K,
  permissions: readonly Permission[],
): AccessRoleMenu & { readonly key: K } {
  return {
    key,
    permissions,
    labelKey: `menu.${key}`,
    alwaysOn: permissions.every((name) => PERMISSIONS[name].common === true),
  };
}

/**
 * Spec 001 §3 / §6: the menus of the access-role editor, in display order. Sapa's grouping of the
 * 000 §6 indexes into user-facing menus (see docs/permissions.md).
 */
export const ACCESS_ROLE_MENUS = [
  menu('dashboard', ['DASHBOARD']),
  menu('inbox', ['CUSTOMER_SERVICE_INBOX']),
  menu('ticketView', ['VIEW_FEATURE']),
  menu('history', ['CUSTOMER_SERVICE_HISTORY', 'ADVANCE_SEARCH']),
  menu('csSetting', ['CUSTOMER_SERVICE_SETTING']),
  menu('broadcast', [
    'WHATSAPP_BROADCAST',
    'VIBER_BROADCAST',
    'EMAIL_BROADCAST',
    'SMS_BROADCAST_TEMPLATE',
    'VOICE_BROADCAST',
    'ADVANCED_BROADCAST',
  ]),
  menu('templates', ['WHATSAPP_TEMPLATE', 'VIBER_TEMPLATE', 'EMAIL_TEMPLATE']),
  menu('marketingLite', ['WHATSAPP_MARKETING_LITE']),
  menu('chatbot', ['WHATSAPP_CHATBOT']),
  menu('products', ['PRODUCT']),
  menu('createProduct', ['CREATE_PRODUCT']),
  menu('category', ['CATEGORY']),
  menu('whatsappCatalogue', ['WHATSAPP_CATALOGUE']),
  menu('transactions', ['TRANSACTION', 'TRANSACTION_BUTTON']),
  menu('csPerformance', ['CS_PERFORMANCE']),
  menu('contacts', ['CONTACT']),
  menu('chatCredits', ['CHAT_CREDITS']),
  menu('wallet', ['WALLET']),
  menu('callCenter', ['CALL_CENTER']),
  menu('callCenterHistory', ['CALL_CENTER_HISTORY']),
  menu('inboundCall', ['INBOUND_CALL']),
  menu('telesales', ['TELESALES']),
  menu('shopify', ['SHOPIFY']),
  menu('socialPublish', ['SOCIAL_PUBLISH']),
  menu('socialComment', ['SOCIAL_COMMENT']),
  menu('liveChatCreate', ['CREATE_LIVE_CHAT']),
  menu('liveChatEdit', ['EDIT_LIVE_CHAT']),
  menu('emailChannelCreate', ['CREATE_EMAIL']),
  menu('emailChannelEdit', ['EDIT_EMAIL']),
  menu('customDashboardA', ['CUSTOM_DASHBOARD', 'CUSTOM_DASHBOARD_A']),
  menu('customDashboardB', ['CUSTOM_DASHBOARD', 'CUSTOM_DASHBOARD_B']),
  menu('customDashboardC', ['CUSTOM_DASHBOARD', 'CUSTOM_DASHBOARD_C']),
  menu('customDashboardD', ['CUSTOM_DASHBOARD', 'CUSTOM_DASHBOARD_D']),
  menu('customDashboardE', ['CUSTOM_DASHBOARD', 'CUSTOM_DASHBOARD_E']),
  menu('storeSettings', ['SETTING_STORE', 'STORE_BANK']),
  menu('adminSettings', ['SETTING_ADMIN']),
  menu('planPricing', ['SETTING_PLAN_PRICING']),
  menu('financeSettings', ['SETTING_FINANCE']),
  menu('logs', ['SETTING_LOGS']),
  menu('smartChatSettings', ['SMART_CHAT_SETTING']),
] as const satisfies readonly AccessRoleMenu[];

export type AccessRoleMenuKey = (typeof ACCESS_ROLE_MENUS)[number]['key'];

/** The menu keys, in display order (a non-empty tuple, usable with `z.enum`). */
export const ACCESS_ROLE_MENU_KEYS = ACCESS_ROLE_MENUS.map((entry) => entry.key) as [
  AccessRoleMenuKey,
  ...AccessRoleMenuKey[],
];

export function isAccessRoleMenuKey(value: unknown): value is AccessRoleMenuKey {
  return typeof value === 'string' && (ACCESS_ROLE_MENU_KEYS as readonly string[]).includes(value);
}

/** The permissions granted by a list of menu keys (deduplicated, catalogue order). */
export function permissionsFromMenus(menuKeys: readonly AccessRoleMenuKey[]): Permission[] {
  const chosen = new Set<Permission>();
  for (const entry of ACCESS_ROLE_MENUS) {
    if (menuKeys.includes(entry.key)) for (const name of entry.permissions) chosen.add(name);
  }
  return PERMISSION_NAMES.filter((name) => chosen.has(name));
}

/** The user feature-access string for a list of menu keys. */
export function featureStringFromMenus(menuKeys: readonly AccessRoleMenuKey[]): string {
  return featureStringFrom(permissionsFromMenus(menuKeys));
}

/**
 * The menus ticked by a user feature-access string: a menu is ticked when every one of its
 * permissions that has a user index has its bit set. Always-on menus are always listed.
 */
export function menusFromFeatureString(features: string | null | undefined): AccessRoleMenuKey[] {
  return ACCESS_ROLE_MENUS.filter((entry) =>
    entry.permissions.every((name) => {
      const definition = PERMISSIONS[name];
      return definition.userIndex === undefined || hasFeatureBit(features, definition.userIndex);
    }),
  ).map((entry) => entry.key);
}
