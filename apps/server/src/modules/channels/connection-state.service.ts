import type { ChannelAccount } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { channelAccounts } from './channels.schema.js';
import {
  type ChannelAccountRow,
  getAccount,
  requireChannelManager,
  toChannelAccount,
} from './channels.service.js';
import type { ChannelConnector } from './connectors/connector.js';

type ConnectionChange = Pick<ChannelAccountRow, 'connectionState' | 'connectionError'> & {
  checkedAt?: Date;
};

async function setConnection(deps: Pick<ServerDeps, 'db'>, row: ChannelAccountRow, change: ConnectionChange) {
  const [fresh] = await deps.db
    .update(channelAccounts)
    .set({ ...change, updatedAt: new Date() })
    .where(
      and(
        eq(channelAccounts.clientId, row.clientId),
        eq(channelAccounts.id, row.id),
        eq(channelAccounts.status, 'connected'),
      ),
    )
    .returning();
  return fresh ?? row;
}

/** The 001 §8 message a refused check shows: the connector's, or the generic connect failure. */
function connectionErrorOf(err: unknown): string {
  return err instanceof AppError ? err.key : 'channel.connectFailed';
}

/**
 * 001 §4 refresh (owner or admin): the account is `connecting` while its connector asks the provider about it
 * and points the webhook at Sapa again, then `connected`, or `error` with the 001 §8 message of the refusal.
 * A refused check is the account's state, not a failed request: the answer is the account either way.
 * `connectorOf` is the registry's lookup, handed in by the route (this file does not import the connectors).
 */
export async function refreshChannelAccount(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  connectorOf: (channel: string) => Pick<ChannelConnector, 'refresh'> | undefined,
): Promise<ChannelAccount> {
  const row = await getAccount(deps.db, auth.clientId, id);
  if (!row) throw notFound();
  requireChannelManager(auth);
  if (row.status !== 'connected') throw new AppError(409, 'channel.accountNotFound');
  const refresh = connectorOf(row.channel)?.refresh;
  if (!refresh) throw new AppError(400, 'channel.notOffered');
  const connecting = await setConnection(deps, row, { connectionState: 'connecting', connectionError: null });
  const outcome: ConnectionChange = await refresh(deps, connecting).then(
    () => ({ connectionState: 'connected', connectionError: null }),
    (err: unknown) => ({ connectionState: 'error', connectionError: connectionErrorOf(err) }),
  );
  const done = await setConnection(deps, connecting, { ...outcome, checkedAt: new Date() });
  if (outcome.connectionState === 'error')
    deps.logger.info(
      { clientId: row.clientId, channelAccountId: row.id, code: outcome.connectionError },
      'channel account refused by its provider',
    );
  return toChannelAccount(deps, done);
}
