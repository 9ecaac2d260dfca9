import { pushEndpoints } from '@sapa/contracts';
import { AUTHENTICATED, needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as push from './push.service.js';

/**
 * Web Push (000 §7 push notification calls). Subscribing takes inbox READ (pushes are about chats); the
 * presence calls and unsubscribing act on the caller's own session and subscription only.
 */
export function registerPushRoutes(r: RouteRegistrar, deps: ServerDeps) {
  const inbox = needs('CUSTOMER_SERVICE_INBOX', 'READ');
  route(r, pushEndpoints.vapidKey, inbox, async () => ({ publicKey: deps.config.push.vapidPublicKey }));
  route(r, pushEndpoints.subscribe, inbox, ({ body, request }) =>
    push.subscribe(deps, requireAuth(request), body),
  );
  route(r, pushEndpoints.unsubscribe, AUTHENTICATED, ({ body, request }) =>
    push.unsubscribe(deps, requireAuth(request), body.endpoint),
  );
  route(r, pushEndpoints.status, AUTHENTICATED, ({ body, request }) =>
    push.setPresence(deps, requireAuth(request), body.status),
  );
  route(r, pushEndpoints.offline, AUTHENTICATED, async ({ request }) => {
    await push.setPresence(deps, requireAuth(request), 'OFFLINE');
    return { status: 'OFFLINE' as const };
  });
}
