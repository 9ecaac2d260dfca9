import type { TokenPair } from '@sapa/contracts';
import type { FastifyInstance } from 'fastify';
import { bearer } from './fixtures.js';

/**
 * `api(method, url, tokens, payload?, lang?)`: one signed-in JSON request through `app.inject`, answered in
 * `lang` (English unless told), so a test reads the spec's wording.
 */
export function apiClient(app: () => FastifyInstance) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    tokens: TokenPair,
    payload?: unknown,
    lang = 'en',
  ) =>
    app().inject({
      method,
      url,
      headers: { ...bearer(tokens), 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}
