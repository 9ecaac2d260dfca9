import type { ServerDeps } from '../../../../platform/deps.js';
import type { ChannelAccountRow, ChannelConnector } from '../connector.js';
import { getMetaProfile, markMetaSeen, metaTargetOf } from './send-api.js';

/**
 * Opening a chat marks it seen for the customer (`sender_action: mark_seen` to their id): Messenger and
 * Instagram read receipts go to the customer, not to a message.
 */
export const metaMarkSeen: NonNullable<ChannelConnector['markRead']> = async (
  deps,
  account,
  _mid,
  customerId,
) => {
  if (!customerId) return { ok: true };
  const result = await markMetaSeen(metaTargetOf(deps, account), customerId);
  return result.ok ? { ok: true } : { ok: false, retryable: result.retryable, detail: result.title };
};

/**
 * The customer's name from the User Profile API (Messenger `name`; Instagram `name`, else `@username`); null
 * when Meta gives none or refuses for good. Throws when worth another try (network, 5xx).
 */
export async function metaProfileName(
  deps: Pick<ServerDeps, 'secrets'>,
  account: ChannelAccountRow,
  customerId: string,
): Promise<string | null> {
  const fields = account.channel === 'IGM' ? 'name,username' : 'name';
  const result = await getMetaProfile(metaTargetOf(deps, account), customerId, fields);
  if (!result.ok) {
    if (result.retryable) throw new Error(`meta profile ${result.status ?? 'network'}`);
    return null;
  }
  const name = result.value?.name?.trim();
  if (name) return name.slice(0, 100);
  return result.value?.username ? `@${result.value.username}` : null;
}
