import type { BodyOf, QueryOf, ResponseOf, widgetEndpoints } from '@sapa/contracts';

/**
 * The visitor API (apps/server livechat module), typed from `widgetEndpoints` in @sapa/contracts with
 * type-only imports: no zod in the bundle. A unit test keeps `WIDGET_ROUTES` equal to the endpoints.
 */
type Endpoints = typeof widgetEndpoints;
type Body<K extends keyof Endpoints> = BodyOf<Endpoints[K]>;
type Query<K extends keyof Endpoints> = QueryOf<Endpoints[K]>;
type Response<K extends keyof Endpoints> = ResponseOf<Endpoints[K]>;

/** Method and path (after `/api/widget/:accountId`) of each endpoint the widget calls over HTTP. */
export const WIDGET_ROUTES = {
  config: { method: 'GET', path: '/config' },
  session: { method: 'POST', path: '/session' },
  me: { method: 'GET', path: '/me' },
  messages: { method: 'GET', path: '/messages' },
  send: { method: 'POST', path: '/messages' },
  attachment: { method: 'POST', path: '/attachments' },
} as const satisfies Partial<Record<keyof Endpoints, { method: string; path: string }>>;
type Route = keyof typeof WIDGET_ROUTES;

export const TOKEN_HEADER = 'x-sapa-visitor';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface WidgetApi {
  config(): Promise<Response<'config'>>;
  session(body: Body<'session'>): Promise<Response<'session'>>;
  me(): Promise<Response<'me'>>;
  messages(): Promise<Response<'messages'>>;
  send(body: Body<'send'>): Promise<Response<'send'>>;
  upload(file: File): Promise<Response<'attachment'>>;
  blob(url: string): Promise<Blob>;
}

export function createApi(
  base: string,
  accountId: string,
  lang: string,
  token: () => string | null,
): WidgetApi {
  const root = `${base}/api/widget/${accountId}`;
  async function call<K extends Route>(
    route: K,
    init: RequestInit = {},
    query?: Query<K>,
  ): Promise<Response<K>> {
    const headers: Record<string, string> = {
      'accept-language': lang,
      ...(init.headers as Record<string, string>),
    };
    const t = token();
    if (t) headers[TOKEN_HEADER] = t;
    const res = await fetch(`${root}${WIDGET_ROUTES[route].path}${searchOf(query)}`, {
      ...init,
      method: WIDGET_ROUTES[route].method,
      headers,
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as {
        message?: string;
        fields?: Record<string, string>;
      };
      throw new ApiError(res.status, body.message ?? res.statusText, body.fields ?? {});
    }
    return (await res.json()) as Response<K>;
  }
  const json = (body: unknown): RequestInit => ({
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  return {
    config: () => call('config'),
    session: (body) => call('session', json(body)),
    me: () => call('me'),
    messages: () => call('messages'),
    send: (body) => call('send', json(body)),
    upload: (file) =>
      call(
        'attachment',
        { body: file, headers: { 'content-type': file.type || 'application/octet-stream' } },
        { name: file.name },
      ),
    async blob(url) {
      const t = token();
      const res = await fetch(`${base}${url}`, { headers: t ? { [TOKEN_HEADER]: t } : {} });
      if (!res.ok) throw new ApiError(res.status, res.statusText);
      return res.blob();
    },
  };
}

/** `?a=1&b=2` of the defined values, each URI-encoded. */
function searchOf(query: object | undefined): string {
  const pairs = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}
