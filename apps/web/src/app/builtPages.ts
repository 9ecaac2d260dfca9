/**
 * The shell routes that have a page that works (issue 16). Menus and shortcuts show only these, so nobody is
 * sent to "not available yet" from a link the product offers. `SHELL_PAGES` (pages.ts) is typed by this
 * list, so the two cannot drift apart; it lives apart from the pages so features may ask without importing
 * them.
 */
export const BUILT_SHELL_PATHS = [
  '/maker-checker/setting',
  '/setting/logs',
  '/chatbot',
  '/maker-checker/list',
  '/broadcast/whatsapp',
  '/broadcast/whatsapp/detail',
  '/advanced-broadcast/create/broadcast',
  '/dashboard',
  '/category',
  '/product/list',
  '/product/whatsapp-catalogue',
  '/product/add-product',
  '/transaction',
  '/customer-service/inbox',
  '/customer-service/inbox-chatroom',
  '/customer-service/ticket-view',
  '/customer-service/ticket-list',
  '/customer-service/chat-history',
  '/customer-service/export-history',
  '/customer-service/chat-setting',
  '/setting/store',
  '/livechat/create',
  '/livechat/edit/:id',
  '/email/create',
  '/email/edit',
  '/contact',
  '/contact/detail',
  '/contact/bulk-upload',
  '/contact/add-contact-tag',
  '/contact/edit-contact-tag/:tag',
  '/contact/custom-field',
  '/template/whatsapp',
  '/template/create/whatsapp',
  '/template/edit/whatsapp',
  '/follow-up/create/whatsapp',
  '/follow-up/edit/whatsapp',
  '/template/insight/:campaignId',
  '/setting/admin',
  '/setting/account',
  '/setting/self-change-password',
  '/setting/two-factor-verification-setup',
  '/chat-credits',
  '/wallet',
  '/setting/finance',
  '/setting/plan-and-pricing',
  '/shopify',
] as const;

export type BuiltShellPath = (typeof BUILT_SHELL_PATHS)[number];

/**
 * The public routes that have a page that works (`PUBLIC_PAGES` is typed by it); the sign-in page links to
 * register because it is listed here (issue 16).
 */
export const BUILT_PUBLIC_PATHS = [
  '/login',
  '/register',
  '/sign-up/account',
  '/sign-up/otp',
  '/sign-up/store',
  '/sign-up/waba',
  '/sign-up/subscription',
  '/sign-up/success',
  '/sign-up-shopify',
  '/forgot-password',
  '/reset/phone',
  '/reset/otp-verification',
  '/reset/change-password',
  '/reset/successfully',
  '/pp.html',
  '/about',
  '/demo/outbox',
] as const;

export type BuiltPublicPath = (typeof BUILT_PUBLIC_PATHS)[number];

const BUILT = new Set<string>([...BUILT_SHELL_PATHS, ...BUILT_PUBLIC_PATHS]);

/** Whether the route (shell or public) at `path` has a page that works. */
export function hasPage(path: string): boolean {
  return BUILT.has(path);
}
