import { playEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as play from './play.service.js';

/**
 * Auto Assign / play mode (000 §2, §4; §7 GET /ticket/playlist, POST csplatform/customerService). Every step
 * may hand out a ticket, so each needs inbox UPDATE (whoever may take and answer chats).
 */
export function registerPlayRoutes(r: RouteRegistrar, deps: ServerDeps) {
  const update = needs('CUSTOMER_SERVICE_INBOX', 'UPDATE');
  route(r, playEndpoints.playlist, update, ({ request }) => play.getPlaylist(deps, requireAuth(request)));
  route(r, playEndpoints.start, update, ({ body, request }) =>
    play.startPlay(deps, requireAuth(request), body),
  );
  route(r, playEndpoints.next, update, ({ request }) => play.nextTicket(deps, requireAuth(request)));
  route(r, playEndpoints.skip, update, ({ body, request }) =>
    play.skipTicket(deps, requireAuth(request), body),
  );
  route(r, playEndpoints.stop, update, ({ request }) => play.stopPlay(deps, requireAuth(request)));
  const unfollow = play.followTicketChanges(deps);
  r.addHook('onClose', async () => unfollow());
}
