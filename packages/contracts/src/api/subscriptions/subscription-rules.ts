import type { AccountStatus } from '../../partner.js';
import type { Permission } from '../../permissions/permissions.js';
import {
  extraUsersPrice,
  monthsRoundedUp,
  PRICE_BOOKS,
  type PriceBook,
  type PriceWithVat,
  packageChangeRefusal,
  periodEnd,
  proUpgradeQuote,
  type SubscriptionPeriodMonths,
  withVat,
} from '../../pricing.js';

/**
 * The subscription rules of 001 §4 (start, extend, upgrade Starter → Pro, no downgrade while Pro is active,
 * Starter refused above 50 channels, expiry), §6 (what a free account lacks, WhatsApp needs Pro or Enterprise,
 * the user-count limit and extra users) and §9 (the money), as pure functions shared by server and web.
 */

export const SELF_SERVE_PACKAGES = ['STARTER', 'PRO'] as const;
export type SelfServePackage = (typeof SELF_SERVE_PACKAGES)[number];

/** The one package a partner without "multiple package subscription" sells (the one with WhatsApp, 001 §6). */
export const SINGLE_PACKAGE: SelfServePackage = 'PRO';

/**
 * The packages a partner offers for a new subscription (000 §4 feature flag "multiple package subscription"):
 * every self-serve package when on, only Pro when off (then there is no Starter to start or upgrade from).
 */
export function offeredPackages(flags: {
  multiplePackageSubscription: boolean;
}): readonly SelfServePackage[] {
  return flags.multiplePackageSubscription ? SELF_SERVE_PACKAGES : [SINGLE_PACKAGE];
}

/** A business's subscription as stored: status, package, end of validity (null: no end), extra users. */
export interface PlanState {
  accountStatus: string;
  subscriptionPackage: string | null;
  subscriptionEndsAt: Date | null;
  extraUsers: number;
}

/** What a business may use now. `tier` is the package in force, or free / trial. */
export interface Entitlement {
  tier: 'FREE' | 'FREE_TRIAL' | 'STARTER' | 'PRO' | 'ENTERPRISE';
  /** An Active package within its validity. */
  packageActive: boolean;
  /** 001 §6: broadcast, template, chatbot, chat credits and chat history. */
  premium: boolean;
  /** 001 §6: the WhatsApp channel (Pro or Enterprise; the free trial too, decision in docs). */
  whatsapp: boolean;
  /** Validity left, for the banner (null: no end). */
  endsAt: Date | null;
  /** The stored status is behind the clock (the expiry sweep has not run yet). */
  lapsed: boolean;
}

const PACKAGES = ['STARTER', 'PRO', 'ENTERPRISE'] as const;
type Package = (typeof PACKAGES)[number];
function packageOf(value: string | null): Package | null {
  const upper = (value ?? '').toUpperCase();
  return (PACKAGES as readonly string[]).includes(upper) ? (upper as Package) : null;
}

const valid = (endsAt: Date | null, now: Date) => endsAt === null || endsAt.getTime() > now.getTime();

/**
 * What a stored state allows at `now`. Validity is judged by the clock, not by the stored status alone, so an
 * account is free from the instant its package ends even before the expiry sweep moves it to Expired.
 */
export function entitlementOf(state: PlanState, now: Date): Entitlement {
  const pkg = packageOf(state.subscriptionPackage);
  const inTime = valid(state.subscriptionEndsAt, now);
  if (state.accountStatus === 'Active' && pkg && inTime) {
    return {
      tier: pkg,
      packageActive: true,
      premium: true,
      whatsapp: pkg === 'PRO' || pkg === 'ENTERPRISE',
      endsAt: state.subscriptionEndsAt,
      lapsed: false,
    };
  }
  const trial = state.accountStatus === 'Free Trial' && inTime;
  return {
    tier: trial ? 'FREE_TRIAL' : 'FREE',
    packageActive: false,
    premium: false,
    whatsapp: trial,
    endsAt: state.subscriptionEndsAt,
    lapsed: (state.accountStatus === 'Active' || state.accountStatus === 'Free Trial') && !inTime,
  };
}

/** The status the expiry sweep gives a lapsed state: a package becomes Expired, a trial becomes Free. */
export function lapsedStatusOf(state: PlanState): AccountStatus {
  return state.accountStatus === 'Free Trial' ? 'Free' : 'Expired';
}

/** What a route's permission needs of the plan (001 §6); permissions not named need nothing. */
export type PlanNeed = 'premium' | 'whatsapp';
export const PLAN_NEEDS: Partial<Record<Permission, readonly PlanNeed[]>> = {
  WHATSAPP_BROADCAST: ['premium', 'whatsapp'],
  ADVANCED_BROADCAST: ['premium', 'whatsapp'],
  VIBER_BROADCAST: ['premium'],
  EMAIL_BROADCAST: ['premium'],
  SMS_BROADCAST_TEMPLATE: ['premium'],
  VOICE_BROADCAST: ['premium'],
  WHATSAPP_TEMPLATE: ['premium', 'whatsapp'],
  VIBER_TEMPLATE: ['premium'],
  EMAIL_TEMPLATE: ['premium'],
  WHATSAPP_CHATBOT: ['premium', 'whatsapp'],
  CHAT_CREDITS: ['premium'],
  CUSTOMER_SERVICE_HISTORY: ['premium'],
};

/** The refusal a need meets under an entitlement, or null when it is met. */
export function planRefusal(
  entitlement: Entitlement,
  needs: readonly PlanNeed[],
): 'subscription.premiumRequired' | 'subscription.whatsappNeedsPro' | null {
  if (needs.includes('premium') && !entitlement.premium) return 'subscription.premiumRequired';
  if (needs.includes('whatsapp') && !entitlement.whatsapp) return 'subscription.whatsappNeedsPro';
  return null;
}

/**
 * 001 §6: the user count is limited (the value is not shown: these are Sapa's), extra users are bought on top.
 * Enterprise has no limit (null).
 */
export const INCLUDED_USERS: Record<Entitlement['tier'], number | null> = {
  FREE: 2,
  FREE_TRIAL: 3,
  STARTER: 5,
  PRO: 10,
  ENTERPRISE: null,
};

/** The most users a business may have now: the tier's users plus the extra users of an active package. */
export function userLimitOf(state: PlanState, now: Date): number | null {
  const e = entitlementOf(state, now);
  const included = INCLUDED_USERS[e.tier];
  return included === null ? null : included + (e.packageActive ? state.extraUsers : 0);
}

export const ORDER_KINDS = ['start', 'extend', 'upgrade', 'extra_users'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export interface OrderRequest {
  kind: OrderKind;
  package?: SelfServePackage | undefined;
  months?: SubscriptionPeriodMonths | undefined;
  /** Extra users: bought alone (extra_users) or with a start; an extension renews the current ones. */
  extraUsers?: number | undefined;
}

/** A priced order: what it buys and the validity it gives, VAT 11% on the whole. */
export interface OrderQuote {
  kind: OrderKind;
  package: SelfServePackage;
  months: number;
  extraUsers: number;
  price: PriceWithVat;
  /** The validity after payment, if it were paid at the quote's `now`. */
  endsAt: Date;
}

export type OrderRefusal =
  | 'subscription.downgradeWhileProActive'
  | 'subscription.tooManyChannelsForStarter'
  | 'subscription.alreadyActive'
  | 'subscription.nothingToExtend'
  | 'subscription.upgradeNeedsStarter'
  | 'subscription.needsActivePackage'
  | 'subscription.enterpriseByContract'
  | 'subscription.choosePackage'
  | 'subscription.packageNotOffered';

/**
 * Prices an order against the current state (001 §4, §9), or says why it is refused. Start: a new period from
 * now (free, trial or expired accounts). Extend: the period is added to the current end, the package kept,
 * the extra users renewed. Upgrade Starter → Pro: Rp71.000 per remaining month rounded up, validity unchanged.
 * Extra users: Rp199.000 each per remaining month rounded up.
 */
export function quoteOrder(
  state: PlanState,
  request: OrderRequest,
  context: { now: Date; channels: number; book?: PriceBook; offered?: readonly SelfServePackage[] },
): { quote: OrderQuote } | { refusal: OrderRefusal } {
  const book = context.book ?? PRICE_BOOKS.standard;
  const e = entitlementOf(state, context.now);
  const current = packageOf(state.subscriptionPackage);
  if (e.packageActive && current === 'ENTERPRISE') return { refusal: 'subscription.enterpriseByContract' };
  const refuseChange = (to: SelfServePackage) =>
    packageChangeRefusal({
      from: current ?? 'FREE',
      to,
      fromActive: e.packageActive,
      channels: context.channels,
    });
  switch (request.kind) {
    case 'start': {
      if (!request.package || !request.months) return { refusal: 'subscription.choosePackage' };
      if (context.offered && !context.offered.includes(request.package))
        return { refusal: 'subscription.packageNotOffered' };
      const changeRefused = refuseChange(request.package);
      if (changeRefused) return { refusal: `subscription.${changeRefused}` };
      if (e.packageActive) return { refusal: 'subscription.alreadyActive' };
      const users = request.extraUsers ?? 0;
      const net = book.monthly[request.package] * request.months + extraUsersPrice(users, request.months).net;
      return {
        quote: {
          kind: 'start',
          package: request.package,
          months: request.months,
          extraUsers: users,
          price: withVat(net),
          endsAt: periodEnd(context.now, request.months),
        },
      };
    }
    case 'extend': {
      if (!request.months) return { refusal: 'subscription.choosePackage' };
      if (!e.packageActive || !current || current === 'ENTERPRISE' || !state.subscriptionEndsAt)
        return { refusal: 'subscription.nothingToExtend' };
      const pkg = request.package ?? current;
      const changeRefused = refuseChange(pkg);
      if (changeRefused) return { refusal: `subscription.${changeRefused}` };
      if (pkg !== current) return { refusal: 'subscription.upgradeNeedsStarter' };
      const net = book.monthly[pkg] * request.months + extraUsersPrice(state.extraUsers, request.months).net;
      return {
        quote: {
          kind: 'extend',
          package: pkg,
          months: request.months,
          extraUsers: state.extraUsers,
          price: withVat(net),
          endsAt: periodEnd(state.subscriptionEndsAt, request.months),
        },
      };
    }
    case 'upgrade': {
      if (!e.packageActive || current !== 'STARTER' || !state.subscriptionEndsAt)
        return { refusal: 'subscription.upgradeNeedsStarter' };
      const upgrade = proUpgradeQuote({ now: context.now, endsAt: state.subscriptionEndsAt }, book);
      return {
        quote: {
          kind: 'upgrade',
          package: 'PRO',
          months: upgrade.months,
          extraUsers: 0,
          price: upgrade.price,
          endsAt: upgrade.endsAt,
        },
      };
    }
    case 'extra_users': {
      const users = request.extraUsers ?? 0;
      if (!e.packageActive || !current || current === 'ENTERPRISE' || !state.subscriptionEndsAt)
        return { refusal: 'subscription.needsActivePackage' };
      const remainingDays = Math.ceil(
        (state.subscriptionEndsAt.getTime() - context.now.getTime()) / 86_400_000,
      );
      const months = monthsRoundedUp(remainingDays);
      return {
        quote: {
          kind: 'extra_users',
          package: current,
          months,
          extraUsers: users,
          price: extraUsersPrice(users, months),
          endsAt: state.subscriptionEndsAt,
        },
      };
    }
  }
}

/**
 * The state after a paid order, applied at the payment time `paidAt`: a start runs from then, an extension from
 * the current end (or from then when it lapsed meanwhile), an upgrade keeps the end, extra users add up.
 */
export function stateAfterOrder(
  state: PlanState,
  order: { kind: OrderKind; package: SelfServePackage; months: number; extraUsers: number },
  paidAt: Date,
): PlanState {
  const months = order.months as SubscriptionPeriodMonths;
  switch (order.kind) {
    case 'start':
      return {
        accountStatus: 'Active',
        subscriptionPackage: order.package,
        subscriptionEndsAt: periodEnd(paidAt, months),
        extraUsers: order.extraUsers,
      };
    case 'extend': {
      const from =
        state.subscriptionEndsAt && state.subscriptionEndsAt.getTime() > paidAt.getTime()
          ? state.subscriptionEndsAt
          : paidAt;
      return {
        ...state,
        accountStatus: 'Active',
        subscriptionPackage: order.package,
        subscriptionEndsAt: periodEnd(from, months),
      };
    }
    case 'upgrade':
      return { ...state, subscriptionPackage: 'PRO' };
    case 'extra_users':
      return { ...state, extraUsers: state.extraUsers + order.extraUsers };
  }
}
