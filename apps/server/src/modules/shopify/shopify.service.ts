import {
  hasFeatureBit,
  PERMISSIONS,
  SHOPIFY_DEFAULT_FIELDS,
  SHOPIFY_EVENTS,
  type ShopifyAutomation,
  type ShopifyEvent,
  type ShopifyOrderField,
  type ShopifyStore,
  shopDomainFromAdminUrl,
} from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ShopifyAppConfig } from '../../platform/config.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { recordAudit } from '../audit/index.js';
import { findConnectedAccount, getAccount } from '../channels/index.js';
import { listApprovedTemplates } from '../templates/index.js';
import * as repo from './shopify.repository.js';
import {
  authorizeUrlOf,
  exchangeCode,
  fetchShop,
  subscribeWebhooks,
  unsubscribeWebhooks,
} from './shopify-admin.js';
import { signState } from './shopify-protocol.js';

/** Where Shopify posts the order webhooks and the compliance topics (one address; the topic header tells). */
export const SHOPIFY_WEBHOOK_PATH = '/webhooks/shopify';
export const SHOPIFY_CALLBACK_PATH = '/api/shopify/oauth/callback';

/** Where Shopify opens Sapa when a merchant installs it from Shopify (the App URL; sign-up via Shopify). */
export const SHOPIFY_APP_PATH = '/api/shopify/install';
/** How long the authorize page's `state` is honoured. */
export const STATE_TTL_SECONDS = 600;

export const shopifyWebhookUrl = (deps: ServerDeps) => `${deps.config.publicUrl}${SHOPIFY_WEBHOOK_PATH}`;
export const callbackUrl = (deps: ServerDeps) => `${deps.config.publicUrl}${SHOPIFY_CALLBACK_PATH}`;

export function appOf(deps: ServerDeps): ShopifyAppConfig {
  if (!deps.config.shopify) throw new AppError(409, 'shopify.notConfigured');
  return deps.config.shopify;
}

/** 000 §6 client index 29: the business's plan has the Shopify add-on. */
export function hasShopifyAddOn(auth: Pick<AuthContext, 'planFeatures'>): boolean {
  return hasFeatureBit(auth.planFeatures, PERMISSIONS.SHOPIFY.clientIndex);
}

function toStore(row: repo.StoreRow): ShopifyStore {
  return {
    shopDomain: row.shopDomain,
    shopName: row.shopName,
    status: row.status,
    channelAccountId: row.channelAccountId,
    connectedAt: row.connectedAt.getTime(),
  };
}

export async function getStore(deps: ServerDeps, auth: AuthContext) {
  const row = await repo.findStore(deps.db, auth.clientId);
  return { store: row ? toStore(row) : null, addOnActive: hasShopifyAddOn(auth) };
}

/**
 * The connect dialog (000 §2): the admin URL names the shop; Sapa answers Shopify's authorize page for it, with
 * a signed `state`. 000 §5: the URL is required, and a business keeps the shop it registered first.
 */
export async function startConnect(deps: ServerDeps, auth: AuthContext, adminUrl: string) {
  const app = appOf(deps);
  const shop = shopDomainFromAdminUrl(adminUrl);
  if (!shop) throw badRequest('shopify.connectFailed', { adminUrl: 'shopify.connectFailed' });
  const mine = await repo.findStore(deps.db, auth.clientId);
  if (mine && mine.shopDomain !== shop)
    throw conflict('shopify.shopNameLocked', { adminUrl: 'shopify.shopNameLocked' });
  const owner = await repo.findStoreByShop(deps.db, shop);
  if (owner && owner.clientId !== auth.clientId)
    throw conflict('shopify.shopTaken', { adminUrl: 'shopify.shopTaken' });
  const state = signState(deps.config.jwtSecret, {
    purpose: 'connect',
    clientId: auth.clientId,
    userId: auth.userId,
    shop,
    expiresAt: Math.floor(Date.now() / 1000) + STATE_TTL_SECONDS,
  });
  return { authorizeUrl: authorizeUrlOf(app, shop, callbackUrl(deps), state) };
}

/**
 * The store connected to a business with the offline token of a completed grant: saved (token sealed; a shop
 * another business holds is refused), the order webhooks subscribed, the business's WhatsApp number linked when
 * it has one, audited. Shared by the connect dialog's callback and a sign-up via Shopify claiming its install.
 */
export async function connectStore(
  deps: ServerDeps,
  app: ShopifyAppConfig,
  input: {
    clientId: string;
    userId: string;
    shop: string;
    info: { id: string; name: string };
    token: { accessToken: string; scope: string };
  },
) {
  const { clientId, shop, info, token } = input;
  const mine = await repo.findStore(deps.db, clientId);
  if (mine && mine.shopDomain !== shop) throw conflict('shopify.shopNameLocked');
  let row: repo.StoreRow;
  try {
    row = await repo.saveConnectedStore(deps.db, {
      clientId,
      shopDomain: shop,
      shopName: info.name,
      shopId: info.id,
      accessToken: deps.secrets.seal(token.accessToken),
      scope: token.scope,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('shopify.shopTaken');
    throw err;
  }
  await subscribeWebhooks(app, shop, token.accessToken, shopifyWebhookUrl(deps));
  if (!row.channelAccountId) {
    const whatsapp = await findConnectedAccount(deps.db, clientId, 'WAP');
    if (whatsapp) await repo.setStoreChannel(deps.db, clientId, whatsapp.id);
  }
  await recordAudit(deps.db, {
    clientId,
    actorUserId: input.userId,
    area: 'CHANNELS',
    action: 'shopifyConnect',
    target: { type: 'shopify', id: null },
    after: { shop, name: info.name },
  });
}

/**
 * The connect dialog's grant, after the callback checked `hmac` and `state`: the code exchanged for the offline
 * token, the shop read, the store connected. Answers the /shopify page address (`error=<key>` on failure).
 */
export async function finishConnect(
  deps: ServerDeps,
  app: ShopifyAppConfig,
  input: { clientId: string; userId: string; shop: string; code: string },
): Promise<string> {
  const page = `${deps.config.publicUrl}/shopify`;
  try {
    const token = await exchangeCode(app, input.shop, input.code);
    const info = await fetchShop(app, input.shop, token.accessToken);
    await connectStore(deps, app, { ...input, info, token });
    return `${page}?connected=1`;
  } catch (err) {
    deps.logger.warn({ err, shop: input.shop }, 'shopify connect failed');
    return `${page}?error=${encodeURIComponent(err instanceof AppError ? err.key : 'shopify.somethingWrong')}`;
  }
}

export async function updateStore(deps: ServerDeps, auth: AuthContext, channelAccountId: string) {
  const store = await repo.findStore(deps.db, auth.clientId);
  if (!store) throw conflict('shopify.noStore');
  const account = await getAccount(deps.db, auth.clientId, channelAccountId);
  if (account?.channel !== 'WAP' || account.status !== 'connected')
    throw badRequest('shopify.whatsappRequired', { channelAccountId: 'shopify.whatsappRequired' });
  const row = await repo.setStoreChannel(deps.db, auth.clientId, channelAccountId);
  if (!row) throw notFound();
  return toStore(row);
}

/** Disconnects: Sapa's webhook subscriptions removed at Shopify with the store's token, then the token dropped. */
export async function disconnect(deps: ServerDeps, auth: AuthContext) {
  const app = appOf(deps);
  const store = await repo.findStore(deps.db, auth.clientId);
  if (!store) throw notFound();
  if (store.accessToken)
    await unsubscribeWebhooks(
      app,
      store.shopDomain,
      deps.secrets.open(store.accessToken),
      shopifyWebhookUrl(deps),
    );
  await repo.markStoreDisconnected(deps.db, auth.clientId);
  await recordAudit(deps.db, {
    clientId: auth.clientId,
    actorUserId: auth.userId,
    area: 'CHANNELS',
    action: 'shopifyDisconnect',
    target: { type: 'shopify', id: null },
    before: { shop: store.shopDomain },
  });
  return { ok: true as const };
}

function automationOf(event: ShopifyEvent, row: repo.AutomationRow | undefined): ShopifyAutomation {
  return {
    event,
    enabled: row?.enabled ?? false,
    templateId: row?.templateId ?? null,
    variables: row?.variables ?? [],
  };
}

export async function listAutomationSettings(deps: ServerDeps, auth: AuthContext) {
  const [rows, store] = await Promise.all([
    repo.listAutomations(deps.db, auth.clientId),
    repo.findStore(deps.db, auth.clientId),
  ]);
  const byEvent = new Map(rows.map((r) => [r.event, r]));
  let templates: Awaited<ReturnType<typeof listApprovedTemplates>> = [];
  if (store?.channelAccountId) {
    try {
      templates = await listApprovedTemplates(deps.db, auth.clientId, store.channelAccountId);
    } catch (err) {
      deps.logger.warn({ err }, 'shopify templates');
      throw new AppError(500, 'shopify.templatesFailed');
    }
  }
  return {
    items: SHOPIFY_EVENTS.map((event) => automationOf(event, byEvent.get(event))),
    templates: templates.map((t) => ({
      id: t.id,
      name: t.name,
      language: t.language,
      body: t.body,
      variableCount: t.variables.length,
    })),
  };
}

/**
 * One event's automated message (000 §5): turning it on needs a connected store, the Shopify add-on and an
 * approved template of the sending number ('Template is required').
 */
export async function saveAutomationSetting(
  deps: ServerDeps,
  auth: AuthContext,
  event: string,
  body: { enabled: boolean; templateId: string | null; variables: ShopifyOrderField[] },
): Promise<ShopifyAutomation> {
  if (!(SHOPIFY_EVENTS as readonly string[]).includes(event)) throw notFound();
  const ev = event as ShopifyEvent;
  const store = await repo.findStore(deps.db, auth.clientId);
  if (body.enabled) {
    if (store?.status !== 'connected') throw conflict('shopify.noStore');
    if (!hasShopifyAddOn(auth)) throw new AppError(403, 'shopify.addOnRequired');
    if (!body.templateId)
      throw badRequest('shopify.templateRequired', { templateId: 'shopify.templateRequired' });
  }
  let variables = body.variables;
  if (body.templateId) {
    const approved = store?.channelAccountId
      ? await listApprovedTemplates(deps.db, auth.clientId, store.channelAccountId)
      : [];
    const template = approved.find((t) => t.id === body.templateId);
    if (!template) throw badRequest('shopify.templateRequired', { templateId: 'shopify.templateRequired' });
    const defaults = SHOPIFY_DEFAULT_FIELDS[ev];
    variables = template.variables.map((_, i) => body.variables[i] ?? defaults[i] ?? 'order_number');
  }
  const row = await repo.saveAutomation(deps.db, {
    clientId: auth.clientId,
    event: ev,
    enabled: body.enabled,
    templateId: body.templateId,
    variables,
  });
  return automationOf(ev, row);
}

const WIB_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;
const wibDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - WIB_OFFSET_MS);

/** The report (000 §2): messages per event — sent, delivered, read, failed, skipped — and the orders, by WIB days. */
export async function report(deps: ServerDeps, auth: AuthContext, query: { from?: string; to?: string }) {
  const to = query.to ? new Date(wibDayStart(query.to).getTime() + DAY_MS) : new Date(Date.now() + DAY_MS);
  const from = query.from ? wibDayStart(query.from) : new Date(to.getTime() - 31 * DAY_MS);
  if (from >= to) throw badRequest('validation.invalid', { from: 'validation.invalid' });
  const [rows, orders] = await Promise.all([
    repo.reportRows(deps.db, auth.clientId, from, to),
    repo.orderCounts(deps.db, auth.clientId, from, to),
  ]);
  const events = SHOPIFY_EVENTS.map((event) => ({
    event,
    sent: 0,
    delivered: 0,
    read: 0,
    failed: 0,
    skipped: 0,
  }));
  for (const r of rows) {
    const row = events.find((e) => e.event === r.event);
    if (!row) continue;
    if (r.outcome === 'skipped') row.skipped += r.count;
    else if (r.outcome === 'failed' || r.status === 'failed') row.failed += r.count;
    else {
      // A sent message counts as sent; delivered and read count the ones that got that far.
      row.sent += r.count;
      if (r.status === 'delivered' || r.status === 'read') row.delivered += r.count;
      if (r.status === 'read') row.read += r.count;
    }
  }
  return { events, orders };
}

/** The business's connected store with its access token opened (the demo restores its simulator's install). */
export async function connectedStoreOf(deps: ServerDeps, clientId: string) {
  const row = await repo.findStore(deps.db, clientId);
  if (row?.status !== 'connected' || !row.accessToken) return null;
  return { shopDomain: row.shopDomain, accessToken: deps.secrets.open(row.accessToken) };
}
