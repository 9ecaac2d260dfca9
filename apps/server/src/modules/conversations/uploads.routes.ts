import multipart from '@fastify/multipart';
import { type ChannelCode, maxAttachmentBytes, UPLOAD_FILE_FIELD, uploadEndpoints } from '@sapa/contracts';
import type { FastifyInstance } from 'fastify';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { route } from '../../platform/http/route.js';
import { assertAttachmentsShown } from '../teams/index.js';
import { refusedFile, ticketForUpload, uploadAttachment } from './uploads.service.js';
import { visibleTicketOf } from './visibility.js';

const MB = 1024 * 1024;

/**
 * Agent uploads for a chat (000 §5, §9): one multipart file per request, read up to the channel's largest
 * limit. An encapsulated plugin, so multipart bodies are parsed on this route only. Uploading is part of
 * replying: inbox UPDATE.
 */
export async function registerUploadRoutes(app: FastifyInstance, deps: ServerDeps) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fields: 4, parts: 5, fileSize: 100 * MB },
    });
    route(scope, uploadEndpoints.upload, needs('CUSTOMER_SERVICE_INBOX', 'UPDATE'), async ({ request }) => {
      const auth = requireAuth(request);
      const ticket = ticketForUpload(visibleTicketOf(request));
      await assertAttachmentsShown(deps.db, auth.clientId);
      if (!request.isMultipart()) throw refusedFile('attachment.fileRequired', []);
      const maxBytes = maxAttachmentBytes(ticket.channel as ChannelCode);
      let file: { bytes: Buffer; filename: string } | undefined;
      for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== UPLOAD_FILE_FIELD || file) {
          await part.toBuffer().catch(() => undefined);
          continue;
        }
        try {
          file = { bytes: await part.toBuffer(), filename: part.filename };
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw refusedFile('attachment.tooLarge', [Math.round(maxBytes / MB)]);
          throw err;
        }
      }
      if (!file) throw refusedFile('attachment.fileRequired', []);
      return uploadAttachment(deps, auth, ticket, file);
    });
  });
}
