import {
  BILL_DOCUMENT_KINDS,
  type BodyOf,
  INVOICE_DOWNLOAD_PATH,
  INVOICE_UPLOAD_PATH,
  type invoiceEndpoints,
  PAYMENT_PROOF_MAX_BYTES,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth/route-access.js';
import { openSignedState, signedState } from '../../platform/crypto/signed-state.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import type { InvoicesContext } from './invoices.context.js';
import { findDocument, findInvoice, findUpload, insertUpload, markUploaded } from './invoices.repository.js';

/** A presigned upload URL and a signed download link live this long. */
const UPLOAD_TTL_SECONDS = 900;
const DOWNLOAD_TTL_SECONDS = 300;
const UPLOAD_PURPOSE = 'invoice-proof-upload';
const DOWNLOAD_PURPOSE = 'invoice-document-download';

const uploadClaim = z.object({ c: z.string().uuid(), u: z.string().uuid() });
const downloadClaim = z.object({
  c: z.string().uuid(),
  i: z.string().uuid(),
  k: z.enum(BILL_DOCUMENT_KINDS),
});

/** 001 §7 user/file: records the upload to come and answers the presigned URL its bytes are PUT to. */
export async function presignProofUpload(
  ctx: InvoicesContext,
  auth: AuthContext,
  body: BodyOf<typeof invoiceEndpoints.file>,
) {
  const id = uuidv7();
  await insertUpload(ctx.deps.db, {
    id,
    clientId: auth.clientId,
    mime: body.mimeType,
    fileName: body.filename.replace(/[^\w.-]+/g, '_').slice(0, 120),
    declaredSize: body.size,
    createdBy: auth.userId,
  });
  const token = signedState(
    ctx.deps.config.jwtSecret,
    UPLOAD_PURPOSE,
    { c: auth.clientId, u: id },
    UPLOAD_TTL_SECONDS,
  );
  return {
    fileId: id,
    presignUrl: `${INVOICE_UPLOAD_PATH}?${new URLSearchParams({ t: token })}`,
    expiresAt: Date.now() + UPLOAD_TTL_SECONDS * 1000,
  };
}

const MAGIC: Record<string, (b: Buffer) => boolean> = {
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
};

/**
 * The presigned PUT: the signature is the credential (no bearer token). At most 2 MB (001 §5, 'Payment proof
 * over 2 MB'), and the bytes must be the type declared when the URL was asked for. One PUT per URL.
 */
export async function receiveProofUpload(ctx: InvoicesContext, token: string, bytes: Buffer) {
  const claim = uploadClaim.safeParse(openSignedState(ctx.deps.config.jwtSecret, UPLOAD_PURPOSE, token));
  if (!claim.success) throw new AppError(403, 'invoices.linkInvalid');
  const upload = await findUpload(ctx.deps.db, claim.data.c, claim.data.u);
  if (!upload) throw notFound();
  if (upload.storageKey) throw conflict('invoices.linkInvalid');
  if (bytes.length > PAYMENT_PROOF_MAX_BYTES) throw new AppError(413, 'invoices.proofTooLarge');
  if (bytes.length === 0) throw badRequest('invoices.proofEmpty');
  if (!MAGIC[upload.mime]?.(bytes)) throw badRequest('invoices.proofType');
  const key = `proofs/${upload.clientId}/${upload.id}`;
  await ctx.storage.put(key, bytes, upload.mime);
  await markUploaded(ctx.deps.db, upload.id, key, bytes.length);
  return { ok: true as const };
}

/** A signed link to one of the business's bill documents (whoever may read the finance page). */
export async function documentLink(ctx: InvoicesContext, auth: AuthContext, id: string, kind: string) {
  const parsed = z.enum(BILL_DOCUMENT_KINDS).safeParse(kind);
  if (!parsed.success || !(await findInvoice(ctx.deps.db, auth.clientId, id))) throw notFound();
  const doc = await findDocument(ctx.deps.db, auth.clientId, id, parsed.data);
  if (!doc) throw new AppError(404, 'invoices.documentMissing');
  return signedDocumentLink(ctx, { clientId: auth.clientId, invoiceId: id, kind: parsed.data }, doc.fileName);
}

export function signedDocumentLink(
  ctx: InvoicesContext,
  doc: { clientId: string; invoiceId: string; kind: (typeof BILL_DOCUMENT_KINDS)[number] },
  fileName: string,
) {
  const token = signedState(
    ctx.deps.config.jwtSecret,
    DOWNLOAD_PURPOSE,
    { c: doc.clientId, i: doc.invoiceId, k: doc.kind },
    DOWNLOAD_TTL_SECONDS,
  );
  return {
    url: `${INVOICE_DOWNLOAD_PATH}?${new URLSearchParams({ t: token })}`,
    fileName,
    expiresAt: Date.now() + DOWNLOAD_TTL_SECONDS * 1000,
  };
}

/** The file behind a signed link: 403 when the link is not genuine or expired, 404 when it is gone. */
export async function openDocument(ctx: InvoicesContext, token: string) {
  const claim = downloadClaim.safeParse(openSignedState(ctx.deps.config.jwtSecret, DOWNLOAD_PURPOSE, token));
  if (!claim.success) throw new AppError(403, 'invoices.linkInvalid');
  const doc = await findDocument(ctx.deps.db, claim.data.c, claim.data.i, claim.data.k);
  const file = doc && (await ctx.storage.get(doc.storageKey));
  if (!doc || !file) throw notFound();
  return { bytes: file.bytes, mime: file.mime, fileName: doc.fileName };
}
