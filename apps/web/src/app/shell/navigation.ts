import { type AccessSubject, can, type Permission } from '@sapa/contracts';
import {
  IconAddressBook,
  IconBox,
  IconChartBar,
  IconChartPie,
  IconCoins,
  IconLayoutDashboard,
  IconMessages,
  IconPhone,
  IconReceipt,
  IconRobot,
  IconSend,
  IconSettings,
  IconShoppingBag,
  IconSpeakerphone,
  IconTemplate,
  IconUsersGroup,
  IconWallet,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { hasPage } from '../builtPages';
import { type ShellRoute, shellRouteByPath } from '../routes';

type Icon = ComponentType<{ size?: number | string; stroke?: number }>;

interface NavLeafSpec {
  path: string;
  /** Who sees the menu entry; defaults to the route's permission. */
  permission?: Permission;
}

interface NavGroupSpec {
  key: string;
  labelKey: string;
  icon: Icon;
  items: readonly NavLeafSpec[];
}

interface NavSingleSpec extends NavLeafSpec {
  icon: Icon;
}

type NavSpec = NavGroupSpec | NavSingleSpec;

/** The navbar, grouped like the spec's route list (000 §2). */
const NAVIGATION: readonly NavSpec[] = [
  { path: '/dashboard', icon: IconLayoutDashboard },
  {
    key: 'customerService',
    labelKey: 'nav.customerService',
    icon: IconMessages,
    items: [
      { path: '/customer-service/inbox' },
      { path: '/customer-service/ticket-view' },
      { path: '/customer-service/chat-history' },
      { path: '/customer-service/ticket-list' },
      { path: '/customer-service/export-history' },
      { path: '/customer-service/chat-setting' },
    ],
  },
  {
    key: 'calls',
    labelKey: 'nav.calls',
    icon: IconPhone,
    items: [
      { path: '/outbound-call/call-center' },
      { path: '/outbound-call/call-center-history' },
      { path: '/inbound-call' },
      { path: '/inbound-call-history' },
      { path: '/telesales' },
      { path: '/telesales-history' },
    ],
  },
  {
    key: 'broadcast',
    labelKey: 'nav.broadcast',
    icon: IconSpeakerphone,
    items: [
      { path: '/broadcast/whatsapp' },
      { path: '/broadcast/viber' },
      { path: '/broadcast/email' },
      { path: '/broadcast/sms' },
      { path: '/broadcast/voice' },
      { path: '/advanced-broadcast/create/broadcast' },
    ],
  },
  {
    key: 'templates',
    labelKey: 'nav.templates',
    icon: IconTemplate,
    items: [
      { path: '/template/whatsapp' },
      { path: '/template/viber' },
      { path: '/template/email' },
      { path: '/template/sms' },
    ],
  },
  { path: '/contact', icon: IconAddressBook },
  {
    key: 'products',
    labelKey: 'nav.products',
    icon: IconBox,
    items: [
      { path: '/product/list' },
      { path: '/product/add-product' },
      { path: '/category' },
      { path: '/product/whatsapp-catalogue' },
    ],
  },
  { path: '/transaction', icon: IconReceipt },
  { path: '/chat-credits', icon: IconCoins },
  { path: '/wallet', icon: IconWallet },
  { path: '/shopify', icon: IconShoppingBag },
  { path: '/chatbot', icon: IconRobot },
  { path: '/marketing-lite', icon: IconSend },
  {
    key: 'social',
    labelKey: 'nav.social',
    icon: IconUsersGroup,
    items: [{ path: '/social/publish' }, { path: '/social/comments' }],
  },
  // The route has no permission (000 §2); the menu follows the user index of CS performance (000 §6).
  { path: '/cs-performance', icon: IconChartBar, permission: 'CS_PERFORMANCE' },
  { path: '/custom-dashboard', icon: IconChartPie },
  {
    key: 'settings',
    labelKey: 'nav.settings',
    icon: IconSettings,
    items: [
      { path: '/setting/admin' },
      { path: '/setting/store' },
      { path: '/setting/plan-and-pricing' },
      { path: '/setting/account' },
      { path: '/setting/finance' },
      { path: '/setting/logs' },
      { path: '/maker-checker/list' },
    ],
  },
];

export interface NavLeaf {
  path: string;
  labelKey: string;
  route: ShellRoute;
}

export type NavEntry =
  | ({ kind: 'leaf'; icon: Icon } & NavLeaf)
  | { kind: 'group'; key: string; labelKey: string; icon: Icon; items: NavLeaf[] };

function visibleLeaf(spec: NavLeafSpec, subject: AccessSubject): NavLeaf | null {
  const route = shellRouteByPath(spec.path);
  // Routes of the spec that Sapa has not built yet stay out of the menu (issue 16).
  if (!route || !hasPage(route.path)) return null;
  const permission = spec.permission ?? route.permission;
  if (permission && !can(subject, permission, 'READ')) return null;
  return { path: route.path, labelKey: route.titleKey, route };
}

/** The menus the user may READ (000 §2 guard, 000 §6), of pages that work. */
export function navigationFor(subject: AccessSubject): NavEntry[] {
  const entries: NavEntry[] = [];
  for (const spec of NAVIGATION) {
    if ('items' in spec) {
      const items = spec.items.map((item) => visibleLeaf(item, subject)).filter((item) => item !== null);
      if (items.length > 0)
        entries.push({ kind: 'group', key: spec.key, labelKey: spec.labelKey, icon: spec.icon, items });
    } else {
      const leaf = visibleLeaf(spec, subject);
      if (leaf) entries.push({ kind: 'leaf', icon: spec.icon, ...leaf });
    }
  }
  return entries;
}
