import type { ServerDeps } from '../../../../platform/deps.js';
import { type LineSecrets, lineConfigOf } from '../../channels.schema.js';
import { openSecrets } from '../../channels.service.js';
import type { ChannelAccountRow } from '../connector.js';
import type { LineApiTarget } from './messaging-api.js';

/** Where an account's Messaging API calls go: its hosts and its channel access token (opened from its secrets). */
export function lineApiTargetOf(
  deps: Pick<ServerDeps, 'secrets'>,
  account: Pick<ChannelAccountRow, 'channel' | 'config' | 'secrets'>,
): LineApiTarget {
  const { apiBaseUrl, dataBaseUrl } = lineConfigOf(account);
  return { apiBaseUrl, dataBaseUrl, accessToken: openSecrets<LineSecrets>(deps, account).accessToken };
}
