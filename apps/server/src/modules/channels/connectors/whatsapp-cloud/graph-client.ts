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

async function call<T>(
  config: WhatsappCloudConfig,
  secrets: WhatsappCloudSecrets,
  path: string,
  body: unknown,
): Promise<GraphResult<T>> {
  let res: Response;
  const form = body instanceof FormData;
  try {
    res = await fetch(`${config.graphBaseUrl}/${path}`, {
      method: 'POST',
      // fetch writes the multipart content type (with its boundary) for a FormData body.
      headers: {
        authorization: `Bearer ${secrets.accessToken}`,
        ...(form ? {} : { 'content-type': 'application/json' }),
      },
      body: form ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(form ? UPLOAD_TIMEOUT_MS : TIMEOUT_MS),
    });
  } catch (err) {
    return { ok: false, retryable: true, code: null, title: (err as Error).message, status: null };
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (res.ok) return { ok: true, value: json as T };
  const error = (json as GraphError | null)?.error;
  const code = typeof error?.code === 'number' ? error.code : null;
  const title = error?.error_data?.details || error?.message || `HTTP ${res.status}`;
  // 130429 (throughput) and server errors are worth another try; other client errors are final.
  const retryable = code === 130429 || res.status >= 500 || res.status === 429;
  return { ok: false, retryable, code, title, status: res.status };
}

/** POST /{phone-number-id}/messages with a message body built by `graphMessageOf`. */
export function sendMessage(
  config: WhatsappCloudConfig,
  secrets: WhatsappCloudSecrets,
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
