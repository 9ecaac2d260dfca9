import { broadcastEndpoints, contactListEndpoints, templateManagementEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as review from './broadcasts.review.js';
import * as senders from './broadcasts.senders.js';
import * as broadcasts from './broadcasts.service.js';
import type { BroadcastEngineHandle } from './broadcasts.start.js';
import * as uploads from './broadcasts.uploads.js';
import * as views from './broadcasts.views.js';
import { listContactBroadcastHistory } from './contact-history.service.js';
import { getTemplateInsight } from './template-insight.service.js';

/** Bodies up to this size reach the service, which refuses anything over 5 MB with the spec's message. */
const SHEET_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * WhatsApp broadcasts (001 §2 /broadcast/whatsapp [WHATSAPP_BROADCAST]): reading needs READ; sending needs
 * CREATE and, in the service, the Maker position (001 §6); cancelling and reviewing need UPDATE and, for a
 * review, the Checker position; sending limits need UPDATE and the owner or admin role.
 */
export function registerBroadcastRoutes(r: RouteRegistrar, deps: ServerDeps, engine: BroadcastEngineHandle) {
  const read = needs('WHATSAPP_BROADCAST', 'READ');
  const create = needs('WHATSAPP_BROADCAST', 'CREATE');
  const update = needs('WHATSAPP_BROADCAST', 'UPDATE');
  route(r, broadcastEndpoints.create, create, ({ body, request }) =>
    broadcasts.createBroadcast(deps, engine, requireAuth(request), body),
  );
  route(r, broadcastEndpoints.estimate, create, ({ body, request }) =>
    broadcasts.estimateBroadcast(deps, requireAuth(request), body),
  );
  route(r, broadcastEndpoints.role, read, ({ request }) => review.roleOf(deps, requireAuth(request)));
  route(r, broadcastEndpoints.list, read, ({ query, request }) =>
    views.listBroadcasts(deps, requireAuth(request), query),
  );
  route(r, broadcastEndpoints.review, update, ({ body, request }) =>
    review.reviewBroadcasts(deps, engine, requireAuth(request), body),
  );
  route(r, broadcastEndpoints.sender, read, ({ params, request }) =>
    senders.getSenderSettings(deps, requireAuth(request), params.channelAccountId!),
  );
  route(r, broadcastEndpoints.updateSender, update, ({ params, body, request }) =>
    senders.updateSenderSettings(deps, requireAuth(request), params.channelAccountId!, body),
  );
  route(r, broadcastEndpoints.get, read, ({ params, request }) =>
    views.getBroadcast(deps, requireAuth(request), params.id!),
  );
  route(r, broadcastEndpoints.recipients, read, ({ params, query, request }) =>
    views.listBroadcastRecipients(deps, requireAuth(request), params.id!, query),
  );
  route(r, broadcastEndpoints.cancel, update, ({ params, request }) =>
    review.cancelBroadcast(deps, requireAuth(request), params.id!),
  );
  void r.register(async (scope) => {
    // The sheet is the raw request body (no multipart), whatever its Content-Type.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: SHEET_BODY_LIMIT }, (_r, body, done) =>
      done(null, body),
    );
    route(scope, broadcastEndpoints.image, create, ({ request }) =>
      uploads.uploadBroadcastImage(
        deps,
        requireAuth(request),
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      ),
    );
    route(scope, broadcastEndpoints.recipientSheet, create, ({ query, request }) =>
      uploads.uploadRecipientSheet(deps, requireAuth(request), {
        bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        name: query.name,
      }),
    );
  });
  registerBroadcastsOnOtherPages(r, deps);
}

/**
 * Broadcast figures on the pages of the modules broadcasts builds on (served here, so that templates and
 * contacts never import broadcasts): a campaign's template insight (001 §2 /template/whatsapp, WHATSAPP_TEMPLATE
 * READ) and a contact's broadcast history (001 §2 contact detail, CONTACT READ).
 */
function registerBroadcastsOnOtherPages(r: RouteRegistrar, deps: ServerDeps) {
  route(r, templateManagementEndpoints.insight, needs('WHATSAPP_TEMPLATE', 'READ'), ({ query, request }) =>
    getTemplateInsight(deps, requireAuth(request), query.campaignId),
  );
  route(r, contactListEndpoints.broadcasts, needs('CONTACT', 'READ'), ({ params, query, request }) =>
    listContactBroadcastHistory(deps, requireAuth(request), params.id!, query),
  );
}
