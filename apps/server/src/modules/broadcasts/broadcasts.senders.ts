import type { BroadcastSenderSettings } from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import { connectorFor, getAccount } from '../channels/index.js';
import * as repo from './broadcasts.repository.js';
import { senderOf } from './broadcasts.start.js';

/** The numbers broadcasts are sent from: their throughput and daily quota (001 §4). */

/**
 * The connected number a broadcast is sent from (an account whose channel sends templates: WhatsApp), else
 * 400 with the spec's message.
 */
export async function requireSender(deps: ServerDeps, clientId: string, channelAccountId: string) {
  const account = await getAccount(deps.db, clientId, channelAccountId);
  if (account?.status !== 'connected' || !connectorFor(account.channel)?.capabilities.templates)
    throw badRequest('broadcast.senderRequired', { channelAccountId: 'broadcast.senderRequired' });
  return account;
}

async function senderSettings(
  deps: ServerDeps,
  clientId: string,
  channelAccountId: string,
): Promise<BroadcastSenderSettings> {
  const s = await senderOf(deps.db, clientId, channelAccountId);
  return {
    channelAccountId,
    throughputPerSecond: s.throughputPerSecond,
    dailyQuota: s.dailyQuota,
    usedLast24h: await repo.usedLast24h(deps.db, clientId, channelAccountId),
  };
}

export async function getSenderSettings(deps: ServerDeps, auth: AuthContext, channelAccountId: string) {
  await requireSender(deps, auth.clientId, channelAccountId).catch(() => {
    throw notFound();
  });
  return senderSettings(deps, auth.clientId, channelAccountId);
}

/** Throughput (1-1,000 msg/s, 001 §4 provider limit) and daily quota of a number: owners and admins only. */
export async function updateSenderSettings(
  deps: ServerDeps,
  auth: AuthContext,
  channelAccountId: string,
  body: { throughputPerSecond: number; dailyQuota: number },
) {
  if (auth.role !== 'OWN' && auth.role !== 'ADC' && auth.role !== 'SAD')
    throw new AppError(403, 'broadcast.ownerOnly');
  await getSenderSettings(deps, auth, channelAccountId);
  await repo.updateSender(deps.db, auth.clientId, channelAccountId, body);
  return senderSettings(deps, auth.clientId, channelAccountId);
}
