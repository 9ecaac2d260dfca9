import type { Permission } from '@sapa/contracts';

/**
 * The whole route table of spec 000 §2 / 001 §2. Each route carries its header title (an i18n key),
 * a requires-auth flag, a premium flag and the permission whose READ the guard checks.
 *
 * Premium rule (000 §2): false for dashboard, category, product, catalogue, add-product and the settings
 * for admin, store, plan-and-pricing, account (with its change-password and 2FA pages), finance, logs and
 * maker-checker; true for every other route. /setting/admin and /setting/store are marked as not needing
 * auth, but their parent shell requires it.
 *
 * Where the spec lists a route without a permission that clearly belongs to a listed one (a detail page,
 * a create or edit page), Sapa guards it with the permission of its list page; those are marked `inherited`.
 * Routes the spec says have no permission (/template/insight/:campaignId, /cs-performance) have none.
 */

export interface PublicRoute {
  kind: 'public';
  path: string;
  titleKey: string;
  requiresAuth: false;
  premium: false;
}

export interface ShellRoute {
  kind: 'shell';
  path: string;
  titleKey: string;
  requiresAuth: boolean;
  premium: boolean;
  /** READ on this permission is required; null = no permission (000 §2). */
  permission: Permission | null;
  /** The permission is Sapa's choice (the spec lists the route without one). */
  inherited?: boolean;
  /** Query parameters the page needs; without them the guard goes to `fallback` (000 §2). */
  requiredQuery?: { names: readonly string[]; fallback: string };
  /** Go to `to` instead when the user can READ `permission` (000 §2 chat history → ticket list). */
  redirectWhenAllowed?: { permission: Permission; to: string };
}

export interface RedirectRoute {
  kind: 'redirect';
  path: string;
  to: string;
}

const pub = (path: string, titleKey: string): PublicRoute => ({
  kind: 'public',
  path,
  titleKey,
  requiresAuth: false,
  premium: false,
});

type ShellExtras = Partial<
  Pick<ShellRoute, 'inherited' | 'requiredQuery' | 'redirectWhenAllowed' | 'requiresAuth'>
>;

/** A premium shell route (the default of the spec's premium rule). */
const premium = (
  path: string,
  titleKey: string,
  permission: Permission | null,
  extras: ShellExtras = {},
): ShellRoute => ({
  kind: 'shell',
  path,
  titleKey,
  requiresAuth: true,
  premium: true,
  permission,
  ...extras,
});

/** A shell route the premium rule names as not premium. */
const basic = (
  path: string,
  titleKey: string,
  permission: Permission | null,
  extras: ShellExtras = {},
): ShellRoute => ({
  ...premium(path, titleKey, permission, extras),
  premium: false,
});

const redirectRoute = (path: string, to: string): RedirectRoute => ({ kind: 'redirect', path, to });

/** 000 §2 Public routes (+ Sapa's demo outbox). */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  pub('/login', 'route.login'),
  pub('/register', 'route.register'),
  pub('/about', 'route.about'),
  pub('/forgot-password', 'route.forgotPassword'),
  pub('/activate-mfa', 'route.activateMfa'),
  pub('/sign-up-shopify', 'route.signUpShopify'),
  pub('/pp.html', 'route.agreement'),
  pub('/reset/phone', 'route.resetPhone'),
  pub('/reset/otp-verification', 'route.resetOtp'),
  pub('/reset/change-password', 'route.resetChangePassword'),
  pub('/reset/successfully', 'route.resetSuccess'),
  pub('/sign-up/account', 'route.signUp'),
  pub('/sign-up/otp', 'route.signUp'),
  pub('/sign-up/store', 'route.signUp'),
  pub('/sign-up/waba', 'route.signUp'),
  pub('/sign-up/subscription', 'route.signUp'),
  pub('/sign-up/success', 'route.signUp'),
  // Sapa, demo mode only: what the product "sent" by email or WhatsApp.
  pub('/demo/outbox', 'route.demoOutbox'),
];

/** 000 §2 Authenticated shell (at /, redirecting to /dashboard). */
export const SHELL_ROUTES: readonly ShellRoute[] = [
  // Catalogue and dashboard
  basic('/dashboard', 'route.dashboard', 'DASHBOARD'),
  basic('/category', 'route.category', 'CATEGORY'),
  basic('/product/list', 'route.productList', 'PRODUCT'),
  basic('/product/whatsapp-catalogue', 'route.whatsappCatalogue', 'WHATSAPP_CATALOGUE'),
  basic('/product/add-product', 'route.addProduct', 'CREATE_PRODUCT'),
  // Broadcast
  premium('/broadcast/whatsapp', 'route.broadcastWhatsapp', 'WHATSAPP_BROADCAST'),
  premium('/broadcast/whatsapp/detail', 'route.broadcastDetail', 'WHATSAPP_BROADCAST', {
    inherited: true,
    requiredQuery: { names: ['id'], fallback: '/broadcast/whatsapp' },
  }),
  premium('/broadcast/viber', 'route.broadcastViber', 'VIBER_BROADCAST'),
  premium('/broadcast/email', 'route.broadcastEmail', 'EMAIL_BROADCAST'),
  premium('/broadcast/sms', 'route.broadcastSms', 'SMS_BROADCAST_TEMPLATE'),
  premium('/broadcast/sms/detail', 'route.broadcastDetail', 'SMS_BROADCAST_TEMPLATE'),
  premium('/broadcast/detail', 'route.broadcastDetail', 'EMAIL_BROADCAST'),
  premium('/broadcast/voice', 'route.broadcastVoice', 'VOICE_BROADCAST'),
  premium('/broadcast/voice/detail', 'route.broadcastDetail', 'VOICE_BROADCAST'),
  premium('/advanced-broadcast/create/broadcast', 'route.advancedBroadcast', 'ADVANCED_BROADCAST'),
  // Calls and telesales
  premium('/outbound-call/call-center', 'route.callCenter', 'CALL_CENTER'),
  premium('/outbound-call/call-center-history', 'route.callCenterHistory', 'CALL_CENTER_HISTORY'),
  premium('/inbound-call', 'route.inboundCall', 'INBOUND_CALL'),
  premium('/inbound-call-history', 'route.inboundCallHistory', 'INBOUND_CALL'),
  premium('/telesales', 'route.telesales', 'TELESALES'),
  premium('/telesales-history', 'route.telesalesHistory', 'TELESALES'),
  // Customer service
  premium('/customer-service/inbox', 'route.inbox', 'CUSTOMER_SERVICE_INBOX'),
  premium('/customer-service/inbox/new', 'route.newChat', 'CUSTOMER_SERVICE_INBOX'),
  premium('/customer-service/ticket-view', 'route.ticketView', 'VIEW_FEATURE'),
  premium('/customer-service/inbox-chatroom', 'route.inboxChatroom', 'CUSTOMER_SERVICE_INBOX', {
    inherited: true,
    requiredQuery: { names: ['referenceId', 'chatRoom'], fallback: '/customer-service/inbox' },
  }),
  premium('/customer-service/chat-history', 'route.chatHistory', 'CUSTOMER_SERVICE_HISTORY', {
    redirectWhenAllowed: { permission: 'ADVANCE_SEARCH', to: '/customer-service/ticket-list' },
  }),
  premium('/customer-service/ticket-list', 'route.ticketList', 'ADVANCE_SEARCH'),
  // 000 §7 export-history list (Sapa's page for it): whoever may read chat history.
  premium('/customer-service/export-history', 'exports.pageTitle', 'CUSTOMER_SERVICE_HISTORY', {
    inherited: true,
  }),
  premium('/customer-service/chat-setting', 'route.chatSetting', 'CUSTOMER_SERVICE_SETTING'),
  // Templates
  premium('/template/whatsapp', 'route.templateWhatsapp', 'WHATSAPP_TEMPLATE'),
  premium('/template/viber', 'route.templateViber', 'VIBER_TEMPLATE'),
  premium('/template/email', 'route.templateEmail', 'EMAIL_TEMPLATE'),
  premium('/template/sms', 'route.templateSms', 'SMS_BROADCAST_TEMPLATE'),
  premium('/template/insight/:campaignId', 'route.templateInsight', null),
  premium('/template/create/whatsapp', 'route.templateCreate', 'WHATSAPP_TEMPLATE', { inherited: true }),
  premium('/template/create/viber', 'route.templateCreate', 'VIBER_TEMPLATE', { inherited: true }),
  premium('/template/create/email', 'route.templateCreate', 'EMAIL_TEMPLATE', { inherited: true }),
  premium('/template/create/sms', 'route.templateCreate', 'SMS_BROADCAST_TEMPLATE', { inherited: true }),
  premium('/template/edit/whatsapp', 'route.templateEdit', 'WHATSAPP_TEMPLATE', {
    inherited: true,
    requiredQuery: { names: ['template'], fallback: '/template' },
  }),
  premium('/template/edit/viber', 'route.templateEdit', 'VIBER_TEMPLATE', {
    inherited: true,
    requiredQuery: { names: ['template'], fallback: '/template' },
  }),
  premium('/follow-up/create/whatsapp', 'route.followUpCreate', 'WHATSAPP_TEMPLATE', { inherited: true }),
  premium('/follow-up/edit/whatsapp', 'route.followUpEdit', 'WHATSAPP_TEMPLATE', {
    inherited: true,
    requiredQuery: { names: ['template'], fallback: '/template' },
  }),
  // Other areas
  premium('/shopify', 'route.shopify', 'SHOPIFY'),
  premium('/chatbot', 'route.chatbot', 'WHATSAPP_CHATBOT'),
  premium('/chat-credits', 'route.chatCredits', 'CHAT_CREDITS'),
  premium('/cs-performance', 'route.csPerformance', null),
  premium('/wallet', 'route.wallet', 'WALLET'),
  premium('/transaction', 'route.transaction', 'TRANSACTION'),
  // Settings
  basic('/setting/admin', 'route.settingAdmin', 'SETTING_ADMIN', { requiresAuth: false }),
  basic('/setting/store', 'route.settingStore', 'SETTING_STORE', { requiresAuth: false }),
  basic('/setting/plan-and-pricing', 'route.settingPlan', 'SETTING_PLAN_PRICING'),
  basic('/setting/account', 'route.settingAccount', 'SETTING_ACCOUNT'),
  basic('/setting/self-change-password', 'route.changePassword', 'SETTING_ACCOUNT'),
  basic('/setting/two-factor-verification-setup', 'route.twoFactor', 'SETTING_ACCOUNT'),
  basic('/setting/finance', 'route.settingFinance', 'SETTING_FINANCE'),
  basic('/setting/logs', 'route.settingLogs', 'SETTING_LOGS'),
  // Contacts
  premium('/contact', 'route.contact', 'CONTACT'),
  premium('/contact/bulk-upload', 'route.contactBulkUpload', 'CONTACT'),
  premium('/contact/detail', 'route.contactDetail', 'CONTACT'),
  premium('/contact/add-contact-tag', 'route.contactAddTag', 'CONTACT'),
  premium('/contact/edit-contact-tag/:tag', 'route.contactEditTag', 'CONTACT'),
  premium('/contact/custom-field', 'route.contactCustomField', 'CONTACT'),
  // Social, live chat, email and others
  premium('/social/publish', 'route.socialPublish', 'SOCIAL_PUBLISH'),
  premium('/social/comments', 'route.socialComments', 'SOCIAL_COMMENT'),
  premium('/livechat/create', 'route.liveChatCreate', 'CREATE_LIVE_CHAT'),
  premium('/livechat/edit/:id', 'route.liveChatEdit', 'EDIT_LIVE_CHAT'),
  premium('/email/create', 'route.emailCreate', 'CREATE_EMAIL'),
  premium('/email/edit', 'route.emailEdit', 'EDIT_EMAIL'),
  premium('/email/template/preview', 'route.emailTemplatePreview', 'EMAIL_TEMPLATE'),
  premium('/sms/template/preview', 'route.smsTemplatePreview', 'SMS_BROADCAST_TEMPLATE'),
  premium('/custom-dashboard', 'route.customDashboard', 'CUSTOM_DASHBOARD'),
  basic('/maker-checker/setting', 'route.makerCheckerSetting', 'SETTING_LOGS'),
  basic('/maker-checker/list', 'route.makerCheckerList', 'SETTING_LOGS'),
  premium('/marketing-lite', 'route.marketingLite', 'WHATSAPP_MARKETING_LITE'),
];

/** 000 §2 redirects: the shell to /dashboard, broadcast and template to their WhatsApp pages. */
export const REDIRECT_ROUTES: readonly RedirectRoute[] = [
  redirectRoute('/', '/dashboard'),
  redirectRoute('/broadcast', '/broadcast/whatsapp'),
  redirectRoute('/template', '/template/whatsapp'),
  redirectRoute('/reset', '/forgot-password'),
  redirectRoute('/sign-up', '/sign-up/account'),
];

export const LOGIN_PATH = '/login';

/** Any other path inside the shell: signed-in users see a "page not found" page. */
export const NOT_FOUND_ROUTE: ShellRoute = basic('*', 'route.notFound', null);

export function shellRouteByPath(path: string): ShellRoute | undefined {
  return SHELL_ROUTES.find((route) => route.path === path);
}
