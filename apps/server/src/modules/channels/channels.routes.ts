import { type ChannelAccount, channelEndpoints, emailEndpoints } from '@sapa/contracts';
import type { FastifyRequest } from 'fastify';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as channels from './channels.service.js';
import { refreshChannelAccount } from './connection-state.service.js';
import {
  createEmailAccount,
  emailDomains,
  updateEmailAccount,
} from './connectors/email/email-account.service.js';
import { connectLine } from './connectors/line/line-account.service.js';
import { registerChannelMediaRoute } from './connectors/media-links.js';
import { connectMetaAccount } from './connectors/meta-messaging/meta-account.service.js';
import { INSTAGRAM, MESSENGER } from './connectors/meta-messaging/platform.js';
import { connectorFor } from './connectors/registry.js';
import { startShopeeConnect } from './connectors/shopee/shopee-account.service.js';
import { connectTelegram } from './connectors/telegram/telegram-account.service.js';
import { connectViber } from './connectors/viber/viber-account.service.js';
import { marketplaceContextOf } from './marketplace-context.service.js';

/**
 * Channel accounts. Listing needs inbox READ (the inbox filters and the composer show them); connecting and
 * disconnecting need inbox UPDATE at the route and, in the service, the owner or admin role (000 §6: only
 * they add channels).
 */
export function registerChannelRoutes(r: RouteRegistrar, deps: ServerDeps) {
  // Every new connection goes to the business audit log (001 §2).
  const connected = async <A extends ChannelAccount>(request: FastifyRequest, account: Promise<A>) =>
    channels.auditedAccount(deps.db, requireAuth(request), await account);
  route(r, channelEndpoints.list, needs('CUSTOMER_SERVICE_INBOX', 'READ'), ({ request }) =>
    channels.listChannelAccounts(deps, requireAuth(request)),
  );
  route(
    r,
    channelEndpoints.connectWhatsappCloud,
    needs('CUSTOMER_SERVICE_INBOX', 'UPDATE'),
    ({ body, request }) =>
      connected(request, channels.connectWhatsappCloud(deps, requireAuth(request), body)),
  );
  route(r, channelEndpoints.connectTelegram, needs('CUSTOMER_SERVICE_INBOX', 'UPDATE'), ({ body, request }) =>
    connected(request, connectTelegram(deps, requireAuth(request), body)),
  );
  route(r, channelEndpoints.connectLine, needs('CUSTOMER_SERVICE_INBOX', 'UPDATE'), ({ body, request }) =>
    connected(request, connectLine(deps, requireAuth(request), body)),
  );
  const connectMessenger = connectMetaAccount(MESSENGER);
  route(
    r,
    channelEndpoints.connectMessenger,
    needs('CUSTOMER_SERVICE_INBOX', 'UPDATE'),
    ({ body, request }) => connected(request, connectMessenger(deps, requireAuth(request), body)),
  );
  const connectInstagram = connectMetaAccount(INSTAGRAM);
  route(
    r,
    channelEndpoints.connectInstagram,
    needs('CUSTOMER_SERVICE_INBOX', 'UPDATE'),
    ({ body, request }) => connected(request, connectInstagram(deps, requireAuth(request), body)),
  );
  route(r, channelEndpoints.connectViber, needs('CUSTOMER_SERVICE_INBOX', 'UPDATE'), ({ body, request }) =>
    connected(request, connectViber(deps, requireAuth(request), body)),
  );
  // 001 §2 marketplace dialog: the consent page's address (the account is made when the consent comes back).
  route(r, channelEndpoints.authorizeShopee, needs('CUSTOMER_SERVICE_INBOX', 'UPDATE'), ({ body, request }) =>
    startShopeeConnect(deps, requireAuth(request), body),
  );
  registerChannelMediaRoute(r, deps);
  // 000 §2 /email/create [CREATE_EMAIL] and /email/edit [EDIT_EMAIL]; the service also wants the owner or admin.
  route(r, emailEndpoints.domains, needs('CREATE_EMAIL', 'READ'), async () => emailDomains(deps));
  route(r, emailEndpoints.create, needs('CREATE_EMAIL', 'CREATE'), ({ body, request }) =>
    connected(request, createEmailAccount(deps, requireAuth(request), body)),
  );
  route(r, emailEndpoints.update, needs('EDIT_EMAIL', 'UPDATE'), ({ params, body, request }) =>
    updateEmailAccount(deps, requireAuth(request), params.id!, body),
  );
  route(r, channelEndpoints.refresh, needs('CUSTOMER_SERVICE_INBOX', 'UPDATE'), ({ params, request }) =>
    refreshChannelAccount(deps, requireAuth(request), params.id!, connectorFor),
  );
  route(r, channelEndpoints.disconnect, needs('CUSTOMER_SERVICE_INBOX', 'UPDATE'), ({ params, request }) =>
    channels.disconnectChannelAccount(deps, requireAuth(request), params.id!, connectorFor),
  );
  route(
    r,
    channelEndpoints.marketplaceContext,
    needs('CUSTOMER_SERVICE_INBOX', 'READ'),
    ({ params, request }) => marketplaceContextOf(deps, requireAuth(request), params.id!),
  );
}
