import type { MarketplaceContext } from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { getTicket, listMessages } from '../conversations/index.js';
import { getAccount } from './channels.service.js';
import type { MarketplaceRefs } from './connectors/connector.js';
import { connectorFor } from './connectors/registry.js';

const NONE: MarketplaceContext = { order: null, product: null };
/** How far back in the chat the latest order and product cards are looked for. */
const LOOK_BACK = 100;

/** The order and product the buyer's latest cards name (`payload.kind` order / product), newest first. */
function refsOf(items: { direction: string; payload: Record<string, unknown> | null }[]): MarketplaceRefs {
  const refs: MarketplaceRefs = { orderSn: null, itemId: null };
  for (const m of items) {
    if (m.direction !== 'in' || !m.payload) continue;
    const { kind, orderSn, itemId } = m.payload as { kind?: unknown; orderSn?: unknown; itemId?: unknown };
    if (
      kind === 'order' &&
      refs.orderSn === null &&
      (typeof orderSn === 'string' || typeof orderSn === 'number')
    )
      refs.orderSn = String(orderSn);
    if (
      kind === 'product' &&
      refs.itemId === null &&
      (typeof itemId === 'string' || typeof itemId === 'number')
    )
      refs.itemId = String(itemId);
  }
  return refs;
}

/**
 * Issue 18 "in the chat room": the marketplace order and product of a chat the agent may see (the inbox's own
 * visibility check, through `listMessages`), read from the platform by the account's connector.
 */
export async function marketplaceContextOf(
  deps: ServerDeps,
  auth: AuthContext,
  ticketId: string,
): Promise<MarketplaceContext> {
  const page = await listMessages(deps, auth, ticketId, { limit: LOOK_BACK });
  const refs = refsOf(page.items);
  if (!refs.orderSn && !refs.itemId) return NONE;
  const ticket = await getTicket(deps.db, auth.clientId, ticketId);
  const account = ticket ? await getAccount(deps.db, auth.clientId, ticket.channelAccountId) : null;
  const read = account ? connectorFor(account.channel)?.marketplaceContext : undefined;
  if (account?.status !== 'connected' || !read) return NONE;
  return read(deps, account, refs);
}
