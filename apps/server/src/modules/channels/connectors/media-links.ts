import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../../../platform/auth/route-access.js';
import type { ServerDeps } from '../../../platform/deps.js';
import { notFound } from '../../../platform/http/errors.js';
import { mediaStorage } from '../../conversations/index.js';

/**
 * Providers that take no uploads (LINE, Viber): a media message names an HTTPS URL the provider downloads the
 * file from (LINE's `originalContentUrl`, Viber's `media`). Sapa gives it a signed link to the stored file:
 * `/channel-media/<storage key>?e=<expiry>&s=<HMAC-SHA256 of key and expiry>`, under a key derived from the
 * server secret, valid for `MEDIA_LINK_TTL_SECONDS` (the provider fetches it when the customer opens the message).
 */
export const CHANNEL_MEDIA_PATH = '/channel-media';
const MEDIA_LINK_TTL_SECONDS = 14 * 24 * 3600;
const KEY = /^[0-9a-f-]{36}\/[A-Za-z0-9._-]{1,200}$/;

const keys = new WeakMap<object, Buffer>();
function keyOf(config: { jwtSecret: string }): Buffer {
  let key = keys.get(config);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', config.jwtSecret, 'sapa-channel-media', 'v1', 32));
    keys.set(config, key);
  }
  return key;
}

const macOf = (config: { jwtSecret: string }, storageKey: string, expires: string) =>
  createHmac('sha256', keyOf(config)).update(`${storageKey}\n${expires}`).digest();

/** The public, signed URL of a stored file (`<client id>/<name>`), for the provider to download. */
export function channelMediaUrl(
  deps: Pick<ServerDeps, 'config'>,
  storageKey: string,
  now = new Date(),
): string {
  const expires = String(Math.floor(now.getTime() / 1000) + MEDIA_LINK_TTL_SECONDS);
  const s = macOf(deps.config, storageKey, expires).toString('base64url');
  const base = deps.config.publicUrl.replace(/\/$/, '');
  return `${base}${CHANNEL_MEDIA_PATH}/${storageKey}?${new URLSearchParams({ e: expires, s })}`;
}

/** Whether a link's key, expiry and signature are genuine and not expired. */
export function validChannelMediaLink(
  deps: Pick<ServerDeps, 'config'>,
  input: { storageKey: string; expires: unknown; signature: unknown },
  now = new Date(),
): boolean {
  const { storageKey, expires, signature } = input;
  if (!KEY.test(storageKey) || typeof expires !== 'string' || typeof signature !== 'string') return false;
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now.getTime()) return false;
  const given = Buffer.from(signature, 'base64url');
  const expected = macOf(deps.config, storageKey, expires);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `GET /channel-media/<client id>/<name>?e=&s=`: the file behind a genuine link; 404 for a link that is not
 * genuine, has expired or names a file gone (a link that is not genuine names nothing).
 */
export function registerChannelMediaRoute(app: FastifyInstance, deps: ServerDeps) {
  app.get<{ Params: { clientId: string; name: string }; Querystring: Record<string, unknown> }>(
    `${CHANNEL_MEDIA_PATH}/:clientId/:name`,
    { config: { access: PUBLIC } },
    async (request, reply) => {
      const storageKey = `${request.params.clientId}/${request.params.name}`;
      const { e, s } = request.query;
      if (!validChannelMediaLink(deps, { storageKey, expires: e, signature: s })) throw notFound();
      const file = await mediaStorage(deps).get(storageKey);
      if (!file) throw notFound();
      return reply
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .type(file.mime)
        .send(file.bytes);
    },
  );
}
