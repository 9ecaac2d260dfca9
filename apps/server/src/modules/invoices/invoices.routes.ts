import { INVOICE_DOWNLOAD_PATH, INVOICE_UPLOAD_PATH, invoiceEndpoints } from '@sapa/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { needs, PUBLIC, requireAuth } from '../../platform/auth/route-access.js';
import { badRequest } from '../../platform/http/errors.js';
import { route } from '../../platform/http/route.js';
import { answerBill, payBill } from './bill-actions.service.js';
import { documentLink, openDocument, presignProofUpload, receiveProofUpload } from './bill-files.service.js';
import { activeBills, getBill, listBills } from './bill-views.service.js';
import type { InvoicesContext } from './invoices.context.js';

/** What the presigned PUT reads at most: more than a proof may be, so an oversized one gets the spec's words. */
const UPLOAD_READ_LIMIT = 8 * 1024 * 1024;
const tokenQuery = z.object({ t: z.string().min(1).max(2000) });

/**
 * 001 §2 /setting/finance [SETTING_FINANCE] and §7's finance calls: reading needs READ, answering a usage
 * summary and paying need UPDATE. Every bill is looked up within the caller's business. The presigned upload
 * and the signed download are public routes: their signature is the credential.
 */
export async function registerInvoiceRoutes(app: FastifyInstance, ctx: InvoicesContext) {
  const e = invoiceEndpoints;
  const db = ctx.deps.db;
  const read = needs('SETTING_FINANCE', 'READ');
  const update = needs('SETTING_FINANCE', 'UPDATE');
  route(app, e.active, read, ({ request }) => activeBills(ctx, requireAuth(request).clientId));
  route(app, e.list, read, ({ query, request }) => listBills(db, requireAuth(request).clientId, query));
  route(app, e.get, read, ({ params, request }) => getBill(db, requireAuth(request).clientId, params.id!));
  route(app, e.approval, update, ({ params, body, request }) =>
    answerBill(ctx, requireAuth(request), params.id!, body),
  );
  route(app, e.file, update, ({ body, request }) => presignProofUpload(ctx, requireAuth(request), body));
  route(app, e.payment, update, ({ params, body, request }) =>
    payBill(ctx, requireAuth(request), params.id!, body),
  );
  route(app, e.documentLink, read, ({ params, request }) =>
    documentLink(ctx, requireAuth(request), params.id!, params.kind!),
  );

  app.get(INVOICE_DOWNLOAD_PATH, { config: { access: PUBLIC } }, async (request, reply) => {
    const query = tokenQuery.safeParse(request.query);
    if (!query.success) throw badRequest('invoices.linkInvalid');
    const file = await openDocument(ctx, query.data.t);
    return reply
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .type(file.mime)
      .send(file.bytes);
  });

  // An encapsulated plugin: its body parser takes the proof's raw bytes, whatever their content type.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_READ_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.put(INVOICE_UPLOAD_PATH, { config: { access: PUBLIC } }, async (request) => {
      const query = tokenQuery.safeParse(request.query);
      if (!query.success) throw badRequest('invoices.linkInvalid');
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return receiveProofUpload(ctx, query.data.t, bytes);
    });
  });
}
