import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isObj, type SimContext, str } from './context.js';
import { embeddedSignupPageHtml } from './embedded-signup-page.js';
import { checkVersion } from './graph-auth.js';
import { GraphFailure, invalidParam } from './graph-errors.js';
import type { NumberRegistry } from './number-registry.js';
import type { MetaApp } from './types.js';
import { graphError, newNumericId, toWaId } from './wire.js';

/**
 * Meta's Embedded Signup, played by the simulator (Facebook Login for Business with the WhatsApp Embedded
 * Signup variation): the popup `/{version}/dialog/oauth` where a person picks or creates a WhatsApp Business
 * Account and a phone number; on finish the page posts the session-info message (`WA_EMBEDDED_SIGNUP`,
 * `FINISH`, WABA id and phone number id) and the login response (the exchangeable `code`) to the window that
 * opened it, on that window's origin only. The partner's server then calls `GET /{version}/oauth/access_token`
 * (client id + secret + code → the business token; a code works once, for `codeTtlMs`) and
 * `GET /{version}/debug_token` (granular scopes name the WABA), then `POST /{waba}/subscribed_apps` and
 * `POST /{phone-number-id}/register` (graph-routes.ts).
 */

interface PendingCode {
  appId: string;
  accessToken: string;
  expiresAt: number;
  used: boolean;
}

interface IssuedToken {
  appId: string;
  wabaId: string;
  phoneNumberId: string;
  businessId: string;
}

export interface EmbeddedSignup {
  registerApp(app: MetaApp): void;
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function registerEmbeddedSignup(
  app: FastifyInstance,
  ctx: SimContext,
  deps: { registry: NumberRegistry },
): EmbeddedSignup {
  const apps = new Map<string, MetaApp>();
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, IssuedToken>();
  /** WABAs created through the popup: id → name (offered again to the next person who opens it). */
  const wabas = new Map<string, string>();

  const appOf = (clientId: unknown, secret?: unknown): MetaApp => {
    const found = typeof clientId === 'string' ? apps.get(clientId) : undefined;
    if (!found) throw invalidParam('Error validating application. Invalid application ID.');
    if (secret !== undefined && !(typeof secret === 'string' && sameText(secret, found.appSecret)))
      throw new GraphFailure(400, graphError(1, 'Error validating client secret.'));
    return found;
  };

  app.get<{ Params: { version: string } }>('/:version/dialog/oauth', async (req, reply) => {
    checkVersion(req.params.version);
    const q = req.query as Record<string, string | undefined>;
    if (!q.client_id || !apps.has(q.client_id) || q.response_type !== 'code') {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Error</title><p>Invalid app ID or response type.</p>');
    }
    return reply.type('text/html; charset=utf-8').send(embeddedSignupPageHtml);
  });

  app.get('/embedded-signup/wabas', async () => [...wabas].map(([id, name]) => ({ id, name })));

  /** The popup's finish: creates (or reuses) the WABA and the number, and the code the opener exchanges. */
  app.post('/embedded-signup/finish', async (req, reply) => {
    const b = isObj(req.body) ? req.body : {};
    const meta = apps.get(str(b.clientId) ?? '');
    const phone = toWaId(str(b.phoneNumber) ?? '');
    const displayName = (str(b.displayName) ?? '').trim();
    const existingWaba = str(b.wabaId);
    const wabaName = (str(b.wabaName) ?? '').trim();
    if (!meta) return reply.code(400).send({ error: 'Unknown app.' });
    if (phone.length < 8 || phone.length > 15)
      return reply.code(400).send({ error: 'Enter the business phone number with its country code.' });
    if (!displayName) return reply.code(400).send({ error: 'Enter a display name.' });
    if (existingWaba ? !wabas.has(existingWaba) : !wabaName)
      return reply.code(400).send({ error: 'Choose a WhatsApp Business Account or name a new one.' });
    const wabaId = existingWaba ?? newNumericId(15);
    if (!existingWaba) wabas.set(wabaId, wabaName);
    const phoneNumberId = newNumericId(15);
    const businessId = newNumericId(15);
    const accessToken = `EAAG${randomBytes(32).toString('base64url')}`;
    deps.registry.register({
      phoneNumberId,
      wabaId,
      displayPhoneNumber: phone,
      accessToken,
      appSecret: meta.appSecret,
      // Webhooks go nowhere until the partner subscribes its app to the WABA (with its callback URL).
      webhookUrl: '',
      businessName: displayName,
    });
    tokens.set(accessToken, { appId: meta.appId, wabaId, phoneNumberId, businessId });
    const code = randomBytes(24).toString('base64url');
    codes.set(code, {
      appId: meta.appId,
      accessToken,
      expiresAt: Date.now() + ctx.config.codeTtlMs,
      used: false,
    });
    return { code, waba_id: wabaId, phone_number_id: phoneNumberId, business_id: businessId };
  });

  app.get<{ Params: { version: string } }>('/:version/oauth/access_token', async (req) => {
    checkVersion(req.params.version);
    const q = req.query as Record<string, string | undefined>;
    const meta = appOf(q.client_id, q.client_secret ?? '');
    const pending = q.code ? codes.get(q.code) : undefined;
    if (!pending || pending.appId !== meta.appId)
      throw new GraphFailure(400, graphError(100, 'Invalid verification code format.'));
    if (pending.used) throw new GraphFailure(400, graphError(100, 'This authorization code has been used.'));
    if (pending.expiresAt <= Date.now())
      throw new GraphFailure(400, graphError(100, 'This authorization code has expired.'));
    pending.used = true;
    return { access_token: pending.accessToken, token_type: 'bearer' };
  });

  app.get<{ Params: { version: string } }>('/:version/debug_token', async (req) => {
    checkVersion(req.params.version);
    const q = req.query as Record<string, string | undefined>;
    const [appId, secret] = (q.access_token ?? '').split('|');
    const meta = appOf(appId, secret ?? '');
    const issued = q.input_token ? tokens.get(q.input_token) : undefined;
    if (!issued || issued.appId !== meta.appId) {
      return { data: { app_id: meta.appId, is_valid: false, scopes: [], granular_scopes: [] } };
    }
    return {
      data: {
        app_id: meta.appId,
        type: 'SYSTEM_USER',
        application: meta.name ?? 'Sapa',
        data_access_expires_at: 0,
        expires_at: 0,
        is_valid: true,
        scopes: ['whatsapp_business_management', 'whatsapp_business_messaging'],
        granular_scopes: [
          { scope: 'whatsapp_business_management', target_ids: [issued.wabaId] },
          { scope: 'whatsapp_business_messaging', target_ids: [issued.wabaId] },
        ],
        user_id: issued.businessId,
      },
    };
  });

  return {
    registerApp(meta) {
      apps.set(meta.appId, meta);
    },
  };
}
