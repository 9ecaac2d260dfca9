import {
  conversationEndpoints,
  type ErrorResponse,
  type Message,
  pathWith,
  UPLOAD_FILE_FIELD,
  type Upload,
  uploadEndpoints,
} from '@sapa/contracts';
import { ApiError, call, getSession, isErrorResponse, request } from '../../../shared/api';
import { currentLanguage, translateMessage } from '../../../shared/i18n';

/**
 * One multipart upload with progress (fetch cannot report upload progress, so this is an XMLHttpRequest).
 * A 401 lets the API client's shared refresh run once (through a cheap authenticated call), then retries.
 */
function postFile(url: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = getSession()?.accessToken;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    const fail = () => reject(new ApiError(uploadFailed(xhr.status || 500)));
    xhr.onerror = fail;
    xhr.onabort = fail;
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(UPLOAD_FILE_FIELD, file, file.name);
    xhr.send(form);
  });
}

const uploadFailed = (statusCode: number): ErrorResponse => ({
  statusCode,
  error: 'error',
  message: translateMessage('attachment.uploadFailed'),
  code: 'attachment.uploadFailed',
});

/** POST /api/tickets/:id/uploads; throws an `ApiError` with the server's translated reason. */
export async function uploadFile(
  ticketId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Upload> {
  const url = pathWith(uploadEndpoints.upload.path, { id: ticketId });
  let res = await postFile(url, file, onProgress, signal);
  if (res.status === 401) {
    // Any authenticated call refreshes an expired access token once, shared with every other request.
    await call(conversationEndpoints.unreadCount);
    res = await postFile(url, file, onProgress, signal);
  }
  if (res.status >= 200 && res.status < 300) return res.body as Upload;
  throw new ApiError(isErrorResponse(res.body) ? res.body : uploadFailed(res.status));
}

/** POST /api/tickets/:id/messages for one attachment (its own idempotency key; the caption on one of them). */
export function sendAttachment(input: {
  ticketId: string;
  uploadId: string;
  caption: string | null;
  internal: boolean;
  clientMessageId: string;
}): Promise<Message> {
  return request(conversationEndpoints.sendMessage, {
    params: { id: input.ticketId },
    body: {
      attachmentId: input.uploadId,
      internal: input.internal,
      clientMessageId: input.clientMessageId,
      ...(input.caption ? { text: input.caption } : {}),
    },
  });
}

/**
 * POST /api/tickets/:id/messages for one email with all its files (000 §5: attached together, 25 MB in total),
 * the text, the Cc and the subject; one idempotency key for the email.
 */
export function sendEmailWithFiles(input: {
  ticketId: string;
  uploadIds: string[];
  text: string;
  email: { emailCc: string; subject?: string };
  clientMessageId: string;
}): Promise<Message> {
  return request(conversationEndpoints.sendMessage, {
    params: { id: input.ticketId },
    body: {
      attachmentIds: input.uploadIds,
      internal: false,
      clientMessageId: input.clientMessageId,
      emailCc: input.email.emailCc,
      ...(input.email.subject ? { subject: input.email.subject } : {}),
      ...(input.text ? { text: input.text } : {}),
    },
  });
}
