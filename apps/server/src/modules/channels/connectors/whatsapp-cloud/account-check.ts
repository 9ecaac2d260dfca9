import type { ServerDeps } from '../../../../platform/deps.js';
import { AppError, badRequest } from '../../../../platform/http/errors.js';
import { getGraph } from '../../../../platform/whatsapp/graph-client.js';
import { type WhatsappCloudSecrets, whatsappConfigOf } from '../../channels.schema.js';
import { openSecrets } from '../../channels.service.js';
import type { ChannelAccountRow } from '../connector.js';

/**
 * 001 §4 refresh of a WhatsApp Cloud account: the access token still opens its phone number
 * (`GET /{phone-number-id}`); a token Meta refuses is "invalid token", a number it does not know "account not
 * found or failed", anything else the generic connect failure (001 §8).
 */
export async function refreshWhatsappAccount(deps: Pick<ServerDeps, 'secrets'>, account: ChannelAccountRow) {
  const config = whatsappConfigOf(account);
  const { accessToken } = openSecrets<WhatsappCloudSecrets>(deps, account);
  const number = await getGraph<{ id?: string }>(
    config.graphBaseUrl,
    accessToken,
    encodeURIComponent(config.phoneNumberId),
  );
  if (number.ok) return;
  if (number.code === 190 || number.status === 401) throw badRequest('channel.tokenInvalid');
  if (number.code === 100 || number.status === 404) throw badRequest('channel.accountNotFound');
  throw new AppError(502, 'channel.connectFailed');
}
