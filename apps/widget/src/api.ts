import type { WidgetConfig, WidgetMessage, WidgetSession } from '@sapa/contracts';

/** The visitor API (apps/server livechat module). Types only from @sapa/contracts: no zod in the bundle. */
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
  config(): Promise<WidgetConfig>;
  session(body: { name: string; fields: Record<string, string>; consent: true }): Promise<WidgetSession>;
  me(): Promise<{ visitorId: string; name: string }>;
  messages(): Promise<{ items: WidgetMessage[] }>;
  send(body: { clientMessageId: string; text: string; attachmentIds: string[] }): Promise<WidgetMessage>;
  upload(file: File): Promise<{ uploadId: string }>;
  blob(url: string): Promise<Blob>;
}

export function createApi(
  base: string,
  accountId: string,
  lang: string,
  token: () => string | null,
): WidgetApi {
  const root = `${base}/api/widget/${accountId}`;
  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const headers: Record<string, string> = {
      'accept-language': lang,
      ...(init.headers as Record<string, string>),
    };
    const t = token();
    if (t) headers[TOKEN_HEADER] = t;
    const res = await fetch(path.startsWith('http') ? path : `${root}${path}`, { ...init, headers });
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as {
        message?: string;
        fields?: Record<string, string>;
      };
      throw new ApiError(res.status, body.message ?? res.statusText, body.fields ?? {});
    }
    return (await res.json()) as T;
  }
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  return {
    config: () => call('/config'),
    session: (body) => call('/session', json(body)),
    me: () => call('/me'),
    messages: () => call('/messages'),
    send: (body) => call('/messages', json(body)),
    upload: (file) =>
      call(`/attachments?name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        body: file,
        headers: { 'content-type': file.type || 'application/octet-stream' },
      }),
    async blob(url) {
      const t = token();
      const res = await fetch(`${base}${url}`, { headers: t ? { [TOKEN_HEADER]: t } : {} });
      if (!res.ok) throw new ApiError(res.status, res.statusText);
      return res.blob();
    },
  };
}
