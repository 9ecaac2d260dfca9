import type { ChannelAccount, lineAccountBody } from '@sapa/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../../../platform/auth/route-access.js';
import type { Db } from '../../../../platform/db/database.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { AppError, badRequest, conflict } from '../../../../platform/http/errors.js';
import { channelAccounts, type LineConfig, type LineSecrets, lineConfigOf } from '../../channels.schema.js';
import {
  type ChannelAccountRow,
  findConnectedAccount,
  insertConnectedAccount,
  markAccountDisconnected,
  requireChannelManager,
  toChannelAccount,
  webhookUrlOf,
} from '../../channels.service.js';
import { lineApiTargetOf } from './account-target.js';
import {
  callLineApi,
  LINE_API_BASE_URL,
  LINE_DATA_BASE_URL,
  type LineApiResult,
  type LineApiTarget,
} from './messaging-api.js';

/** What LINE answers `GET /v2/bot/info` with (the parts Sapa keeps). */
interface BotInfo {
  userId?: string;
  basicId?: string;
  displayName?: string;
}

const invalidToken = () => badRequest('channel.tokenInvalid', { accessToken: 'channel.tokenInvalid' });

/** The spec's error for a Messaging API failure while connecting: a token LINE refuses, or LINE failing. */
function connectError(result: Extract<LineApiResult<unknown>, { ok: false }>) {
  if (result.status === 401 || result.status === 403) return invalidToken();
  return new AppError(502, 'channel.connectFailed');
}

/** The bot behind an access token (`/v2/bot/info`); refused when LINE does not know it. */
async function botOf(
  target: LineApiTarget,
): Promise<{ userId: string; basicId: string; name: string | null }> {
  const info = await callLineApi<BotInfo>(target, 'GET', '/v2/bot/info');
  if (!info.ok) throw connectError(info);
  const { userId, basicId, displayName } = info.value;
  if (typeof userId !== 'string' || !userId || typeof basicId !== 'string') throw invalidToken();
  return { userId, basicId, name: displayName ?? null };
}

/** 001 §8: the LINE bot is connected to another business ("token registered on another client"). */
async function refuseBotOfAnotherClient(db: Db, clientId: string, botUserId: string) {
  const [other] = await db
    .select({ id: channelAccounts.id })
    .from(channelAccounts)
    .where(
      and(
        eq(channelAccounts.channel, 'LNE'),
        eq(channelAccounts.status, 'connected'),
        sql`${channelAccounts.config}->>'botUserId' = ${botUserId}`,
        ne(channelAccounts.clientId, clientId),
      ),
    );
  if (other) throw conflict('channel.tokenOnAnotherClient', { accessToken: 'channel.tokenOnAnotherClient' });
}

/**
 * 001 §2 LINE dialog: the owner or an admin gives the channel secret and channel access token; Sapa asks LINE
 * whose token it is (`/v2/bot/info`), stores the account (both secrets sealed, "webhook verification pending"),
 * points LINE's webhook at Sapa (`PUT /v2/bot/channel/webhook/endpoint`) and asks LINE to test it
 * (`POST /v2/bot/channel/webhook/test`): LINE's empty, signed verification call marks the account verified
 * (`markLineWebhookVerified`). One LINE account per business (001 §9), a bot in one business only; when LINE
 * refuses the endpoint the account is disconnected again and the reason shown.
 */
export async function connectLine(
  deps: ServerDeps,
  auth: AuthContext,
  body: z.output<typeof lineAccountBody>,
): Promise<ChannelAccount> {
  requireChannelManager(auth);
  if (!deps.partner.allowedChannels.includes('LNE')) throw new AppError(400, 'channel.notOffered');
  if (await findConnectedAccount(deps.db, auth.clientId, 'LNE')) throw conflict('channel.lineExists');
  const apiBaseUrl = (body.apiBaseUrl ?? LINE_API_BASE_URL).replace(/\/$/, '');
  const dataBaseUrl = (body.dataBaseUrl ?? LINE_DATA_BASE_URL).replace(/\/$/, '');
  const bot = await botOf({ apiBaseUrl, dataBaseUrl, accessToken: body.accessToken });
  await refuseBotOfAnotherClient(deps.db, auth.clientId, bot.userId);
  const row = await insertLineAccount(deps, auth.clientId, {
    name: body.name || bot.name || bot.basicId,
    config: { botUserId: bot.userId, basicId: bot.basicId, apiBaseUrl, dataBaseUrl, webhookVerifiedAt: null },
    secrets: { channelSecret: body.channelSecret, accessToken: body.accessToken },
  });
  const hooked = await setLineWebhook(deps, row);
  if (!hooked.ok) {
    await markAccountDisconnected(deps.db, row);
    throw connectError(hooked);
  }
  const [fresh] = await deps.db
    .select()
    .from(channelAccounts)
    .where(and(eq(channelAccounts.clientId, row.clientId), eq(channelAccounts.id, row.id)));
  return toChannelAccount(deps, fresh ?? row);
}

/**
 * Points the account's LINE channel at Sapa's webhook URL, then asks LINE to send its verification call there
 * (best effort: the call's own outcome is the account's state). Also used by the demo after its simulator
 * restarts.
 */
export async function setLineWebhook(
  deps: Pick<ServerDeps, 'config' | 'secrets'>,
  account: ChannelAccountRow,
): Promise<LineApiResult<unknown>> {
  const target = lineApiTargetOf(deps, account);
  const endpoint = webhookUrlOf(deps, account);
  const set = await callLineApi(target, 'PUT', '/v2/bot/channel/webhook/endpoint', { endpoint });
  if (!set.ok) return set;
  await callLineApi(target, 'POST', '/v2/bot/channel/webhook/test', { endpoint });
  return set;
}

/**
 * 001 §4 refresh: the access token still opens the same bot (`/v2/bot/info`) and LINE's webhook points at Sapa
 * again (which asks LINE for a new verification call); throws the 001 §8 error otherwise.
 */
export async function refreshLineAccount(
  deps: Pick<ServerDeps, 'config' | 'secrets'>,
  account: ChannelAccountRow,
) {
  const bot = await botOf(lineApiTargetOf(deps, account));
  if (bot.userId !== lineConfigOf(account).botUserId) throw invalidToken();
  const hooked = await setLineWebhook(deps, account);
  if (!hooked.ok) throw connectError(hooked);
}

/** LINE's verification call arrived for a connected account: no longer "webhook verification pending". */
export async function markLineWebhookVerified(
  deps: Pick<ServerDeps, 'db'>,
  account: { clientId: string; id: string },
) {
  await deps.db
    .update(channelAccounts)
    .set({
      config: sql`${channelAccounts.config} || jsonb_build_object('webhookVerifiedAt', ${Date.now()}::bigint)`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(channelAccounts.clientId, account.clientId),
        eq(channelAccounts.id, account.id),
        eq(channelAccounts.channel, 'LNE'),
        eq(channelAccounts.status, 'connected'),
        sql`(${channelAccounts.config}->>'webhookVerifiedAt') is null`,
      ),
    );
}

/** Points a LINE account at other hosts (the demo's simulator, after a restart on a new port). */
export async function setLineBaseUrls(
  db: Db,
  account: ChannelAccountRow,
  urls: Pick<LineConfig, 'apiBaseUrl' | 'dataBaseUrl'>,
) {
  const config = { ...lineConfigOf(account), ...urls };
  await db
    .update(channelAccounts)
    .set({ config })
    .where(and(eq(channelAccounts.clientId, account.clientId), eq(channelAccounts.id, account.id)));
  return { ...account, config };
}

/** Stores a connected LINE account (also used by the demo wiring). */
export function insertLineAccount(
  deps: Pick<ServerDeps, 'db' | 'secrets'>,
  clientId: string,
  input: { name: string; config: LineConfig; secrets: LineSecrets },
): Promise<ChannelAccountRow> {
  const account = { ...input, clientId, channel: 'LNE' as const, name: input.name.slice(0, 60) };
  // Lost a race: another request connected a LINE account for this business, or this bot elsewhere.
  return insertConnectedAccount(deps, { ...account, address: input.config.basicId }, () =>
    conflict('channel.lineExists'),
  );
}
