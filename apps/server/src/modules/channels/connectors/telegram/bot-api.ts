import { postJson } from '../../../../platform/http/outbound-json.js';

/**
 * The plain Telegram Bot API client (reference/channel-protocols.md §2): `POST <base>/bot<token>/<method>`
 * with a JSON body (or multipart for a file), answered `{ ok, result }` or `{ ok: false, error_code,
 * description, parameters: { retry_after } }`; files are downloaded from `<base>/file/bot<token>/<path>`.
 * The token is part of the URL, so no URL is ever put in an error or a log line.
 */

/** The real Bot API; an account may point elsewhere (the simulator) with `apiBaseUrl`. */
export const TELEGRAM_API_BASE_URL = 'https://api.telegram.org';

const TIMEOUT_MS = 15_000;
/** Uploads and downloads of up to 50 MB (the Bot API's upload limit) take a while. */
const FILE_TIMEOUT_MS = 120_000;
/** The Bot API serves files of at most 20 MB (getFile). */
export const TELEGRAM_DOWNLOAD_MAX_BYTES = 20 * 1024 * 1024;

export interface BotApiTarget {
  apiBaseUrl: string;
  botToken: string;
}

/** The outcome of one Bot API call. */
export type BotApiResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** Worth another try (network, 5xx, 429). */
      retryable: boolean;
      /** `error_code` (the HTTP status), null without an answer. */
      code: number | null;
      /** The provider's description ("Forbidden: bot was blocked by the user"). */
      description: string;
      /** 429: wait this long before the next call for this chat (ms). */
      retryAfterMs: number | null;
    };

interface BotApiAnswer {
  ok?: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

const methodUrl = (target: BotApiTarget, method: string) =>
  `${target.apiBaseUrl.replace(/\/$/, '')}/bot${target.botToken}/${method}`;

/** Calls a Bot API method with a JSON body, or a multipart one when `body` is a FormData (a file upload). */
export async function callBotApi<T>(
  target: BotApiTarget,
  method: string,
  body: Record<string, unknown> | FormData,
): Promise<BotApiResult<T>> {
  let status: number;
  let text: string;
  try {
    if (body instanceof FormData) {
      const res = await fetch(methodUrl(target, method), {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(FILE_TIMEOUT_MS),
      });
      status = res.status;
      text = await res.text();
    } else {
      ({ status, text } = await postJson(methodUrl(target, method), body, {}, TIMEOUT_MS));
    }
  } catch (err) {
    const timedOut = err instanceof Error && /timeout|aborted/i.test(err.message);
    return {
      ok: false,
      retryable: true,
      code: null,
      description: timedOut ? 'timeout' : 'network error',
      retryAfterMs: null,
    };
  }
  return botApiResultOf<T>(status, text);
}

/** A Bot API answer classified: 429 and 5xx are retryable, other errors final. */
export function botApiResultOf<T>(status: number, text: string): BotApiResult<T> {
  let answer: BotApiAnswer | null = null;
  try {
    answer = text ? (JSON.parse(text) as BotApiAnswer) : null;
  } catch {
    answer = null;
  }
  if (status >= 200 && status < 300 && answer?.ok === true) return { ok: true, value: answer.result as T };
  const code = typeof answer?.error_code === 'number' ? answer.error_code : status || null;
  const retryAfter = answer?.parameters?.retry_after;
  return {
    ok: false,
    retryable: code === 429 || status >= 500 || status === 0,
    code,
    description: answer?.description || `HTTP ${status}`,
    retryAfterMs: typeof retryAfter === 'number' && retryAfter >= 0 ? retryAfter * 1000 : null,
  };
}

/** Downloads a file named by `getFile`'s `file_path`; throws on a failure (the media job tries again). */
export async function downloadBotFile(
  target: BotApiTarget,
  filePath: string,
): Promise<{ bytes: Buffer; mime: string | null }> {
  const base = target.apiBaseUrl.replace(/\/$/, '');
  const path = filePath.split('/').map(encodeURIComponent).join('/');
  const res = await fetch(`${base}/file/bot${target.botToken}/${path}`, {
    signal: AbortSignal.timeout(FILE_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`telegram file download ${res.status}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > TELEGRAM_DOWNLOAD_MAX_BYTES) throw new Error('telegram file too large');
  return { bytes, mime: res.headers.get('content-type') };
}
