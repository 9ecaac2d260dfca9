import { createHash } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import type { ServerDeps } from '../../../../platform/deps.js';
import { INBOUND_LANES } from '../../inbound/inbound-drain.js';
import { storeDelivery } from '../../inbound/webhook-intake.repository.js';
import { type ShopeePush, shopeeEventKeyOf } from './inbound-parse.js';
import { connectedShopAccount } from './shopee.repository.js';

/** Stores a push under its shop's connected account; answers whether something new was stored. */
export async function storePush(
  deps: ServerDeps,
  push: ShopeePush,
  raw: Buffer,
  text: string,
): Promise<boolean> {
  if (typeof push?.shop_id !== 'number') return false;
  const key = shopeeEventKeyOf(push) ?? createHash('sha256').update(raw).digest('hex');
  // The account's sealed secrets change with every token refresh: read again once when the store missed it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const account = await connectedShopAccount(deps.db, push.shop_id);
    if (!account) return false;
    const stored = await storeDelivery(
      deps.database,
      {
        accountId: account.id,
        channel: 'SHP',
        sealed: account.secrets,
        key,
        text,
        lane: INBOUND_LANES.conversations,
      },
      uuidv7(),
    );
    if (stored.account) return stored.stored;
  }
  return false;
}
