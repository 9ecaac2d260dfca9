import type { ChannelAccount, telegramAccountBody } from '@sapa/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../../../platform/auth/route-access.js';
import type { Db } from '../../../../platform/db/database.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { AppError, badRequest, conflict } from '../../../../platform/http/errors.js';
import {
  channelAccounts,
  type TelegramConfig,
  type TelegramSecrets,
  telegramConfigOf,
} from '../../channels.schema.js';
import {
  type ChannelAccountRow,
  findConnectedAccount,
  insertConnectedAccount,
  markAccountDisconnected,
  openSecrets,
  requireChannelManager,
  toChannelAccount,
  webhookUrlOf,
} from '../../channels.service.js';
import { botApiTargetOf } from './account-target.js';
import { type BotApiTarget, callBotApi, TELEGRAM_API_BASE_URL } from './bot-api.js';
import { newWebhookSecret } from './webhook-secret.js';

/** What Telegram answers `getMe` with (the parts Sapa keeps). */
interface BotUser {
  id?: number;
  is_bot?: boolean;
  first_name?: string;
  username?: string;
}

/** The updates Sapa asks Telegram for: customers' messages, and their taps on the inline keyboards Sapa sends. */
const ALLOWED_UPDATES = ['message', 'callback_query'];

/** The spec's error for a Bot API failure while connecting: a token Telegram refuses, or the provider failing. */
function connectError(result: { code: number | null }) {
  if (result.code === 401 || result.code === 404) return invalidToken();
  return new AppError(502, 'channel.connectFailed');
}

const invalidToken = () => badRequest('channel.tokenInvalid', { botToken: 'channel.tokenInvalid' });

/** The bot behind a token (`getMe`); refused when Telegram does not know it. */
async function botOf(
  target: BotApiTarget,
): Promise<{ id: number; username: string; firstName: string | null }> {
  const me = await callBotApi<BotUser>(target, 'getMe', {});
  if (!me.ok) throw connectError(me);
  const { id, username, first_name: firstName, is_bot: isBot } = me.value ?? {};
  if (typeof id !== 'number' || !username || isBot === false) throw invalidToken();
  return { id, username, firstName: firstName ?? null };
}

/** 001 §8: the bot is connected to another business ("token registered on another client"). */
async function refuseBotOfAnotherClient(deps: ServerDeps, clientId: string, botId: string) {
  const [other] = await deps.db
    .select({ id: channelAccounts.id })
    .from(channelAccounts)
    .where(
      and(
        eq(channelAccounts.channel, 'TLG'),
        eq(channelAccounts.status, 'connected'),
        sql`${channelAccounts.config}->>'botId' = ${botId}`,
        ne(channelAccounts.clientId, clientId),
      ),
    );
  if (other) throw conflict('channel.tokenOnAnotherClient', { botToken: 'channel.tokenOnAnotherClient' });
}

/**
 * 001 §2 Telegram bot token dialog: the owner or an admin gives the bot's token; Sapa asks Telegram who the
 * bot is (`getMe`), stores the account (token and a new random `secret_token`, sealed), then points the bot's
 * webhook at Sapa with that secret (`setWebhook`). One Telegram bot per business (001 §9), a bot in one
 * business only; when Telegram refuses the webhook the account is disconnected again and the reason shown.
 */
export async function connectTelegram(
  deps: ServerDeps,
  auth: AuthContext,
  body: z.output<typeof telegramAccountBody>,
): Promise<ChannelAccount> {
  requireChannelManager(auth);
  if (!deps.partner.allowedChannels.includes('TLG')) throw new AppError(400, 'channel.notOffered');
  if (await findConnectedAccount(deps.db, auth.clientId, 'TLG')) throw conflict('channel.telegramExists');
  const apiBaseUrl = (body.apiBaseUrl ?? TELEGRAM_API_BASE_URL).replace(/\/$/, '');
  const target = { apiBaseUrl, botToken: body.botToken };
  const bot = await botOf(target);
  await refuseBotOfAnotherClient(deps, auth.clientId, String(bot.id));
  const secrets: TelegramSecrets = { botToken: body.botToken, webhookSecret: newWebhookSecret() };
  const row = await insertTelegramAccount(deps, auth.clientId, {
    name: body.name || bot.firstName || bot.username,
    config: { botId: String(bot.id), botUsername: bot.username, apiBaseUrl },
    secrets,
  });
  const hooked = await setTelegramWebhook(deps, row);
  if (!hooked.ok) {
    await markAccountDisconnected(deps.db, row);
    throw connectError(hooked);
  }
  return toChannelAccount(deps, row);
}

/**
 * Points the account's bot at Sapa (`setWebhook` with the account's webhook URL and secret token, customers'
 * messages only). Also used by the demo wiring after its simulator restarts.
 */
export function setTelegramWebhook(deps: Pick<ServerDeps, 'config' | 'secrets'>, account: ChannelAccountRow) {
  const secrets = openSecrets<TelegramSecrets>(deps, account);
  return callBotApi<boolean>(botApiTargetOf(deps, account), 'setWebhook', {
    url: webhookUrlOf(deps, account),
    secret_token: secrets.webhookSecret,
    allowed_updates: ALLOWED_UPDATES,
  });
}

/**
 * 001 §4 refresh: the token still opens the same bot (`getMe`) and the bot's webhook points at Sapa again
 * (`setWebhook`); throws the 001 §8 error otherwise.
 */
export async function refreshTelegramAccount(
  deps: Pick<ServerDeps, 'config' | 'secrets'>,
  account: ChannelAccountRow,
) {
  const bot = await botOf(botApiTargetOf(deps, account));
  if (String(bot.id) !== telegramConfigOf(account).botId) throw invalidToken();
  const hooked = await setTelegramWebhook(deps, account);
  if (!hooked.ok) throw connectError(hooked);
}

/** Points a Telegram account at another Bot API (the demo's simulator, after a restart on a new port). */
export async function setTelegramApiBaseUrl(db: Db, account: ChannelAccountRow, apiBaseUrl: string) {
  const config = { ...telegramConfigOf(account), apiBaseUrl };
  await db
    .update(channelAccounts)
    .set({ config })
    .where(and(eq(channelAccounts.clientId, account.clientId), eq(channelAccounts.id, account.id)));
  return { ...account, config };
}

/** Stores a connected Telegram account (also used by the demo wiring). */
export function insertTelegramAccount(
  deps: Pick<ServerDeps, 'db' | 'secrets'>,
  clientId: string,
  input: { name: string; config: TelegramConfig; secrets: TelegramSecrets },
): Promise<ChannelAccountRow> {
  const account = { ...input, clientId, channel: 'TLG' as const, name: input.name.slice(0, 60) };
  // Lost a race: another request connected a bot for this business, or this bot elsewhere.
  return insertConnectedAccount(deps, { ...account, address: `@${input.config.botUsername}` }, () =>
    conflict('channel.telegramExists'),
  );
}
