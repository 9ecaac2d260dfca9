import type { FastifyRequest } from 'fastify';
import type { NumberState, SimContext, StoredMedia } from './context.js';
import { badToken, GraphFailure, unknownObject } from './graph-errors.js';
import type { MediaStore } from './media-store.js';
import type { NumberRegistry } from './number-registry.js';
import { graphError } from './wire.js';

/** Bearer-token and ownership checks of Graph API requests. */

const VERSION_RE = /^v\d+(\.\d+)?$/;

export function checkVersion(version: string): void {
  if (!VERSION_RE.test(version)) throw new GraphFailure(404, graphError(100, 'Unknown path components'));
}

export function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(h.trim());
  return m?.[1];
}

export interface GraphAuth {
  /** The number, if the request's token is the number's own. */
  authNumber(req: FastifyRequest, phoneNumberId: string, method: 'post' | 'get'): NumberState;
  /** Media access: the token must belong to a number of the media's WABA. */
  authMedia(req: FastifyRequest, mediaId: string, method: 'get' | 'delete'): StoredMedia;
  /** Owner checks for WABA-level calls: the token must belong to a number of that WABA. */
  authWaba(req: FastifyRequest, wabaId: string, method: 'get' | 'post'): NumberState[];
}

export function createGraphAuth(
  ctx: SimContext,
  deps: { registry: NumberRegistry; mediaStore: MediaStore },
): GraphAuth {
  const { stats } = ctx;
  const { numbers } = deps.registry;

  return {
    authNumber(req, phoneNumberId, method) {
      const token = bearer(req);
      const num = numbers.get(phoneNumberId);
      const known = deps.registry.byToken(token).length > 0;
      if (!known) {
        stats.authErrors++;
        throw badToken();
      }
      if (!num) throw unknownObject(phoneNumberId, method);
      if (num.accessToken !== token) {
        stats.authErrors++;
        throw badToken();
      }
      return num;
    },
    authMedia(req, mediaId, method) {
      const token = bearer(req);
      const tokenNumbers = deps.registry.byToken(token);
      if (tokenNumbers.length === 0) {
        stats.authErrors++;
        throw badToken();
      }
      const m = deps.mediaStore.media.get(mediaId);
      if (!m || !tokenNumbers.some((n) => n.wabaId === m.wabaId)) throw unknownObject(mediaId, method);
      return m;
    },
    authWaba(req, wabaId, method) {
      const mine = deps.registry.byToken(bearer(req));
      if (mine.length === 0) {
        stats.authErrors++;
        throw badToken();
      }
      const inWaba = [...numbers.values()].filter((n) => n.wabaId === wabaId);
      if (inWaba.length === 0 || !mine.some((n) => n.wabaId === wabaId)) throw unknownObject(wabaId, method);
      return inWaba;
    },
  };
}
