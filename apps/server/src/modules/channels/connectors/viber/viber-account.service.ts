import type { ChannelAccount, viberAccountBody } from '@sapa/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../../../platform/auth/route-access.js';
import type { Db } from '../../../../platform/db/database.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { AppError, badRequest, conflict } from '../../../../platform/http/errors.js';
import {
  channelAccounts,
  type ViberConfig,
  type ViberSecrets,
  viberConfigOf,
} from '../../channels.schema.js';
import {
  type ChannelAccountRow,
  findConnectedAccount,
  insertConnectedAccount,
  markAccountDisconnected,
  requireChannelManager,
  toChannelAccount,
  webhookUrlOf,
} from '../../channels.service.js';
import { viberApiTargetOf } from './account-target.js';
import {
  callViberApi,
  VIBER_API_BASE_URL,
  VIBER_STATUS,
  type ViberApiResult,
  type ViberApiTarget,
} from './viber-api.js';

/** What Viber answers `get_account_info` with (the parts Sapa keeps). */
interface AccountInfo {
  id?: string;
  name?: string;
  uri?: string;
}

/** The callbacks Sapa asks Viber for, besides messages (always sent). */
export const VIBER_EVENT_TYPES = [
  'delivered',
  'seen',
  'failed',
  'subscribed',
  'unsubscribed',
  'conversation_started',
] as const;

const invalidToken = () => badRequest('channel.tokenInvalid', { botToken: 'channel.tokenInvalid' });

/** The spec's error for a Viber failure while connecting: a token Viber refuses, or Viber failing. */
function connectError(result: Extract<ViberApiResult<unknown>, { ok: false }>) {
  if (result.status === VIBER_STATUS.invalidAuthToken) return invalidToken();
  return new AppError(502, 'channel.connectFailed');
}

/** The bot behind a token (`get_account_info`); refused when Viber does not know it. */
export async function viberBotOf(target: ViberApiTarget) {
  const info = await callViberApi<AccountInfo>(target, 'get_account_info', {});
  if (!info.ok) return info;
  const { id, name, uri } = info.value;
  if (typeof id !== 'string' || !id)
    return { ok: false as const, retryable: false, status: 2, description: 'invalidAuthToken' };
  return { ok: true as const, value: { id, name: name || uri || id, uri: uri ?? '' } };
}

/** 001 §8: the bot is connected to another business ("token registered on another client"). */
async function refuseBotOfAnotherClient(db: Db, clientId: string, viberBotId: string) {
  const [other] = await db
    .select({ id: channelAccounts.id })
    .from(channelAccounts)
    .where(
      and(
        eq(channelAccounts.channel, 'VBR'),
        eq(channelAccounts.status, 'connected'),
        sql`${channelAccounts.config}->>'viberBotId' = ${viberBotId}`,
        ne(channelAccounts.clientId, clientId),
      ),
    );
  if (other) throw conflict('channel.tokenOnAnotherClient', { botToken: 'channel.tokenOnAnotherClient' });
}

/**
 * 001 §2 "Viber and Telegram bot token" dialog: the owner or an admin gives the bot's authentication token;
 * Sapa asks Viber whose it is (`get_account_info`), stores the account (token sealed), then points the bot's
 * callbacks at Sapa (`set_webhook`): Viber checks the URL at once with a signed `webhook` callback, which the
 * webhook route answers 200. One Viber bot per business (001 §9), a bot in one business only; when Viber
 * refuses the webhook the account is disconnected again and the reason shown.
 */
export async function connectViber(
  deps: ServerDeps,
  auth: AuthContext,
  body: z.output<typeof viberAccountBody>,
): Promise<ChannelAccount> {
  requireChannelManager(auth);
  if (!deps.partner.allowedChannels.includes('VBR')) throw new AppError(400, 'channel.notOffered');
  if (await findConnectedAccount(deps.db, auth.clientId, 'VBR')) throw conflict('channel.viberExists');
  const apiBaseUrl = (body.apiBaseUrl ?? VIBER_API_BASE_URL).replace(/\/$/, '');
  const bot = await viberBotOf({ apiBaseUrl, authToken: body.botToken });
  if (!bot.ok) throw connectError(bot);
  await refuseBotOfAnotherClient(deps.db, auth.clientId, bot.value.id);
  const row = await insertViberAccount(deps, auth.clientId, {
    name: body.name || bot.value.name,
    config: { viberBotId: bot.value.id, botUri: bot.value.uri, apiBaseUrl },
    secrets: { authToken: body.botToken },
  });
  const hooked = await setViberWebhook(deps, row);
  if (!hooked.ok) {
    await markAccountDisconnected(deps.db, row);
    throw connectError(hooked);
  }
  return toChannelAccount(deps, row);
}

/**
 * Points the account's bot at Sapa (`set_webhook` with the account's webhook URL, the events Sapa reads, the
 * sender's name and photo). Also used by the demo wiring after its simulator restarts.
 */
export function setViberWebhook(deps: Pick<ServerDeps, 'config' | 'secrets'>, account: ChannelAccountRow) {
  return callViberApi<{ event_types?: string[] }>(viberApiTargetOf(deps, account), 'set_webhook', {
    url: webhookUrlOf(deps, account),
    event_types: VIBER_EVENT_TYPES,
    send_name: true,
    send_photo: true,
  });
}

/**
 * 001 §4 refresh: the token still opens the same bot (`get_account_info`) and its callbacks point at Sapa again
 * (`set_webhook`); throws the 001 §8 error otherwise.
 */
export async function refreshViberAccount(
  deps: Pick<ServerDeps, 'config' | 'secrets'>,
  account: ChannelAccountRow,
) {
  const bot = await viberBotOf(viberApiTargetOf(deps, account));
  if (!bot.ok) throw connectError(bot);
  if (bot.value.id !== viberConfigOf(account).viberBotId) throw invalidToken();
  const hooked = await setViberWebhook(deps, account);
  if (!hooked.ok) throw connectError(hooked);
}

/** A disconnected bot stops sending Sapa its callbacks (`set_webhook` with an empty URL). */
export async function removeViberWebhook(deps: Pick<ServerDeps, 'secrets'>, account: ChannelAccountRow) {
  const result = await callViberApi(viberApiTargetOf(deps, account), 'set_webhook', { url: '' });
  if (!result.ok)
    throw new Error(`viber set_webhook '' ${result.status ?? 'network'}: ${result.description}`);
}

/** Points a Viber account at another API base (the demo's simulator, after a restart on a new port). */
export async function setViberApiBaseUrl(db: Db, account: ChannelAccountRow, apiBaseUrl: string) {
  const config = { ...viberConfigOf(account), apiBaseUrl };
  await db
    .update(channelAccounts)
    .set({ config })
    .where(and(eq(channelAccounts.clientId, account.clientId), eq(channelAccounts.id, account.id)));
  return { ...account, config };
}

/** Stores a connected Viber account (also used by the demo wiring). */
export function insertViberAccount(
  deps: Pick<ServerDeps, 'db' | 'secrets'>,
  clientId: string,
  input: { name: string; config: ViberConfig; secrets: ViberSecrets },
): Promise<ChannelAccountRow> {
  const account = { ...input, clientId, channel: 'VBR' as const, name: input.name.slice(0, 60) };
  // Lost a race: another request connected a bot for this business, or this bot elsewhere.
  return insertConnectedAccount(deps, { ...account, address: input.config.botUri || input.name }, () =>
    conflict('channel.viberExists'),
  );
}
