import type { marketplaceAccountBody } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../../../platform/auth/route-access.js';
import type { ShopeePartnerConfig } from '../../../../platform/config.js';
import { openSignedState, signedState } from '../../../../platform/crypto/signed-state.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { AppError, badRequest, conflict } from '../../../../platform/http/errors.js';
import { channelAccounts, type ShopeeConfig, type ShopeeSecrets } from '../../channels.schema.js';
import {
  auditedAccount,
  type ChannelAccountRow,
  insertConnectedAccount,
  requireChannelManager,
  toChannelAccount,
} from '../../channels.service.js';
import { callShopee, type ShopAuth, type ShopeeTokens, shopeeAuthorizeUrl } from './open-api.js';
import { connectedShopAccount } from './shopee.repository.js';
import { partnerOf, shopAuthOf, tokensOf } from './shopee-tokens.js';

/** Shopee sends the seller's browser back here after the consent page (no Sapa token: the state is signed). */
export const SHOPEE_CALLBACK_PATH = '/api/channel-accounts/shopee/callback';
/** The partner app's one push callback URL (every shop's pushes; `shop_id` names the shop). */
export const SHOPEE_PUSH_PATH = '/webhooks/shopee';
/** Shopee's webchat push code (reference §7). */
export const SHOPEE_WEBCHAT_PUSH = 10;
const SETTINGS_PAGE = '/setting/store?tab=channels';
const STATE_PURPOSE = 'shopee-connect';
const STATE_TTL_S = 15 * 60;

export const shopeePushUrl = (deps: Pick<ServerDeps, 'config'>) =>
  `${deps.config.publicUrl.replace(/\/$/, '')}${SHOPEE_PUSH_PATH}`;

/**
 * 001 §3 "store username or URL": the store's username from what the owner typed (`tokoku`, `@tokoku`,
 * `shopee.co.id/tokoku`, a shop link with a query); null when it names no store.
 */
export function storeUsernameOf(input: string): string | null {
  let text = input.trim().replace(/^@/, '');
  if (/^(https?:\/\/)?([a-z0-9-]+\.)*shopee\.[a-z.]+\//i.test(text)) {
    const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
    text = decodeURIComponent(url.pathname.split('/').filter(Boolean)[0] ?? '');
  }
  return /^[A-Za-z0-9._]{3,30}$/.test(text) ? text.toLowerCase() : null;
}

export interface ConnectState {
  clientId: string;
  userId: string;
  store: string;
}

/**
 * 001 §2 marketplace dialog, first step: the owner or an admin names the store; Sapa answers Shopee's consent
 * page for its partner app, whose redirect carries a signed state (who asked, for which store).
 */
export async function startShopeeConnect(
  deps: ServerDeps,
  auth: AuthContext,
  body: z.output<typeof marketplaceAccountBody>,
): Promise<{ authorizeUrl: string }> {
  requireChannelManager(auth);
  if (!deps.partner.allowedChannels.includes('SHP')) throw new AppError(400, 'channel.notOffered');
  const partner = partnerOf(deps);
  if (!partner) throw new AppError(400, 'channel.marketplaceNotConfigured');
  const store = storeUsernameOf(body.store);
  if (!store) throw badRequest('channel.storeNotFound', { store: 'channel.storeNotFound' });
  return {
    authorizeUrl: consentUrlFor(deps, partner, { clientId: auth.clientId, userId: auth.userId, store }),
  };
}

/**
 * Shopee's consent page for Sapa's partner app, coming back to Sapa's callback with a signed state naming who
 * asked for which store (also used by the demo, which consents on the simulator as its seller).
 */
export function consentUrlFor(
  deps: Pick<ServerDeps, 'config'>,
  partner: ShopeePartnerConfig,
  state: ConnectState,
) {
  const token = signedState(deps.config.jwtSecret, STATE_PURPOSE, state, STATE_TTL_S);
  const redirect = `${deps.config.publicUrl.replace(/\/$/, '')}${SHOPEE_CALLBACK_PATH}?state=${encodeURIComponent(token)}`;
  return shopeeAuthorizeUrl(partner, redirect);
}

const stateOf = (value: unknown): ConnectState | null => {
  const v = value as Partial<ConnectState> | null;
  return v && typeof v.clientId === 'string' && typeof v.userId === 'string' && typeof v.store === 'string'
    ? (v as ConnectState)
    : null;
};

/**
 * The seller's consent came back (a browser, no Sapa token): the state checked, the code traded for the shop's
 * tokens, the shop read, the account stored (or, for a shop the business had, its tokens renewed), and the
 * partner's push callback pointed at Sapa with webchat pushes on. Answers the channels page to send the
 * browser to, with `connected=SHP` or `error=<001 §8 message key>`.
 */
export async function completeShopeeConnect(
  deps: ServerDeps,
  query: Record<string, string>,
): Promise<string> {
  const page = `${deps.config.publicUrl.replace(/\/$/, '')}${SETTINGS_PAGE}`;
  const fail = (key: string) => `${page}&error=${encodeURIComponent(key)}`;
  const partner = partnerOf(deps);
  if (!partner) return fail('channel.marketplaceNotConfigured');
  // 000 §4 "Shopee connect off": a consent started before the partner turned Shopee off connects nothing.
  if (!deps.partner.allowedChannels.includes('SHP')) return fail('channel.notOffered');
  const state = stateOf(openSignedState(deps.config.jwtSecret, STATE_PURPOSE, query.state ?? ''));
  if (!state) return fail('channel.connectFailed');
  const shopId = Number(query.shop_id);
  if (!query.code || !Number.isSafeInteger(shopId) || shopId <= 0) return fail('channel.accountNotFound');
  const granted = await callShopee<ShopeeTokens>(partner, {
    path: '/api/v2/auth/token/get',
    body: { code: query.code, shop_id: shopId, partner_id: partner.partnerId },
  });
  if (!granted.ok) return fail('channel.accountNotFound');
  const tokens = tokensOf(granted.value);
  const auth: ShopAuth = { accessToken: tokens.secrets.accessToken, shopId };
  const info = await callShopee<{ shop_name?: string }>(partner, {
    path: '/api/v2/shop/get_shop_info',
    shop: auth,
  });
  if (!info.ok) return fail('channel.storeNotFound');
  try {
    const row = await saveShop(deps, state, {
      name: (info.value.shop_name || state.store).slice(0, 60),
      config: { shopId, storeUsername: state.store, accessTokenExpiresAt: tokens.expiresAt },
      secrets: tokens.secrets,
    });
    await setPushCallback(deps);
    await auditedAccount(deps.db, state, toChannelAccount(deps, row));
    return `${page}&connected=SHP`;
  } catch (err) {
    if (err instanceof AppError) return fail(err.key);
    deps.logger.warn({ err: err instanceof Error ? err.message : 'failed', shopId }, 'shopee connect failed');
    return fail('channel.connectFailed');
  }
}

/** The shop stored for the business: its tokens renewed when it is already there; refused in another business. */
async function saveShop(
  deps: ServerDeps,
  state: ConnectState,
  input: { name: string; config: ShopeeConfig; secrets: ShopeeSecrets },
): Promise<ChannelAccountRow> {
  const existing = await connectedShopAccount(deps.db, input.config.shopId);
  if (existing && existing.clientId !== state.clientId) throw conflict('channel.storeConnectedElsewhere');
  if (existing) {
    const [row] = await deps.db
      .update(channelAccounts)
      .set({
        name: input.name,
        config: input.config,
        secrets: deps.secrets.seal(JSON.stringify(input.secrets)),
        connectionState: 'connected',
        connectionError: null,
        updatedAt: new Date(),
      })
      .where(and(eq(channelAccounts.clientId, existing.clientId), eq(channelAccounts.id, existing.id)))
      .returning();
    return row!;
  }
  return insertShopeeAccount(deps, state.clientId, input);
}

/** Stores a connected Shopee shop (also used by the demo wiring); a shop in another business is refused. */
export function insertShopeeAccount(
  deps: Pick<ServerDeps, 'db' | 'secrets'>,
  clientId: string,
  input: { name: string; config: ShopeeConfig; secrets: ShopeeSecrets },
): Promise<ChannelAccountRow> {
  return insertConnectedAccount(
    deps,
    { ...input, clientId, channel: 'SHP', address: input.config.storeUsername },
    () => conflict('channel.storeConnectedElsewhere'),
  );
}

/** Points the partner app's pushes at Sapa with webchat pushes on (`v2.push.set_app_push_config`). */
export async function setPushCallback(deps: Pick<ServerDeps, 'config' | 'logger'>) {
  const partner = partnerOf(deps);
  if (!partner) return;
  const set = await callShopee(partner, {
    path: '/api/v2/push/set_app_push_config',
    body: { callback_url: shopeePushUrl(deps), set_push_config_on: [SHOPEE_WEBCHAT_PUSH] },
  });
  if (!set.ok)
    deps.logger.warn({ status: set.status, error: set.description }, 'shopee push callback not set');
}

/** 001 §4 refresh: the shop still answers Sapa with its (refreshed) token, and the push callback is Sapa's. */
export async function refreshShopeeAccount(
  deps: Pick<ServerDeps, 'config' | 'secrets' | 'db' | 'logger'>,
  account: ChannelAccountRow,
) {
  const partner = partnerOf(deps);
  if (!partner) throw new AppError(400, 'channel.marketplaceNotConfigured');
  const auth = await shopAuthOf(deps, account);
  if (!auth.ok) throw new AppError(auth.retryable ? 502 : 400, 'channel.accountNotFound');
  const info = await callShopee(partner, { path: '/api/v2/shop/get_shop_info', shop: auth.auth });
  if (!info.ok) throw new AppError(info.retryable ? 502 : 400, 'channel.accountNotFound');
  await setPushCallback(deps);
}
