/**
 * The permission catalogue of spec §6 (document 000 §6, document 001 §6).
 *
 * Every permission name that a route carries (000 §2, 001 §2) or that §6 names without a route is a
 * key of `PERMISSIONS`. Each entry says where its bit lives in the user's feature-access string
 * (`userIndex`), in the client's plan string (`clientIndex`), which account countries may use it
 * (`countries`) and whether it is common access for everyone (`common`).
 *
 * User indexes that the spec does not give are Sapa's own extension; they are listed in
 * `docs/permissions.md` and marked "Sapa extension" in `spec` below.
 */

/** Spec 000 §6 "Actions: READ, CREATE, UPDATE, DELETE, ACTIVATE." */
export const ACTIONS = ['READ', 'CREATE', 'UPDATE', 'DELETE', 'ACTIVATE'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Spec 000 §6 "Role codes": OWN owner, ADC admin, USC customer-service agent,
 * SAD (treated as super admin, uses feature flags).
 */
export const ROLES = ['OWN', 'ADC', 'USC', 'SAD'] as const;
export type Role = (typeof ROLES)[number];

/** Spec 000 §6 "the account country is in the permission's allowed countries (the country defaults to ID)". */
export const DEFAULT_COUNTRY = 'ID';

/** Spec 000 §6 / 001 §6 "Products, categories, transactions, wallet and store bank are ID only." */
export const ID_ONLY: readonly string[] = ['ID'];

export interface PermissionDefinition {
  /** Position of the bit in the user's feature-access string (000 §6 "User index map"). */
  readonly userIndex?: number;
  /** Position of the bit in the client's plan string (000 §6 "Client index map"). */
  readonly clientIndex?: number;
  /** Account countries allowed to use it; absent = every country. */
  readonly countries?: readonly string[];
  /** Common access for everyone (000 §6 "Common access for everyone"). */
  readonly common?: boolean;
  /** Where the entry comes from. */
  readonly spec: string;
}

const PERMISSION_CATALOGUE = {
  // --- Catalogue and dashboard (000 §2) ---
  /** 000 §2 /dashboard; 000 §6 common access. */
  DASHBOARD: { common: true, spec: '000 §2 /dashboard; 000 §6 common access' },
  /** 000 §2 /category; 000 §6 user index 8; ID only. */
  CATEGORY: { userIndex: 8, countries: ID_ONLY, spec: '000 §2 /category; 000 §6 user index 8; ID only' },
  /** 000 §2 /product/list; 000 §6 user index 7; ID only. */
  PRODUCT: { userIndex: 7, countries: ID_ONLY, spec: '000 §2 /product/list; 000 §6 user index 7; ID only' },
  /** 000 §2 /product/whatsapp-catalogue; user index 39 is a Sapa extension. */
  WHATSAPP_CATALOGUE: {
    userIndex: 39,
    spec: '000 §2 /product/whatsapp-catalogue; user index 39 Sapa extension',
  },
  /** 000 §2 /product/add-product; 000 §6 user index 6; products are ID only. */
  CREATE_PRODUCT: {
    userIndex: 6,
    countries: ID_ONLY,
    spec: '000 §2 /product/add-product; 000 §6 user index 6; ID only',
  },

  // --- Broadcast (000 §2); all broadcast kinds share user index 3 (000 §6 "broadcast") ---
  /** 000 §2 /broadcast/whatsapp; 000 §6 user index 3. */
  WHATSAPP_BROADCAST: { userIndex: 3, spec: '000 §2 /broadcast/whatsapp; 000 §6 user index 3' },
  /** 000 §2 /broadcast/viber; 000 §6 user index 3. */
  VIBER_BROADCAST: { userIndex: 3, spec: '000 §2 /broadcast/viber; 000 §6 user index 3' },
  /** 000 §2 /broadcast/email, /broadcast/detail; 000 §6 user index 3. */
  EMAIL_BROADCAST: { userIndex: 3, spec: '000 §2 /broadcast/email; 000 §6 user index 3' },
  /** 000 §2 /broadcast/sms, /template/sms, /sms/template/preview; 000 §6 user index 3 (broadcast). */
  SMS_BROADCAST_TEMPLATE: { userIndex: 3, spec: '000 §2 /broadcast/sms, /template/sms; 000 §6 user index 3' },
  /** 000 §2 /broadcast/voice; 000 §6 user index 3. */
  VOICE_BROADCAST: { userIndex: 3, spec: '000 §2 /broadcast/voice; 000 §6 user index 3' },
  /** 000 §2 /advanced-broadcast/create/broadcast; 000 §6 user index 3, client index 31. */
  ADVANCED_BROADCAST: {
    userIndex: 3,
    clientIndex: 31,
    spec: '000 §2 /advanced-broadcast/create/broadcast; 000 §6 user index 3, client index 31',
  },

  // --- Calls and telesales (000 §2); user indexes are Sapa extensions ---
  /** 000 §2 /outbound-call/call-center; user index 19 Sapa extension. */
  CALL_CENTER: { userIndex: 19, spec: '000 §2 /outbound-call/call-center; user index 19 Sapa extension' },
  /** 000 §2 /outbound-call/call-center-history; user index 20 Sapa extension. */
  CALL_CENTER_HISTORY: {
    userIndex: 20,
    spec: '000 §2 /outbound-call/call-center-history; user index 20 Sapa extension',
  },
  /** 000 §2 /inbound-call, /inbound-call-history; user index 21 Sapa extension. */
  INBOUND_CALL: { userIndex: 21, spec: '000 §2 /inbound-call; user index 21 Sapa extension' },
  /** 000 §2 /telesales, /telesales-history; user index 22 Sapa extension. */
  TELESALES: { userIndex: 22, spec: '000 §2 /telesales; user index 22 Sapa extension' },

  // --- Customer service (000 §2) ---
  /** 000 §2 /customer-service/inbox; 000 §6 user index 1. */
  CUSTOMER_SERVICE_INBOX: { userIndex: 1, spec: '000 §2 /customer-service/inbox; 000 §6 user index 1' },
  /** 000 §2 /customer-service/ticket-view; user index 17 Sapa extension. */
  VIEW_FEATURE: { userIndex: 17, spec: '000 §2 /customer-service/ticket-view; user index 17 Sapa extension' },
  /** 000 §2 /customer-service/chat-history; 000 §6 user index 2. */
  CUSTOMER_SERVICE_HISTORY: {
    userIndex: 2,
    spec: '000 §2 /customer-service/chat-history; 000 §6 user index 2',
  },
  /** 000 §2 /customer-service/ticket-list; 000 §6 client index 30; user index 18 Sapa extension. */
  ADVANCE_SEARCH: {
    userIndex: 18,
    clientIndex: 30,
    spec: '000 §2 /customer-service/ticket-list; 000 §6 client index 30; user index 18 Sapa extension',
  },
  /** 000 §2 /customer-service/chat-setting; 000 §6 user index 0. */
  CUSTOMER_SERVICE_SETTING: {
    userIndex: 0,
    spec: '000 §2 /customer-service/chat-setting; 000 §6 user index 0',
  },

  // --- Templates (000 §2); template kinds share user index 4 (000 §6 "templates") ---
  /** 000 §2 /template/whatsapp; 000 §6 user index 4. */
  WHATSAPP_TEMPLATE: { userIndex: 4, spec: '000 §2 /template/whatsapp; 000 §6 user index 4' },
  /** 000 §2 /template/viber; 000 §6 user index 4. */
  VIBER_TEMPLATE: { userIndex: 4, spec: '000 §2 /template/viber; 000 §6 user index 4' },
  /** 000 §2 /template/email, /email/template/preview; 000 §6 user index 4. */
  EMAIL_TEMPLATE: { userIndex: 4, spec: '000 §2 /template/email; 000 §6 user index 4' },

  // --- Other areas (000 §2) ---
  /** 000 §2 /shopify; 000 §6 client index 29; user index 32 Sapa extension. */
  SHOPIFY: {
    userIndex: 32,
    clientIndex: 29,
    spec: '000 §2 /shopify; 000 §6 client index 29; user index 32 Sapa extension',
  },
  /** 000 §2 /chatbot; 000 §6 user index 5. */
  WHATSAPP_CHATBOT: { userIndex: 5, spec: '000 §2 /chatbot; 000 §6 user index 5' },
  /** 000 §2 /chat-credits; 000 §6 user index 12. */
  CHAT_CREDITS: { userIndex: 12, spec: '000 §2 /chat-credits; 000 §6 user index 12' },
  /** 000 §2 /wallet; 000 §6 user index 13; ID only. */
  WALLET: { userIndex: 13, countries: ID_ONLY, spec: '000 §2 /wallet; 000 §6 user index 13; ID only' },
  /** 000 §2 /transaction; 000 §6 user index 9; ID only. */
  TRANSACTION: {
    userIndex: 9,
    countries: ID_ONLY,
    spec: '000 §2 /transaction; 000 §6 user index 9; ID only',
  },

  // --- Settings (000 §2) ---
  /** 000 §2 /setting/admin; 000 §6 user index 15. */
  SETTING_ADMIN: { userIndex: 15, spec: '000 §2 /setting/admin; 000 §6 user index 15' },
  /** 000 §2 /setting/store; 000 §6 user index 14 (store settings: courier, bank). */
  SETTING_STORE: { userIndex: 14, spec: '000 §2 /setting/store; 000 §6 user index 14' },
  /** 000 §2 /setting/plan-and-pricing; 000 §6 user index 16 (plan pricing, WABA price). */
  SETTING_PLAN_PRICING: { userIndex: 16, spec: '000 §2 /setting/plan-and-pricing; 000 §6 user index 16' },
  /** 000 §2 /setting/account; 000 §6 common access ("account settings"). */
  SETTING_ACCOUNT: { common: true, spec: '000 §2 /setting/account; 000 §6 common access' },
  /** 000 §2 /setting/finance; user index 23 Sapa extension. */
  SETTING_FINANCE: { userIndex: 23, spec: '000 §2 /setting/finance; user index 23 Sapa extension' },
  /** 000 §2 /setting/logs, /maker-checker/*; user index 24 Sapa extension. */
  SETTING_LOGS: { userIndex: 24, spec: '000 §2 /setting/logs; user index 24 Sapa extension' },

  // --- Contacts (000 §2) ---
  /** 000 §2 /contact/*; 000 §6 user index 11. */
  CONTACT: { userIndex: 11, spec: '000 §2 /contact; 000 §6 user index 11' },

  // --- Social, live chat, email and others (000 §2) ---
  /** 000 §2 /social/publish; user index 30 Sapa extension. */
  SOCIAL_PUBLISH: { userIndex: 30, spec: '000 §2 /social/publish; user index 30 Sapa extension' },
  /** 000 §2 /social/comments; user index 31 Sapa extension. */
  SOCIAL_COMMENT: { userIndex: 31, spec: '000 §2 /social/comments; user index 31 Sapa extension' },
  /** 000 §2 /livechat/create; 000 §6 user index 26, client index 27. */
  CREATE_LIVE_CHAT: {
    userIndex: 26,
    clientIndex: 27,
    spec: '000 §2 /livechat/create; 000 §6 user index 26, client index 27',
  },
  /** 000 §2 /livechat/edit/:id; 000 §6 user index 27, client index 27. */
  EDIT_LIVE_CHAT: {
    userIndex: 27,
    clientIndex: 27,
    spec: '000 §2 /livechat/edit/:id; 000 §6 user index 27, client index 27',
  },
  /** 000 §2 /email/create (email channel); user index 28 Sapa extension. */
  CREATE_EMAIL: { userIndex: 28, spec: '000 §2 /email/create; user index 28 Sapa extension' },
  /** 000 §2 /email/edit (email channel); user index 29 Sapa extension. */
  EDIT_EMAIL: { userIndex: 29, spec: '000 §2 /email/edit; user index 29 Sapa extension' },
  /** 000 §2 /custom-dashboard; 000 §6 client index 36; user index 33 Sapa extension. */
  CUSTOM_DASHBOARD: {
    userIndex: 33,
    clientIndex: 36,
    spec: '000 §2 /custom-dashboard; 000 §6 client index 36; user index 33 Sapa extension',
  },
  /** 000 §6 user index 34 (custom dashboard A), client index 36. */
  CUSTOM_DASHBOARD_A: { userIndex: 34, clientIndex: 36, spec: '000 §6 user index 34, client index 36' },
  /** 000 §6 user index 35 (custom dashboard B), client index 36. */
  CUSTOM_DASHBOARD_B: { userIndex: 35, clientIndex: 36, spec: '000 §6 user index 35, client index 36' },
  /** 000 §6 user index 36 (custom dashboard C), client index 36. */
  CUSTOM_DASHBOARD_C: { userIndex: 36, clientIndex: 36, spec: '000 §6 user index 36, client index 36' },
  /** 000 §6 user index 37 (custom dashboard D), client index 36. */
  CUSTOM_DASHBOARD_D: { userIndex: 37, clientIndex: 36, spec: '000 §6 user index 37, client index 36' },
  /** 000 §6 user index 38 (custom dashboard E), client index 36. */
  CUSTOM_DASHBOARD_E: { userIndex: 38, clientIndex: 36, spec: '000 §6 user index 38, client index 36' },
  /** 000 §2 /marketing-lite; user index 40 Sapa extension. */
  WHATSAPP_MARKETING_LITE: { userIndex: 40, spec: '000 §2 /marketing-lite; user index 40 Sapa extension' },

  // --- Named by §6 without a route ---
  /** 000 §6 common access ("custom fields"). */
  CUSTOM_FIELD: { common: true, spec: '000 §6 common access' },
  /** 000 §6 common access ("header chat credit"). */
  HEADER_CHAT_CREDIT: { common: true, spec: '000 §6 common access' },
  /** 000 §6 common access ("conversion API"). */
  CONVERSION_API: { common: true, spec: '000 §6 common access' },
  /** 000 §6 common access ("the inbox channel-connect button"). */
  INBOX_CHANNEL_CONNECT: { common: true, spec: '000 §6 common access' },
  /** 000 §6 admin negative; 000 §6 user index 14 (store settings: courier, bank); ID only. */
  STORE_BANK: {
    userIndex: 14,
    countries: ID_ONLY,
    spec: '000 §6 admin negative; 000 §6 user index 14; ID only',
  },
  /** 000 §6 admin negative ("smart chat settings"); user index 25 Sapa extension. */
  SMART_CHAT_SETTING: { userIndex: 25, spec: '000 §6 admin negative; user index 25 Sapa extension' },
  /** 000 §6 customer-service fixed list ("transaction button"); user index 41 Sapa extension. */
  TRANSACTION_BUTTON: {
    userIndex: 41,
    spec: '000 §6 customer-service fixed list; user index 41 Sapa extension',
  },
  /** 000 §2 /cs-performance (route has no permission); 000 §6 user index 10. */
  CS_PERFORMANCE: { userIndex: 10, spec: '000 §6 user index 10' },
} as const satisfies Record<string, PermissionDefinition>;

/** Every permission name of spec 000 §2, 001 §2 and 000 §6. */
export type Permission = keyof typeof PERMISSION_CATALOGUE;

/** Spec 000 §6: the permission catalogue (user index, client index, countries, common access). */
export const PERMISSIONS: Readonly<Record<Permission, PermissionDefinition>> = PERMISSION_CATALOGUE;

/** All permission names, in catalogue order. */
export const PERMISSION_NAMES: readonly Permission[] = Object.keys(PERMISSION_CATALOGUE) as Permission[];

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && Object.hasOwn(PERMISSION_CATALOGUE, value);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Spec 000 §6 role order OWN > ADC > USC (SAD, treated as super admin, above all): a user manages only the users
 * below them — creates, edits (name, role, position, password) and deletes them. Nobody but the owner changes
 * the owner; an admin manages customer-service users, not another admin.
 */
const ROLE_RANK: Readonly<Record<Role, number>> = { SAD: 4, OWN: 3, ADC: 2, USC: 1 };

export function managesRole(actor: Role, target: Role): boolean {
  return ROLE_RANK[actor] > ROLE_RANK[target];
}

export function isAction(value: unknown): value is Action {
  return typeof value === 'string' && (ACTIONS as readonly string[]).includes(value);
}

/** Spec 000 §6 "Common access for everyone". */
export const COMMON_PERMISSIONS: readonly Permission[] = PERMISSION_NAMES.filter(
  (name) => PERMISSIONS[name].common === true,
);

/**
 * Spec 000 §6 "The admin gets all except the negatives: store bank, smart chat settings, and Shopify
 * read, create, update and delete." (Shopify ACTIVATE stays allowed.)
 */
export const ADMIN_DENIED_ACTIONS: Readonly<Partial<Record<Permission, readonly Action[]>>> = {
  STORE_BANK: ACTIONS,
  SMART_CHAT_SETTING: ACTIONS,
  SHOPIFY: ['READ', 'CREATE', 'UPDATE', 'DELETE'],
};

/**
 * Spec 000 §6 "The customer-service role gets a fixed list: dashboard, product, create product,
 * category and transaction (ID only), inbox, history, transaction button, contact, custom dashboard
 * and marketing lite."
 */
export const CUSTOMER_SERVICE_DEFAULT_PERMISSIONS: readonly Permission[] = [
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
  // Sapa: "custom dashboard" is read as the whole family, so the page has dashboards to show.
  'CUSTOM_DASHBOARD_A',
  'CUSTOM_DASHBOARD_B',
  'CUSTOM_DASHBOARD_C',
  'CUSTOM_DASHBOARD_D',
  'CUSTOM_DASHBOARD_E',
  'WHATSAPP_MARKETING_LITE',
];
