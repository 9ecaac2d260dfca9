import { CONTACT_UPLOAD_TEMPLATE_NAME, contactUploadEndpoints, languageFromHeader } from '@sapa/contracts';
import type { FastifyInstance } from 'fastify';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { route } from '../../platform/http/route.js';
import type { ContactUploadJob } from './contact-upload.jobs.js';
import * as uploads from './contact-upload.service.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Bodies up to this size reach the service, which refuses anything over 5 MB with the spec's message. */
const BODY_LIMIT = 16 * 1024 * 1024;

const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;

/** 001 §2 /contact/bulk-upload [CONTACT]: template, upload, history, failed rows. */
export async function registerContactUploadRoutes(
  app: FastifyInstance,
  deps: ServerDeps,
  job: ContactUploadJob,
) {
  await app.register(async (scope) => {
    // The file is the raw request body (no multipart), whatever its Content-Type; JSON keeps its parser.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_r, body, done) =>
      done(null, body),
    );
    route(scope, contactUploadEndpoints.template, needs('CONTACT', 'READ'), async ({ request, reply }) =>
      reply
        .type(XLSX_TYPE)
        .header('content-disposition', attachment(CONTACT_UPLOAD_TEMPLATE_NAME))
        .send(await uploads.uploadTemplate(deps, requireAuth(request))),
    );
    route(scope, contactUploadEndpoints.upload, needs('CONTACT', 'CREATE'), ({ query, request }) =>
      uploads.startUpload(
        deps,
        requireAuth(request),
        { bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), name: query.name },
        job,
      ),
    );
    route(scope, contactUploadEndpoints.history, needs('CONTACT', 'READ'), ({ query, request }) =>
      uploads.listUploads(deps, requireAuth(request), query),
    );
    route(scope, contactUploadEndpoints.get, needs('CONTACT', 'READ'), ({ params, request }) =>
      uploads.getUpload(deps, requireAuth(request), params.id!),
    );
    route(
      scope,
      contactUploadEndpoints.failedRows,
      needs('CONTACT', 'READ'),
      async ({ params, query, request, reply }) => {
        const file = await uploads.failedRowsWorkbook(
          deps,
          requireAuth(request),
          params.id!,
          query.lang ?? languageFromHeader(request.headers['accept-language']),
        );
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', attachment(file.fileName))
          .send(file.bytes);
      },
    );
  });
}
