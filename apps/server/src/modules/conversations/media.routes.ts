import type { FastifyInstance } from 'fastify';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/http/errors.js';
import { mediaStorage } from './media-storage.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Chat media bytes, for signed-in inbox users of the same business only (no signed URLs). */
export function registerMediaRoutes(app: FastifyInstance, deps: ServerDeps) {
  app.get<{ Params: { clientId: string; key: string } }>(
    '/api/media/:clientId/:key',
    { config: { access: needs('CUSTOMER_SERVICE_INBOX', 'READ') } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { clientId, key } = request.params;
      if (clientId !== auth.clientId || !UUID.test(clientId) || !UUID.test(key)) throw notFound();
      const item = await mediaStorage(deps).get(`${clientId}/${key}`);
      if (!item) throw notFound();
      return reply
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .type(item.mime)
        .send(item.bytes);
    },
  );
}
