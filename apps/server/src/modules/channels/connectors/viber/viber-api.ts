import { postJson } from '../../../../platform/http/outbound-json.js';

/**
 * The plain Viber REST bot API client: `POST <base>/<method>` (`set_webhook`, `get_account_info`,
 * `send_message`, `get_user_details`) with a JSON body and the `X-Viber-Auth-Token` header, answered HTTP 200
 * with `{ status, status_message, … }` — `status` 0 is success, any other is Viber's error (12: too many
 * requests). The token never goes in an error or a log line.
 */

/** The real API; an account may point elsewhere (the simulator) with `apiBaseUrl`. */
export const VIBER_API_BASE_URL = 'https://chatapi.viber.com/pa';
export const VIBER_AUTH_HEADER = 'X-Viber-Auth-Token';

const TIMEOUT_MS = 15_000;

/** Viber's error statuses Sapa treats specially (the rest are final failures, shown in Viber's words). */
export const VIBER_STATUS = {
  ok: 0,
  invalidAuthToken: 2,
  receiverNotSubscribed: 6,
  publicAccountBlocked: 7,
  tooManyRequests: 12,
} as const;

/** Viber's names of its error statuses (its docs' `status_message` values), for the failure reason. */
const STATUS_NAMES: Readonly<Record<number, string>> = {
  1: 'invalidUrl',
  2: 'invalidAuthToken',
  3: 'badData',
  4: 'missingData',
  5: 'receiverNotRegistered',
  6: 'receiverNotSubscribed',
  7: 'publicAccountBlocked',
  8: 'publicAccountNotFound',
  9: 'publicAccountSuspended',
  10: 'webhookNotSet',
  11: 'receiverNoSuitableDevice',
  12: 'tooManyRequests',
  13: 'apiVersionNotSupported',
};

export interface ViberApiTarget {
  apiBaseUrl: string;
  authToken: string;
}

/** The outcome of one Viber API call. */
export type ViberApiResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** Worth another try (network, 5xx, too many requests). */
      retryable: boolean;
      /** Viber's `status` (or the HTTP status when it answered none); null without an answer. */
      status: number | null;
      /** Viber's words ("receiverNotSubscribed"). */
      description: string;
    };

interface ViberAnswer {
  status?: number;
  status_message?: string;
}

/**
 * JSON from Viber with its 64-bit `message_token`s kept exact (as strings): `JSON.parse` would round them to
 * the nearest double, and two messages could then share a token. Only the key `"message_token"` outside a
 * string matches (inside a string its quotes are escaped).
 */
export function parseViberJson(text: string): unknown {
  return JSON.parse(text.replace(/("message_token"\s*:\s*)(-?\d+)/g, '$1"$2"'));
}

/** A Viber answer classified: status 0 is success; 12 (too many requests), 5xx and no answer are retryable. */
export function viberApiResultOf<T>(httpStatus: number, text: string): ViberApiResult<T> {
  let answer: ViberAnswer | null = null;
  try {
    answer = text ? (parseViberJson(text) as ViberAnswer) : null;
  } catch {
    answer = null;
  }
  if (httpStatus >= 200 && httpStatus < 300 && answer?.status === VIBER_STATUS.ok)
    return { ok: true, value: answer as T };
  const status = typeof answer?.status === 'number' ? answer.status : httpStatus || null;
  const named = status === null ? undefined : STATUS_NAMES[status];
  const message = answer?.status_message && answer.status_message !== named ? answer.status_message : '';
  const description = [named, message].filter(Boolean).join(': ') || `HTTP ${httpStatus}`;
  const retryable =
    httpStatus >= 500 || httpStatus === 429 || (answer !== null && status === VIBER_STATUS.tooManyRequests);
  return { ok: false, retryable, status, description };
}

/** Calls a Viber API method with a JSON body. */
export async function callViberApi<T>(
  target: ViberApiTarget,
  method: string,
  body: Record<string, unknown>,
): Promise<ViberApiResult<T>> {
  try {
    const url = `${target.apiBaseUrl.replace(/\/$/, '')}/${method}`;
    const res = await postJson(url, body, { [VIBER_AUTH_HEADER]: target.authToken }, TIMEOUT_MS);
    return viberApiResultOf<T>(res.status, res.text);
  } catch (err) {
    const timedOut = err instanceof Error && /timeout|aborted/i.test(err.message);
    return { ok: false, retryable: true, status: null, description: timedOut ? 'timeout' : 'network error' };
  }
}
