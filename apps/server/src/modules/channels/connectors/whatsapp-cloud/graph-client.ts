import { postJson } from '../../../../platform/http/outbound-json.js';
import type { WhatsappCloudConfig, WhatsappCloudSecrets } from '../../channels.schema.js';

/** The outcome of one Graph API call, classified for the send job. */
export type GraphResult<T> =
  | { ok: true; value: T }
  | { ok: false; retryable: boolean; code: number | null; title: string; status: number | null };

interface GraphError {
  error?: { message?: string; code?: number; error_data?: { details?: string } };
}

const TIMEOUT_MS = 15_000;
/** A 100 MB document takes a while on a slow uplink. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** What a Graph call needs: the number it acts for and the token (a business's account or the platform's). */
type GraphNumber = Pick<WhatsappCloudConfig, 'graphBaseUrl' | 'phoneNumberId'>;
type GraphToken = Pick<WhatsappCloudSecrets, 'accessToken'>;

async function call<T>(
  config: GraphNumber,
  secrets: GraphToken,
  path: string,
  body: unknown,
): Promise<GraphResult<T>> {
  const url = `${config.graphBaseUrl}/${path}`;
  const authorization = `Bearer ${secrets.accessToken}`;
  let status: number;
  let text: string;
  try {
    if (body instanceof FormData) {
      // fetch writes the multipart content type (with its boundary) for a FormData body.
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization },
        body,
        signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
      });
      status = res.status;
      text = await res.text();
    } else {
      // JSON calls (sends, read receipts: the hot path) over kept-alive connections.
      ({ status, text } = await postJson(url, body, { authorization }, TIMEOUT_MS));
    }
  } catch (err) {
    return { ok: false, retryable: true, code: null, title: (err as Error).message, status: null };
  }
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (status >= 200 && status < 300) return { ok: true, value: json as T };
  const error = (json as GraphError | null)?.error;
  const code = typeof error?.code === 'number' ? error.code : null;
  const title = error?.error_data?.details || error?.message || `HTTP ${status}`;
  // 130429 (throughput) and server errors are worth another try; other client errors are final.
  const retryable = code === 130429 || status >= 500 || status === 429;
  return { ok: false, retryable, code, title, status };
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
export function markRead(config: WhatsappCloudConfig, secrets: WhatsappCloudSecrets, wamid: string) {
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
  config: WhatsappCloudConfig,
  secrets: WhatsappCloudSecrets,
  file: { bytes: Buffer; mime: string; filename: string },
) {
  const form = new FormData();
  form.append('messaging_product', 'whatsapp');
  form.append('type', file.mime);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.filename);
  return call<{ id?: string }>(config, secrets, `${config.phoneNumberId}/media`, form);
}
