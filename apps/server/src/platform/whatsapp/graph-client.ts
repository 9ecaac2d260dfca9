import { postJson } from '../http/outbound-json.js';

/**
 * The plain WhatsApp Cloud (Graph API) client: no module's knowledge, so that the WhatsApp connector
 * (`modules/channels/connectors/whatsapp-cloud`) and the platform's own one-time-code sender
 * (`modules/notifications/delivery.ts`) both call it without a module reaching another.
 */

/** The outcome of one Graph API call, classified for the send job. */
export type GraphResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      retryable: boolean;
      code: number | null;
      /** Meta's `error_subcode` (Messenger's 2018278: outside the allowed window); null: none. */
      subcode: number | null;
      title: string;
      status: number | null;
    };

interface GraphError {
  error?: { message?: string; code?: number; error_subcode?: number; error_data?: { details?: string } };
}

const TIMEOUT_MS = 15_000;
/** A 100 MB document takes a while on a slow uplink. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** What a Graph call needs: the number it acts for and the token (a business's account or the platform's). */
export interface GraphNumber {
  graphBaseUrl: string;
  phoneNumberId: string;
}
export interface GraphToken {
  accessToken: string;
}

const call = <T>(config: GraphNumber, secrets: GraphToken, path: string, body: unknown) =>
  postGraph<T>(config.graphBaseUrl, secrets.accessToken, path, body);

/**
 * POSTs JSON (or a FormData upload) to `<graph base>/<path>` with a bearer token: any Graph API node (a phone
 * number's, a Page's, an Instagram account's), classified for the send jobs.
 */
export async function postGraph<T>(
  graphBaseUrl: string,
  accessToken: string,
  path: string,
  body: unknown,
): Promise<GraphResult<T>> {
  const url = `${graphBaseUrl}/${path}`;
  const authorization = `Bearer ${accessToken}`;
  try {
    if (body instanceof FormData) {
      // fetch writes the multipart content type (with its boundary) for a FormData body.
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization },
        body,
        signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
      });
      return graphResultOf<T>(res.status, await res.text());
    }
    // JSON calls (sends, read receipts: the hot path) over kept-alive connections.
    const { status, text } = await postJson(url, body, { authorization }, TIMEOUT_MS);
    return graphResultOf<T>(status, text);
  } catch (err) {
    return unanswered(err);
  }
}

/** GETs `<graph base>/<path>` (a node's fields) with a bearer token, classified like a POST. */
export async function getGraph<T>(
  graphBaseUrl: string,
  accessToken: string,
  path: string,
): Promise<GraphResult<T>> {
  try {
    const res = await fetch(`${graphBaseUrl}/${path}`, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return graphResultOf<T>(res.status, await res.text());
  } catch (err) {
    return unanswered(err);
  }
}

const unanswered = (err: unknown): GraphResult<never> => ({
  ok: false,
  retryable: true,
  code: null,
  subcode: null,
  title: (err as Error).message,
  status: null,
});

/** A Graph answer classified: 130429 (throughput) and server errors are worth another try; other errors final. */
function graphResultOf<T>(status: number, text: string): GraphResult<T> {
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (status >= 200 && status < 300) return { ok: true, value: json as T };
  const error = (json as GraphError | null)?.error;
  const code = typeof error?.code === 'number' ? error.code : null;
  const subcode = typeof error?.error_subcode === 'number' ? error.error_subcode : null;
  const title = error?.error_data?.details || error?.message || `HTTP ${status}`;
  const retryable = code === 130429 || status >= 500 || status === 429;
  return { ok: false, retryable, code, subcode, title, status };
}

/** POST /{phone-number-id}/messages with a message body built by `graphMessageOf`. */
export function sendMessage(
  config: GraphNumber,
  secrets: GraphToken,
  to: string,
  message: Record<string, unknown>,
) {
  return call<{ messages?: { id: string }[] }>(config, secrets, `${config.phoneNumberId}/messages`, {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    ...message,
  });
}

/** Read receipt for an inbound message. */
export function markRead(config: GraphNumber, secrets: GraphToken, wamid: string) {
  return call<{ success?: boolean }>(config, secrets, `${config.phoneNumberId}/messages`, {
    messaging_product: 'whatsapp',
    status: 'read',
    message_id: wamid,
  });
}

/**
 * POST /{phone-number-id}/media (reference §1e): multipart with `file`, `type` (the mime) and
 * `messaging_product=whatsapp`; answers the media id a message then names.
 */
export function uploadMedia(
  config: GraphNumber,
  secrets: GraphToken,
  file: { bytes: Buffer; mime: string; filename: string },
) {
  const form = new FormData();
  form.append('messaging_product', 'whatsapp');
  form.append('type', file.mime);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.filename);
  return call<{ id?: string }>(config, secrets, `${config.phoneNumberId}/media`, form);
}
