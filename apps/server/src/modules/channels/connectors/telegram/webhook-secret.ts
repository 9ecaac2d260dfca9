import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerDeps } from '../../../../platform/deps.js';
import type { ChannelAccountRow } from '../connector.js';
import { botApiTargetOf } from './account-target.js';
import { callBotApi } from './bot-api.js';

/** The header Telegram puts the `secret_token` of `setWebhook` in, on every delivery. */
export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** A new `secret_token` (1–256 characters of A-Z, a-z, 0-9, `_` and `-`): 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The delivery carries the account's secret token, compared in constant time; missing or wrong: false. */
export function validTelegramSecret(secret: string, header: unknown): boolean {
  if (typeof header !== 'string' || secret === '') return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A disconnected bot stops sending Sapa its updates (`deleteWebhook`); throws when Telegram refuses. */
export async function deleteTelegramWebhook(deps: Pick<ServerDeps, 'secrets'>, account: ChannelAccountRow) {
  const result = await callBotApi<boolean>(botApiTargetOf(deps, account), 'deleteWebhook', {});
  if (!result.ok)
    throw new Error(`telegram deleteWebhook ${result.code ?? 'network'}: ${result.description}`);
}
