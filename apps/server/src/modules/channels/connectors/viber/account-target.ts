import type { ServerDeps } from '../../../../platform/deps.js';
import { type ViberSecrets, viberConfigOf } from '../../channels.schema.js';
import { openSecrets } from '../../channels.service.js';
import type { ChannelAccountRow } from '../connector.js';
import type { ViberApiTarget } from './viber-api.js';

/** Where an account's Viber API calls go: its base URL and its auth token (opened from its sealed secrets). */
export function viberApiTargetOf(
  deps: Pick<ServerDeps, 'secrets'>,
  account: Pick<ChannelAccountRow, 'channel' | 'config' | 'secrets'>,
): ViberApiTarget {
  return {
    apiBaseUrl: viberConfigOf(account).apiBaseUrl,
    authToken: openSecrets<ViberSecrets>(deps, account).authToken,
  };
}
