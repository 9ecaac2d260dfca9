import { uuidv7 } from 'uuidv7';
import { randomToken, sha256 } from '../../platform/auth/tokens.js';
import type { ShopifyAppConfig } from '../../platform/config.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, conflict } from '../../platform/http/errors.js';
import * as repo from './shopify.repository.js';
import { appOf, callbackUrl, connectStore, finishConnect, STATE_TTL_SECONDS } from './shopify.service.js';
import { authorizeUrlOf, exchangeCode, fetchShop } from './shopify-admin.js';
import * as installs from './shopify-installs.repository.js';
import {
  MYSHOPIFY_DOMAIN,
  readState,
  signState,
  verifyInstallRequest,
  verifyQueryHmac,
} from './shopify-protocol.js';

/**
 * Sign-up via Shopify (000 §2 "/sign-up-shopify", shopify.dev authorization-code grant): Shopify opens the App
 * URL, Sapa answers with the authorize page (state marked for a sign-up), the callback keeps the granted install
 * behind an opaque token and hands the merchant to the sign-up; completing it claims the install once.
 */

/** How long an install waits for its sign-up to start. */
export const INSTALL_TTL_SECONDS = 3600;

const SIGN_UP_PAGE = '/sign-up-shopify';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const pageWithError = (deps: ServerDeps, page: string, key: string) =>
  `${deps.config.publicUrl}${page}?error=${encodeURIComponent(key)}`;

async function shopHasBusiness(deps: ServerDeps, shop: string) {
  return (await repo.findStoreByShop(deps.db, shop))?.status === 'connected';
}

/**
 * The App URL (GET, public): `hmac`, a fresh `timestamp` and a myshopify.com `shop` checked. A shop already
 * connected to a business is sent to sign in; any other goes to Shopify's authorize page for a sign-up.
 */
export async function startInstall(deps: ServerDeps, query: Record<string, string>): Promise<string> {
  const app = deps.config.shopify;
  if (!app) return pageWithError(deps, SIGN_UP_PAGE, 'shopify.notConfigured');
  const shop = verifyInstallRequest(app.clientSecret, query, nowSeconds());
  if (!shop) return pageWithError(deps, SIGN_UP_PAGE, 'shopify.invalidToken');
  if (await shopHasBusiness(deps, shop)) return `${deps.config.publicUrl}/login`;
  const state = signState(deps.config.jwtSecret, {
    purpose: 'signUp',
    clientId: '',
    userId: '',
    shop,
    expiresAt: nowSeconds() + STATE_TTL_SECONDS,
  });
  return authorizeUrlOf(app, shop, callbackUrl(deps), state);
}

/**
 * Shopify's redirect back after the authorize page (a browser, no Sapa token): the state (signed by Sapa) says
 * whether a business is connecting its store or a merchant is signing up; `hmac`, the shop (myshopify.com and
 * the one the state names) and the code are checked for both. Answers the page to send the browser to.
 */
export async function completeCallback(deps: ServerDeps, query: Record<string, string>): Promise<string> {
  const state = readState(deps.config.jwtSecret, query.state ?? '', nowSeconds());
  const page = state?.purpose === 'signUp' ? SIGN_UP_PAGE : '/shopify';
  const fail = (key: string) => pageWithError(deps, page, key);
  const app = deps.config.shopify;
  if (!app) return fail('shopify.notConfigured');
  if (query.error) return fail('shopify.connectFailed');
  if (!verifyQueryHmac(app.clientSecret, query)) return fail('shopify.invalidToken');
  const shop = (query.shop ?? '').toLowerCase();
  if (!MYSHOPIFY_DOMAIN.test(shop)) return fail('shopify.connectFailed');
  if (!state || state.shop !== shop || !query.code) return fail('shopify.invalidToken');
  if (state.purpose === 'connect')
    return finishConnect(deps, app, {
      clientId: state.clientId,
      userId: state.userId,
      shop,
      code: query.code,
    });
  return finishInstall(deps, app, shop, query.code);
}

/** A sign-up's grant: the code exchanged, the shop read, the install kept (token sealed) for the sign-up page. */
async function finishInstall(deps: ServerDeps, app: ShopifyAppConfig, shop: string, code: string) {
  try {
    if (await shopHasBusiness(deps, shop)) return `${deps.config.publicUrl}/login`;
    const token = await exchangeCode(app, shop, code);
    const info = await fetchShop(app, shop, token.accessToken);
    const installToken = randomToken();
    await installs.insertInstall(deps.db, {
      id: uuidv7(),
      tokenHash: sha256(installToken),
      shopDomain: shop,
      shopName: info.name,
      shopId: info.id,
      email: info.email,
      accessToken: deps.secrets.seal(token.accessToken),
      scope: token.scope,
      expiresAt: new Date(Date.now() + INSTALL_TTL_SECONDS * 1000),
    });
    return `${deps.config.publicUrl}${SIGN_UP_PAGE}?install=${installToken}`;
  } catch (err) {
    deps.logger.warn({ err, shop }, 'shopify install failed');
    return pageWithError(deps, SIGN_UP_PAGE, err instanceof AppError ? err.key : 'shopify.somethingWrong');
  }
}

/**
 * The install an install token names, while it is unclaimed and lasts (410 `shopify.installExpired` otherwise;
 * 409 `shopify.shopTaken` once its shop belongs to a business).
 */
export async function openInstall(deps: ServerDeps, token: string) {
  const row = await installs.findOpenInstall(deps.db, sha256(token));
  if (!row) throw new AppError(410, 'shopify.installExpired');
  if (await shopHasBusiness(deps, row.shopDomain)) throw conflict('shopify.shopTaken');
  return {
    id: row.id,
    shopDomain: row.shopDomain,
    shopName: row.shopName,
    email: row.email,
    expiresAt: row.expiresAt.getTime(),
  };
}

/** What the sign-up page shows of an install: the shop and its owner's email. */
export async function installSummary(deps: ServerDeps, token: string) {
  const { id: _id, ...summary } = await openInstall(deps, token);
  return summary;
}

/**
 * Completing a sign-up via Shopify: the install claimed for the new business (once: a second claim fails), its
 * store connected with the install's token, webhooks subscribed, the WhatsApp number linked, audited. Throws
 * `shopify.signUpFailed` when the install cannot be claimed; the store's own errors otherwise.
 */
export async function claimInstall(
  deps: ServerDeps,
  input: { installId: string; clientId: string; userId: string },
) {
  const app = appOf(deps);
  const row = await installs.claimInstall(deps.db, input.installId, input.clientId);
  if (!row?.accessToken) throw conflict('shopify.signUpFailed');
  await connectStore(deps, app, {
    clientId: input.clientId,
    userId: input.userId,
    shop: row.shopDomain,
    info: { id: row.shopId, name: row.shopName },
    token: { accessToken: deps.secrets.open(row.accessToken), scope: row.scope },
  });
  await installs.forgetInstallToken(deps.db, row.id);
  return { shopDomain: row.shopDomain, shopName: row.shopName };
}
