import type { ComponentType } from 'react';
import { type BuiltPublicPath, type BuiltShellPath, hasPage } from './builtPages';

/** A lazily loaded page (one chunk per feature, named after its domain: see the features rule in docs). */
export type LazyPage = () => Promise<{ Component: ComponentType }>;

const identity = () => import('../features/identity');
const demo = () => import('../features/demo');
const signup = () => import('../features/signup');
const dashboard = () => import('../features/dashboard');
const users = () => import('../features/users');
const conversations = () => import('../features/conversations');
const channels = () => import('../features/channels');
const automation = () => import('../features/automation');
const livechat = () => import('../features/channels/livechat');
const emailChannel = () => import('../features/channels/email');
const contacts = () => import('../features/contacts');
const views = () => import('../features/views');
const csLibrary = () => import('../features/cs-library');
const search = () => import('../features/search');
const exportsFeature = () => import('../features/exports');
const makerChecker = () => import('../features/maker-checker');
const audit = () => import('../features/audit');
const broadcasts = () => import('../features/broadcasts');
const subscriptions = () => import('../features/subscriptions');
const wallet = () => import('../features/wallet');
const invoices = () => import('../features/invoices');
const advancedBroadcasts = () => import('../features/advanced-broadcasts');
const templates = () => import('../features/templates');
const billing = () => import('../features/billing');
const catalogue = () => import('../features/catalogue');
const orders = () => import('../features/orders');
const shopify = () => import('../features/shopify');
const notAvailable = () => import('../shared/ui/NotAvailablePage');

/** Public pages that exist; every other public route renders the public "not available yet" page. */
export const PUBLIC_PAGES: Record<BuiltPublicPath, LazyPage> = {
  '/login': () => identity().then((m) => ({ Component: m.LoginPage })),
  '/register': () => signup().then((m) => ({ Component: m.AccountStep })),
  '/sign-up/account': () => signup().then((m) => ({ Component: m.AccountStep })),
  '/sign-up/otp': () => signup().then((m) => ({ Component: m.OtpStep })),
  '/sign-up/store': () => signup().then((m) => ({ Component: m.StoreStep })),
  '/sign-up/waba': () => signup().then((m) => ({ Component: m.WabaStep })),
  '/sign-up/subscription': () => signup().then((m) => ({ Component: m.SubscriptionStep })),
  '/sign-up/success': () => signup().then((m) => ({ Component: m.SuccessStep })),
  '/sign-up-shopify': () => signup().then((m) => ({ Component: m.ShopifySignUp })),
  '/forgot-password': () => identity().then((m) => ({ Component: m.ForgotPasswordEmailPage })),
  '/reset/phone': () => identity().then((m) => ({ Component: m.ForgotPasswordPhonePage })),
  '/reset/otp-verification': () => identity().then((m) => ({ Component: m.ResetOtpPage })),
  '/reset/change-password': () => identity().then((m) => ({ Component: m.ResetChangePasswordPage })),
  '/reset/successfully': () => identity().then((m) => ({ Component: m.ResetSuccessPage })),
  '/pp.html': () =>
    import('../features/activity/AgreementPage').then((m) => ({ Component: m.AgreementPage })),
  '/about': () => import('./AboutPage').then((m) => ({ Component: m.AboutPage })),
  '/demo/outbox': () => demo().then((m) => ({ Component: m.DemoOutboxPage })),
};

/** Shell pages that exist; every other shell route renders the "not available yet" page. */
const SHELL_PAGES: Record<BuiltShellPath, LazyPage> = {
  '/chatbot': () => automation().then((m) => ({ Component: m.ChatbotPage })),
  '/setting/logs': () => audit().then((m) => ({ Component: m.AuditLogPage })),
  '/maker-checker/setting': () => makerChecker().then((m) => ({ Component: m.MakerCheckerSettingPage })),
  '/chat-credits': () => billing().then((m) => ({ Component: m.ChatCreditsPage })),
  '/setting/plan-and-pricing': () => subscriptions().then((m) => ({ Component: m.PlanPricingPage })),
  '/maker-checker/list': () => broadcasts().then((m) => ({ Component: m.ApprovalsPage })),
  '/broadcast/whatsapp': () => broadcasts().then((m) => ({ Component: m.BroadcastsPage })),
  '/broadcast/whatsapp/detail': () => broadcasts().then((m) => ({ Component: m.BroadcastDetailPage })),
  '/advanced-broadcast/create/broadcast': () =>
    advancedBroadcasts().then((m) => ({ Component: m.AdvancedBroadcastPage })),
  '/dashboard': () => dashboard().then((m) => ({ Component: m.DashboardPage })),
  '/category': () => catalogue().then((m) => ({ Component: m.CategoryPage })),
  '/product/list': () => catalogue().then((m) => ({ Component: m.ProductListPage })),
  '/product/whatsapp-catalogue': () => orders().then((m) => ({ Component: m.WhatsappCataloguePage })),
  '/product/add-product': () => catalogue().then((m) => ({ Component: m.ProductFormPage })),
  '/transaction': () => orders().then((m) => ({ Component: m.TransactionsPage })),
  '/shopify': () => shopify().then((m) => ({ Component: m.ShopifyPage })),
  '/customer-service/inbox': () => conversations().then((m) => ({ Component: m.InboxPage })),
  '/customer-service/inbox-chatroom': () => conversations().then((m) => ({ Component: m.InboxChatroomPage })),
  '/customer-service/ticket-view': () => views().then((m) => ({ Component: m.TicketViewPage })),
  '/customer-service/ticket-list': () => search().then((m) => ({ Component: m.TicketListPage })),
  '/customer-service/chat-history': () => search().then((m) => ({ Component: m.ChatHistoryPage })),
  '/customer-service/export-history': () =>
    exportsFeature().then((m) => ({ Component: m.ExportHistoryPage })),
  '/customer-service/chat-setting': () => csLibrary().then((m) => ({ Component: m.ChatSettingPage })),
  // Business settings (automation) with the channels feature's tab handed in: features never import each other.
  '/setting/store': () =>
    Promise.all([automation(), channels(), wallet()]).then(([a, c, w]) => ({
      Component: a.storeSettingsPageWith(c.ChannelsSettingsTab, w.BankAccountTab),
    })),
  '/wallet': () => wallet().then((m) => ({ Component: m.WalletPage })),
  '/setting/finance': () => invoices().then((m) => ({ Component: m.FinancePage })),
  '/livechat/create': () => livechat().then((m) => ({ Component: m.LivechatCreatePage })),
  '/livechat/edit/:id': () => livechat().then((m) => ({ Component: m.LivechatEditPage })),
  '/email/create': () => emailChannel().then((m) => ({ Component: m.EmailCreatePage })),
  '/email/edit': () => emailChannel().then((m) => ({ Component: m.EmailEditPage })),
  '/contact': () => contacts().then((m) => ({ Component: m.ContactsPage })),
  '/contact/detail': () => contacts().then((m) => ({ Component: m.ContactDetailPage })),
  '/contact/bulk-upload': () => contacts().then((m) => ({ Component: m.BulkUploadPage })),
  '/contact/add-contact-tag': () => contacts().then((m) => ({ Component: m.ContactTagPage })),
  '/contact/edit-contact-tag/:tag': () => contacts().then((m) => ({ Component: m.ContactTagPage })),
  '/contact/custom-field': () => contacts().then((m) => ({ Component: m.CustomFieldsPage })),
  '/template/whatsapp': () => templates().then((m) => ({ Component: m.TemplatesPage })),
  '/template/create/whatsapp': () => templates().then((m) => ({ Component: m.TemplateFormPage })),
  '/template/edit/whatsapp': () => templates().then((m) => ({ Component: m.TemplateFormPage })),
  '/follow-up/create/whatsapp': () => templates().then((m) => ({ Component: m.TemplateFormPage })),
  '/follow-up/edit/whatsapp': () => templates().then((m) => ({ Component: m.TemplateFormPage })),
  '/template/insight/:campaignId': () => templates().then((m) => ({ Component: m.TemplateInsightPage })),
  '/setting/admin': () => users().then((m) => ({ Component: m.AdminSettingsPage })),
  '/setting/account': () => identity().then((m) => ({ Component: m.AccountSettingsPage })),
  '/setting/self-change-password': () => identity().then((m) => ({ Component: m.ChangePasswordPage })),
  '/setting/two-factor-verification-setup': () =>
    identity().then((m) => ({ Component: m.TwoFactorSetupPage })),
};

/** The page of a public route, when it has one. */
export function publicPageOf(path: string): LazyPage | undefined {
  return hasPage(path) ? PUBLIC_PAGES[path as BuiltPublicPath] : undefined;
}

/** The page of a shell route, when it has one. */
export function shellPageOf(path: string): LazyPage | undefined {
  return hasPage(path) ? SHELL_PAGES[path as BuiltShellPath] : undefined;
}

export const publicNotAvailablePage: LazyPage = () =>
  notAvailable().then((m) => ({ Component: m.PublicNotAvailablePage }));
export const shellNotAvailablePage: LazyPage = () =>
  notAvailable().then((m) => ({ Component: m.NotAvailablePage }));
