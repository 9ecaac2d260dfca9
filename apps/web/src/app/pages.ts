import type { ComponentType } from 'react';
import { type BuiltShellPath, hasPage } from './builtPages';

/** A lazily loaded page (one chunk per feature area). */
export type LazyPage = () => Promise<{ Component: ComponentType }>;

const auth = () => import('../features/auth');
const dashboard = () => import('../features/dashboard');
const settingsAdmin = () => import('../features/settings-admin');
const settingsAccount = () => import('../features/settings-account');
const inbox = () => import('../features/inbox');
const settingsStore = () => import('../features/settings-store');
const livechat = () => import('../features/livechat');
const contacts = () => import('../features/contacts');
const views = () => import('../features/views');
const csLibrary = () => import('../features/cs-library');
const ticketList = () => import('../features/ticket-list');
const chatHistory = () => import('../features/chat-history');
const exportsFeature = () => import('../features/exports');
const makerChecker = () => import('../features/maker-checker');
const broadcasts = () => import('../features/broadcasts');
const waTemplates = () => import('../features/templates');
const notAvailable = () => import('../shared/ui/NotAvailablePage');

/** Public pages that exist; every other public route renders the public "not available yet" page. */
export const PUBLIC_PAGES: Record<string, LazyPage> = {
  '/login': () => auth().then((m) => ({ Component: m.LoginPage })),
  '/forgot-password': () => auth().then((m) => ({ Component: m.ForgotPasswordEmailPage })),
  '/reset/phone': () => auth().then((m) => ({ Component: m.ForgotPasswordPhonePage })),
  '/reset/otp-verification': () => auth().then((m) => ({ Component: m.ResetOtpPage })),
  '/reset/change-password': () => auth().then((m) => ({ Component: m.ResetChangePasswordPage })),
  '/reset/successfully': () => auth().then((m) => ({ Component: m.ResetSuccessPage })),
  '/pp.html': () => import('../features/consent/AgreementPage').then((m) => ({ Component: m.AgreementPage })),
  '/about': () => auth().then((m) => ({ Component: m.AboutPage })),
  '/demo/outbox': () => auth().then((m) => ({ Component: m.DemoOutboxPage })),
};

/** Shell pages that exist; every other shell route renders the "not available yet" page. */
export const SHELL_PAGES: Record<BuiltShellPath, LazyPage> = {
  '/maker-checker/setting': () => makerChecker().then((m) => ({ Component: m.MakerCheckerSettingPage })),
  '/maker-checker/list': () => broadcasts().then((m) => ({ Component: m.ApprovalsPage })),
  '/broadcast/whatsapp': () => broadcasts().then((m) => ({ Component: m.BroadcastsPage })),
  '/broadcast/whatsapp/detail': () => broadcasts().then((m) => ({ Component: m.BroadcastDetailPage })),
  '/advanced-broadcast/create/broadcast': () =>
    broadcasts().then((m) => ({ Component: m.AdvancedBroadcastPage })),
  '/dashboard': () => dashboard().then((m) => ({ Component: m.DashboardPage })),
  '/customer-service/inbox': () => inbox().then((m) => ({ Component: m.InboxPage })),
  '/customer-service/inbox-chatroom': () => inbox().then((m) => ({ Component: m.InboxChatroomPage })),
  '/customer-service/ticket-view': () => views().then((m) => ({ Component: m.TicketViewPage })),
  '/customer-service/ticket-list': () => ticketList().then((m) => ({ Component: m.TicketListPage })),
  '/customer-service/chat-history': () => chatHistory().then((m) => ({ Component: m.ChatHistoryPage })),
  '/customer-service/export-history': () =>
    exportsFeature().then((m) => ({ Component: m.ExportHistoryPage })),
  '/customer-service/chat-setting': () => csLibrary().then((m) => ({ Component: m.ChatSettingPage })),
  '/setting/store': () => settingsStore().then((m) => ({ Component: m.BusinessSettingsPage })),
  '/livechat/create': () => livechat().then((m) => ({ Component: m.LivechatCreatePage })),
  '/livechat/edit/:id': () => livechat().then((m) => ({ Component: m.LivechatEditPage })),
  '/contact': () => contacts().then((m) => ({ Component: m.ContactsPage })),
  '/contact/detail': () => contacts().then((m) => ({ Component: m.ContactDetailPage })),
  '/contact/bulk-upload': () => contacts().then((m) => ({ Component: m.BulkUploadPage })),
  '/contact/add-contact-tag': () => contacts().then((m) => ({ Component: m.ContactTagPage })),
  '/contact/edit-contact-tag/:tag': () => contacts().then((m) => ({ Component: m.ContactTagPage })),
  '/contact/custom-field': () => contacts().then((m) => ({ Component: m.CustomFieldsPage })),
  '/template/whatsapp': () => waTemplates().then((m) => ({ Component: m.TemplatesPage })),
  '/template/create/whatsapp': () => waTemplates().then((m) => ({ Component: m.TemplateFormPage })),
  '/template/edit/whatsapp': () => waTemplates().then((m) => ({ Component: m.TemplateFormPage })),
  '/follow-up/create/whatsapp': () => waTemplates().then((m) => ({ Component: m.TemplateFormPage })),
  '/follow-up/edit/whatsapp': () => waTemplates().then((m) => ({ Component: m.TemplateFormPage })),
  '/template/insight/:campaignId': () => waTemplates().then((m) => ({ Component: m.TemplateInsightPage })),
  '/setting/admin': () => settingsAdmin().then((m) => ({ Component: m.AdminSettingsPage })),
  '/setting/account': () => settingsAccount().then((m) => ({ Component: m.AccountSettingsPage })),
  '/setting/self-change-password': () => settingsAccount().then((m) => ({ Component: m.ChangePasswordPage })),
  '/setting/two-factor-verification-setup': () =>
    settingsAccount().then((m) => ({ Component: m.TwoFactorSetupPage })),
};

/** The page of a shell route, when it has one. */
export function shellPageOf(path: string): LazyPage | undefined {
  return hasPage(path) ? SHELL_PAGES[path as BuiltShellPath] : undefined;
}

export const publicNotAvailablePage: LazyPage = () =>
  notAvailable().then((m) => ({ Component: m.PublicNotAvailablePage }));
export const shellNotAvailablePage: LazyPage = () =>
  notAvailable().then((m) => ({ Component: m.NotAvailablePage }));
