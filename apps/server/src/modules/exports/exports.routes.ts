import { EXPORT_DOWNLOAD_PATH, exportDownloadQuerySchema, exportEndpoints } from '@sapa/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { needs, PUBLIC, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { requestLanguage } from '../../platform/http/error-handler.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as exportsService from './exports.service.js';

/**
 * Downloads of chat data (000 §7 export-history): whoever may read chat history (000 §6 user index 2); the
 * ticket list's filter also needs ADVANCE_SEARCH (checked by the service). The file itself is served to a
 * signed link only (public route: the signature is the credential).
 */
export function registerExportRoutes(r: RouteRegistrar, deps: ServerDeps, jobs: exportsService.ExportJobs) {
  const read = needs('CUSTOMER_SERVICE_HISTORY', 'READ');
  route(r, exportEndpoints.request, read, ({ body, request }) =>
    exportsService.requestExport(deps, jobs, requireAuth(request), body, requestLanguage(request)),
  );
  route(r, exportEndpoints.list, read, ({ query, request }) =>
    exportsService.listExportHistory(deps, requireAuth(request), query, requestLanguage(request)),
  );
  route(r, exportEndpoints.signed, read, ({ query, request }) =>
    exportsService.signedExportLink(deps, requireAuth(request), query.id),
  );
  r.withTypeProvider<ZodTypeProvider>().get(
    EXPORT_DOWNLOAD_PATH,
    { config: { access: PUBLIC }, schema: { querystring: exportDownloadQuerySchema } },
    async (request, reply) => {
      const file = await exportsService.openSignedExport(deps, request.query);
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('content-length', String(file.size))
        .type(file.mime)
        .send(file.stream);
    },
  );
}
