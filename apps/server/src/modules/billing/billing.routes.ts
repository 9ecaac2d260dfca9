import { accountEndpoints, chatCreditEndpoints } from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import { chatCreditWallets } from './billing.schema.js';
import { listCreditMutations } from './chat-credits.service.js';

/** The chat-credit balance the shell shows and refreshes on every protected navigation (000 §2 Route guard). */
export function registerBillingRoutes(r: RouteRegistrar, deps: ServerDeps) {
  route(r, accountEndpoints.chatCreditBalance, needs('HEADER_CHAT_CREDIT', 'READ'), async ({ request }) => {
    const auth = requireAuth(request);
    const [wallet] = await deps.db
      .select()
      .from(chatCreditWallets)
      .where(eq(chatCreditWallets.clientId, auth.clientId))
      .limit(1);
    return { balance: Number(wallet?.balance ?? 0), balanceBonus: Number(wallet?.balanceBonus ?? 0) };
  });
  // 001 §2 /chat-credits (000 §6 CHAT_CREDITS): the mutation rows behind the balance.
  route(r, chatCreditEndpoints.mutations, needs('CHAT_CREDITS', 'READ'), ({ query, request }) =>
    listCreditMutations(deps.db, requireAuth(request).clientId, query),
  );
}
