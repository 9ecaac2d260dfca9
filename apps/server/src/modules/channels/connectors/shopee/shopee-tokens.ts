import { and, eq, sql } from 'drizzle-orm';
import type { ShopeePartnerConfig } from '../../../../platform/config.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { defineDrain } from '../../../../platform/jobs/job-queue.js';
import { channelAccounts, type ShopeeSecrets, shopeeConfigOf } from '../../channels.schema.js';
import { type ChannelAccountRow, openSecrets } from '../../channels.service.js';
import { callShopee, type ShopAuth, type ShopeeResult, type ShopeeTokens } from './open-api.js';

/**
 * A shop's tokens (open.shopee.com "Authorization and Authentication"): the access token serves 4 hours, the
 * refresh token 30 days and once. Both are sealed in the account's secrets and the access token's expiry is
 * in its config, so a refresh made before a restart is the one used after it. A token is refreshed when less
 * than `REFRESH_MARGIN_MS` of it is left — on use, and by the sweep below for shops nobody writes to — under
 * the account row's lock, so two processes never spend one refresh token twice.
 */
export const REFRESH_MARGIN_MS = 10 * 60_000;
const SWEEP_POLL_MS = 60_000;
/** The sweep refreshes every shop whose token will be within the margin before its next round. */
const SWEEP_AHEAD_MS = REFRESH_MARGIN_MS + SWEEP_POLL_MS;

type Failure = Extract<ShopeeResult<unknown>, { ok: false }>;

export function partnerOf(deps: Pick<ServerDeps, 'config'>): ShopeePartnerConfig | null {
  return deps.config.shopee;
}

const notConfigured = (): Failure => ({
  ok: false,
  retryable: false,
  invalidToken: false,
  status: null,
  description: 'Shopee is not configured on this server',
});

/** The shop's access token, refreshed first when it is (nearly) expired or `force` says Shopee refused it. */
export async function shopAuthOf(
  deps: Pick<ServerDeps, 'config' | 'secrets' | 'db'>,
  account: ChannelAccountRow,
  options: { force?: boolean } = {},
): Promise<{ ok: true; auth: ShopAuth } | Failure> {
  const { shopId, accessTokenExpiresAt } = shopeeConfigOf(account);
  const { accessToken } = openSecrets<ShopeeSecrets>(deps, account);
  if (!options.force && accessTokenExpiresAt - Date.now() > REFRESH_MARGIN_MS)
    return { ok: true, auth: { accessToken, shopId } };
  return refreshShopTokens(deps, account, accessToken);
}

/**
 * Refreshes the shop's tokens under the account row's lock. When another process refreshed them meanwhile
 * (the stored access token is no longer `stale` and is fresh), that one is used and Shopee is not asked.
 */
export async function refreshShopTokens(
  deps: Pick<ServerDeps, 'config' | 'secrets' | 'db'>,
  account: Pick<ChannelAccountRow, 'clientId' | 'id'>,
  stale: string | null,
): Promise<{ ok: true; auth: ShopAuth } | Failure> {
  const partner = partnerOf(deps);
  if (!partner) return notConfigured();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(channelAccounts)
      .where(and(eq(channelAccounts.clientId, account.clientId), eq(channelAccounts.id, account.id)))
      .for('update');
    if (row?.status !== 'connected') return { ...notConfigured(), description: 'account disconnected' };
    const config = shopeeConfigOf(row);
    const secrets = openSecrets<ShopeeSecrets>(deps, row);
    if (secrets.accessToken !== stale && config.accessTokenExpiresAt - Date.now() > REFRESH_MARGIN_MS)
      return { ok: true as const, auth: { accessToken: secrets.accessToken, shopId: config.shopId } };
    const fresh = await callShopee<ShopeeTokens>(partner, {
      path: '/api/v2/auth/access_token/get',
      body: { refresh_token: secrets.refreshToken, partner_id: partner.partnerId, shop_id: config.shopId },
    });
    if (!fresh.ok) return fresh;
    const tokens = tokensOf(fresh.value);
    await tx
      .update(channelAccounts)
      .set({
        secrets: deps.secrets.seal(JSON.stringify(tokens.secrets)),
        config: { ...config, accessTokenExpiresAt: tokens.expiresAt },
        updatedAt: new Date(),
      })
      .where(and(eq(channelAccounts.clientId, row.clientId), eq(channelAccounts.id, row.id)));
    return { ok: true as const, auth: { accessToken: tokens.secrets.accessToken, shopId: config.shopId } };
  });
}

/** A token answer as Sapa keeps it: the pair (sealed) and when the access token expires. */
export function tokensOf(
  answer: ShopeeTokens,
  now = Date.now(),
): { secrets: ShopeeSecrets; expiresAt: number } {
  return {
    secrets: { accessToken: answer.access_token, refreshToken: answer.refresh_token },
    expiresAt: now + Math.max(60, Number(answer.expire_in) || 0) * 1000,
  };
}

/**
 * The sweep: every connected shop whose access token is (nearly) within the margin is refreshed (a shop no
 * agent writes to keeps a live refresh token). A failure is logged and left for the next sweep or the next use.
 */
export function shopeeTokenRefreshDrain(deps: ServerDeps) {
  return defineDrain({
    name: 'channels.shopee-token-refresh',
    pollMs: SWEEP_POLL_MS,
    drain: async () => {
      if (!partnerOf(deps)) return false;
      const due = await deps.db
        .select({ clientId: channelAccounts.clientId, id: channelAccounts.id })
        .from(channelAccounts)
        .where(
          and(
            eq(channelAccounts.channel, 'SHP'),
            eq(channelAccounts.status, 'connected'),
            sql`(${channelAccounts.config}->>'accessTokenExpiresAt')::bigint < ${Date.now() + SWEEP_AHEAD_MS}`,
          ),
        )
        .limit(50);
      for (const account of due) {
        const refreshed = await refreshShopTokens(deps, account, null);
        if (!refreshed.ok)
          deps.logger.warn(
            { channelAccountId: account.id, status: refreshed.status, error: refreshed.description },
            'shopee token refresh failed',
          );
      }
      return false;
    },
  });
}
