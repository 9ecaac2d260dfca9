import type { ServerDeps } from '../../../../platform/deps.js';
import { type TelegramSecrets, telegramConfigOf } from '../../channels.schema.js';
import { openSecrets } from '../../channels.service.js';
import type { ChannelAccountRow } from '../connector.js';
import type { BotApiTarget } from './bot-api.js';

/** Where an account's Bot API calls go: its base URL and its bot token (opened from its sealed secrets). */
export function botApiTargetOf(
  deps: Pick<ServerDeps, 'secrets'>,
  account: Pick<ChannelAccountRow, 'channel' | 'config' | 'secrets'>,
): BotApiTarget {
  return {
    apiBaseUrl: telegramConfigOf(account).apiBaseUrl,
    botToken: openSecrets<TelegramSecrets>(deps, account).botToken,
  };
}
