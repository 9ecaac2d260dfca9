import type { ChannelAccount, ChannelCode } from '@sapa/contracts';

/**
 * The channels a picker may offer (issue 16): those of `allowed` (the partner's, in its order) on which the
 * business has a connected account. Auto Assign and views on a channel nobody can write from find nothing.
 */
export function connectedChannels(
  accounts: readonly Pick<ChannelAccount, 'channel' | 'status'>[],
  allowed: readonly ChannelCode[],
): ChannelCode[] {
  const connected = new Set(accounts.filter((a) => a.status === 'connected').map((a) => a.channel));
  return allowed.filter((code) => connected.has(code));
}
