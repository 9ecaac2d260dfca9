import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../../../../platform/auth/route-access.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { notFound } from '../../../../platform/http/errors.js';
import { metaMessagingConfigOf } from '../../channels.schema.js';
import { connectedAccount } from '../../inbound/webhook-intake.service.js';
import { WEBHOOK_PATHS } from '../webhook-paths.js';
import { metaHandshakeChallenge } from '../whatsapp-cloud/webhook.routes.js';
import { INSTAGRAM, MESSENGER } from './platform.js';

/**
 * Meta's webhook verification GET for Messenger and Instagram accounts (`/webhooks/messenger/<id>`,
 * `/webhooks/instagram/<id>`): the account's verify token, shown when it was connected, answers the challenge.
 * Deliveries are POSTed to the same URL and taken by the channel-neutral route.
 */
export function registerMetaVerificationRoutes(app: FastifyInstance, deps: ServerDeps) {
  for (const { code } of [MESSENGER, INSTAGRAM]) {
    app.get<{ Params: { channelAccountId: string }; Querystring: Record<string, string | undefined> }>(
      `/webhooks/${WEBHOOK_PATHS[code]}/:channelAccountId`,
      { config: { access: PUBLIC } },
      async (request, reply) => {
        const account = await connectedAccount(deps, code, request.params.channelAccountId);
        if (!account) throw notFound();
        const challenge = metaHandshakeChallenge(request.query, metaMessagingConfigOf(account).verifyToken);
        return reply.code(200).type('text/plain').send(challenge);
      },
    );
  }
}
