import type { FastifyInstance } from 'fastify';
import { isObj, type NumberState, type SimContext } from './context.js';
import { bearer, checkVersion, type GraphAuth } from './graph-auth.js';
import { invalidParam } from './graph-errors.js';
import type { MediaStore } from './media-store.js';
import { checkUpload } from './media-types.js';
import type { NumberRegistry } from './number-registry.js';
import type { HandleSend } from './outbound-send.js';
import { graphError } from './wire.js';

/** Graph API routes: messages, media upload / lookup / download / delete, phone number and WABA calls. */

function phoneNumberInfo(n: NumberState) {
  return {
    verified_name: n.businessName ?? n.displayPhoneNumber,
    display_phone_number: n.displayPhoneNumber,
    id: n.phoneNumberId,
    quality_rating: 'GREEN',
    code_verification_status: 'VERIFIED',
    platform_type: 'CLOUD_API',
    throughput: { level: 'STANDARD' },
  };
}

export function registerGraphRoutes(
  app: FastifyInstance,
  ctx: SimContext,
  deps: {
    registry: NumberRegistry;
    mediaStore: MediaStore;
    auth: GraphAuth;
    handleSend: HandleSend;
    /** The advertised base URL (known once the server listens). */
    baseUrl: () => string;
  },
): void {
  const { stats } = ctx;
  const { mediaUrlTtlMs } = ctx.config;
  const { registry, mediaStore, auth } = deps;
  const { numbers } = registry;
  const { media } = mediaStore;

  app.post<{ Params: { version: string; phoneNumberId: string } }>(
    '/:version/:phoneNumberId/messages',
    async (req) => {
      checkVersion(req.params.version);
      const num = auth.authNumber(req, req.params.phoneNumberId, 'post');
      if (!isObj(req.body)) throw invalidParam('(#100) The parameter messaging_product is required.');
      return deps.handleSend(num, req.body);
    },
  );

  app.post<{ Params: { version: string; phoneNumberId: string } }>(
    '/:version/:phoneNumberId/media',
    async (req) => {
      checkVersion(req.params.version);
      const num = auth.authNumber(req, req.params.phoneNumberId, 'post');
      if (!req.isMultipart()) throw invalidParam('(#100) The parameter file is required.');
      const fields: Record<string, string> = {};
      let file: { bytes: Buffer; mime: string; filename: string } | undefined;
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          file = { bytes, mime: part.mimetype, filename: part.filename };
        } else {
          fields[part.fieldname] = String(part.value);
        }
      }
      if (fields.messaging_product !== 'whatsapp') {
        throw invalidParam('(#100) The parameter messaging_product is required.');
      }
      if (!file) throw invalidParam('(#100) The parameter file is required.');
      const mime = fields.type || file.mime || 'application/octet-stream';
      checkUpload(mime, file.bytes.length);
      const stored = mediaStore.store(num, file.bytes, mime, file.filename || undefined);
      stats.mediaUploads++;
      return { id: stored.id };
    },
  );

  app.get('/whatsapp_business/attachments', async (req, reply) => {
    const q = req.query as { mid?: string; ext?: string; hash?: string };
    const token = bearer(req);
    const tokenNumbers = registry.byToken(token);
    if (tokenNumbers.length === 0) {
      stats.authErrors++;
      return reply.code(401).send(graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
    }
    const m = q.mid ? media.get(q.mid) : undefined;
    const hashOk = mediaStore.signatureOk(q);
    if (
      !m ||
      !hashOk ||
      Number(q.ext) * 1000 < Date.now() ||
      !tokenNumbers.some((n) => n.wabaId === m.wabaId)
    ) {
      return reply.code(404).send(graphError(100, 'URL signature expired or media not found'));
    }
    return reply.header('content-type', m.mime).header('content-length', m.bytes.length).send(m.bytes);
  });

  // Phone number / WABA lookups a connector makes when an account is connected.
  app.get<{ Params: { version: string; id: string } }>('/:version/:id/phone_numbers', async (req) => {
    checkVersion(req.params.version);
    return { data: auth.authWaba(req, req.params.id, 'get').map(phoneNumberInfo) };
  });
  // Subscribes the app to the WABA's webhooks; `override_callback_uri` (with `verify_token`) sends this WABA's
  // webhooks to the partner's URL for it instead of the app's.
  app.post<{ Params: { version: string; id: string } }>('/:version/:id/subscribed_apps', async (req) => {
    checkVersion(req.params.version);
    const inWaba = auth.authWaba(req, req.params.id, 'post');
    const body = isObj(req.body) ? req.body : {};
    const callback = typeof body.override_callback_uri === 'string' ? body.override_callback_uri : undefined;
    if (callback !== undefined) {
      if (!/^https?:\/\//.test(callback) || typeof body.verify_token !== 'string')
        throw invalidParam('(#100) override_callback_uri needs an http(s) URL and a verify_token.');
      for (const n of inWaba) n.webhookUrl = callback;
    }
    return { success: true };
  });
  app.post<{ Params: { version: string; phoneNumberId: string } }>(
    '/:version/:phoneNumberId/register',
    async (req) => {
      checkVersion(req.params.version);
      auth.authNumber(req, req.params.phoneNumberId, 'post');
      const body = isObj(req.body) ? req.body : {};
      if (body.messaging_product !== 'whatsapp' || !/^\d{6}$/.test(String(body.pin ?? '')))
        throw invalidParam('(#100) Param pin must be 6 digits; messaging_product must be whatsapp.');
      return { success: true };
    },
  );

  app.get<{ Params: { version: string; mediaId: string } }>('/:version/:mediaId', async (req) => {
    checkVersion(req.params.version);
    const phone = numbers.get(req.params.mediaId);
    if (phone) return phoneNumberInfo(auth.authNumber(req, phone.phoneNumberId, 'get'));
    const m = auth.authMedia(req, req.params.mediaId, 'get');
    const url = mediaStore.signedUrl(deps.baseUrl(), m.id, mediaUrlTtlMs);
    return {
      url,
      mime_type: m.mime,
      sha256: m.sha256,
      file_size: m.bytes.length,
      id: m.id,
      messaging_product: 'whatsapp',
    };
  });

  app.delete<{ Params: { version: string; mediaId: string } }>('/:version/:mediaId', async (req) => {
    checkVersion(req.params.version);
    const m = auth.authMedia(req, req.params.mediaId, 'delete');
    media.delete(m.id);
    return { success: true };
  });
}
