import type { Permission } from './permissions.js';

/** 000 §6 user index map, with the catalogue names each row covers. */
export const USER_INDEX_TABLE: ReadonlyArray<[number, Permission[]]> = [
  [0, ['CUSTOMER_SERVICE_SETTING']],
  [1, ['CUSTOMER_SERVICE_INBOX']],
  [2, ['CUSTOMER_SERVICE_HISTORY']],
  [
    3,
    [
      'WHATSAPP_BROADCAST',
      'VIBER_BROADCAST',
      'EMAIL_BROADCAST',
      'SMS_BROADCAST_TEMPLATE',
      'VOICE_BROADCAST',
      'ADVANCED_BROADCAST',
    ],
  ],
  [4, ['WHATSAPP_TEMPLATE', 'VIBER_TEMPLATE', 'EMAIL_TEMPLATE']],
  [5, ['WHATSAPP_CHATBOT']],
  [6, ['CREATE_PRODUCT']],
  [7, ['PRODUCT']],
  [8, ['CATEGORY']],
  [9, ['TRANSACTION']],
  [10, ['CS_PERFORMANCE']],
  [11, ['CONTACT']],
  [12, ['CHAT_CREDITS']],
  [13, ['WALLET']],
  [14, ['SETTING_STORE', 'STORE_BANK']],
  [15, ['SETTING_ADMIN']],
  [16, ['SETTING_PLAN_PRICING']],
  [26, ['CREATE_LIVE_CHAT']],
  [27, ['EDIT_LIVE_CHAT']],
  [34, ['CUSTOM_DASHBOARD_A']],
  [35, ['CUSTOM_DASHBOARD_B']],
  [36, ['CUSTOM_DASHBOARD_C']],
  [37, ['CUSTOM_DASHBOARD_D']],
  [38, ['CUSTOM_DASHBOARD_E']],
];

/** Sapa's own user indexes (docs/permissions.md). */
export const SAPA_USER_INDEXES: ReadonlyArray<[number, Permission]> = [
  [17, 'VIEW_FEATURE'],
  [18, 'ADVANCE_SEARCH'],
  [19, 'CALL_CENTER'],
  [20, 'CALL_CENTER_HISTORY'],
  [21, 'INBOUND_CALL'],
  [22, 'TELESALES'],
  [23, 'SETTING_FINANCE'],
  [24, 'SETTING_LOGS'],
  [25, 'SMART_CHAT_SETTING'],
  [28, 'CREATE_EMAIL'],
  [29, 'EDIT_EMAIL'],
  [30, 'SOCIAL_PUBLISH'],
  [31, 'SOCIAL_COMMENT'],
  [32, 'SHOPIFY'],
  [33, 'CUSTOM_DASHBOARD'],
  [39, 'WHATSAPP_CATALOGUE'],
  [40, 'WHATSAPP_MARKETING_LITE'],
  [41, 'TRANSACTION_BUTTON'],
];

/** 000 §6 client index map. */
export const CLIENT_INDEX_TABLE: ReadonlyArray<[number, Permission[]]> = [
  [27, ['CREATE_LIVE_CHAT', 'EDIT_LIVE_CHAT']],
  [29, ['SHOPIFY']],
  [30, ['ADVANCE_SEARCH']],
  [31, ['ADVANCED_BROADCAST']],
  [
    36,
    [
      'CUSTOM_DASHBOARD',
      'CUSTOM_DASHBOARD_A',
      'CUSTOM_DASHBOARD_B',
      'CUSTOM_DASHBOARD_C',
      'CUSTOM_DASHBOARD_D',
      'CUSTOM_DASHBOARD_E',
    ],
  ],
];

/** Every user index (the spec's and Sapa's) → the permissions that bit alone grants. */
export const ALL_USER_INDEXES: ReadonlyArray<[number, Permission[]]> = [
  ...USER_INDEX_TABLE,
  ...SAPA_USER_INDEXES.map(([index, name]): [number, Permission[]] => [index, [name]]),
].sort((a, b) => a[0] - b[0]);
