import { postJson } from '../../../../platform/http/outbound-json.js';

/**
 * The plain LINE Messaging API client (reference/channel-protocols.md §3): JSON calls to `<api>/v2/bot/…` and
 * content downloads from `<data>/v2/bot/message/{id}/content`, all with `Authorization: Bearer <channel access
 * token>`. Errors answer `{ message, details: [{ message, property }] }` with 400/401/403/409/429/5xx. The token
 * never goes in an error or a log line.
 */

/** The real hosts; an account may point elsewhere (the simulator) with `apiBaseUrl` / `dataBaseUrl`. */
export const LINE_API_BASE_URL = 'https://api.line.me';
export const LINE_DATA_BASE_URL = 'https://api-data.line.me';

const TIMEOUT_MS = 15_000;
const FILE_TIMEOUT_MS = 120_000;
/** The largest file Sapa downloads from LINE (its own limit for files sent by users is 300 MB; Sapa's 100 MB). */
export const LINE_DOWNLOAD_MAX_BYTES = 100 * 1024 * 1024;

export interface LineApiTarget {
  apiBaseUrl: string;
  dataBaseUrl: string;
  accessToken: string;
}

/** The outcome of one Messaging API call. */
export type LineApiResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** Worth another try (network, 5xx, 429). */
      retryable: boolean;
      /** The HTTP status; null without an answer. */
      status: number | null;
      /** The provider's message ("Invalid reply token"), with its first detail. */
      description: string;
    };

interface LineErrorAnswer {
  message?: string;
  details?: { message?: string; property?: string }[];
}

const trimmed = (base: string) => base.replace(/\/$/, '');
const authOf = (target: LineApiTarget) => ({ authorization: `Bearer ${target.accessToken}` });

/** A Messaging API answer classified: 429 and 5xx are retryable, other errors final. */
export function lineApiResultOf<T>(status: number, text: string): LineApiResult<T> {
  let answer: unknown = null;
  try {
    answer = text ? JSON.parse(text) : {};
  } catch {
    answer = null;
  }
  if (status >= 200 && status < 300) return { ok: true, value: (answer ?? {}) as T };
  const error = (answer ?? {}) as LineErrorAnswer;
  const detail = error.details?.[0];
  const description = [
    error.message || `HTTP ${status}`,
    detail?.message ? `${detail.property ? `${detail.property}: ` : ''}${detail.message}` : '',
  ]
    .filter(Boolean)
    .join(' — ');
  return { ok: false, retryable: status === 429 || status >= 500 || status === 0, status, description };
}

const unanswered = (err: unknown): LineApiResult<never> => ({
  ok: false,
  retryable: true,
  status: null,
  description: err instanceof Error && /timeout|aborted/i.test(err.message) ? 'timeout' : 'network error',
});

/** POSTs a JSON body to `<api><path>` (reply, push). */
export async function postLineApi<T>(
  target: LineApiTarget,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LineApiResult<T>> {
  try {
    const res = await postJson(
      `${trimmed(target.apiBaseUrl)}${path}`,
      body,
      { ...authOf(target), ...headers },
      TIMEOUT_MS,
    );
    return lineApiResultOf<T>(res.status, res.text);
  } catch (err) {
    return unanswered(err);
  }
}

/** Any other call (GET bot info, PUT the webhook endpoint): rare, connect-time calls. */
export async function callLineApi<T>(
  target: LineApiTarget,
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  body?: unknown,
): Promise<LineApiResult<T>> {
  try {
    const res = await fetch(`${trimmed(target.apiBaseUrl)}${path}`, {
      method,
      headers: { ...authOf(target), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return lineApiResultOf<T>(res.status, await res.text());
  } catch (err) {
    return unanswered(err);
  }
}

/** Downloads a message's content from the data host; throws on a failure (the media job tries again). */
export async function downloadLineContent(
  target: LineApiTarget,
  messageId: string,
): Promise<{ bytes: Buffer; mime: string | null }> {
  const url = `${trimmed(target.dataBaseUrl)}/v2/bot/message/${encodeURIComponent(messageId)}/content`;
  const res = await fetch(url, { headers: authOf(target), signal: AbortSignal.timeout(FILE_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`line content download ${res.status}`);
  const length = Number(res.headers.get('content-length'));
  if (length > LINE_DOWNLOAD_MAX_BYTES) throw new Error('line content too large');
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > LINE_DOWNLOAD_MAX_BYTES) throw new Error('line content too large');
  return { bytes, mime: res.headers.get('content-type') };
}
