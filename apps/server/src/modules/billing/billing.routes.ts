import { billingEndpoints, languageFromHeader } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import { creditBalanceOf } from './chat-credits.service.js';
import { creditMutationsCsv, listCreditMutations } from './credit-mutations.service.js';

/** The chat-credit balance the shell shows and refreshes on every protected navigation (000 §2 Route guard). */
export function registerBillingRoutes(r: RouteRegistrar, deps: ServerDeps) {
  route(r, billingEndpoints.chatCreditBalance, needs('HEADER_CHAT_CREDIT', 'READ'), ({ request }) =>
    creditBalanceOf(deps.db, requireAuth(request).clientId),
  );
  // 001 §2 /chat-credits (000 §6 CHAT_CREDITS): the mutation rows behind the balance, and their download.
  route(r, billingEndpoints.chatCreditMutations, needs('CHAT_CREDITS', 'READ'), ({ query, request }) =>
    listCreditMutations(deps.db, requireAuth(request).clientId, query),
  );
  route(
    r,
    billingEndpoints.chatCreditDownload,
    needs('CHAT_CREDITS', 'READ'),
    async ({ query, request, reply }) => {
      const lang = query.lang ?? languageFromHeader(request.headers['accept-language']);
      const csv = await creditMutationsCsv(deps.db, requireAuth(request).clientId, { ...query, lang });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="chat-credit-mutations.csv"`)
        .send(csv);
    },
  );
}
