import type { ErrorResponse } from '@sapa/contracts';
import { translateMessage } from '../i18n';

/** 000 §7 Response handling: the body a failed request resolves to when the server sent none. */
export function failToSend(statusCode: number): ErrorResponse {
  return { statusCode, error: 'error', message: translateMessage('http.failToSend') };
}

/** An API failure, for TanStack Query (which needs a thrown error). `body.message` is user-facing. */
export class ApiError extends Error {
  readonly body: ErrorResponse;

  constructor(body: ErrorResponse) {
    super(body.message);
    this.name = 'ApiError';
    this.body = body;
  }

  get status(): number {
    return this.body.statusCode;
  }
}

/** The message to show for anything a call or a query failed with. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.body.message;
  if (isErrorResponse(error)) return error.message;
  return translateMessage('http.internal');
}

export function isErrorResponse(value: unknown): value is ErrorResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { statusCode?: unknown }).statusCode === 'number' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** Translated field problems of an error body (server `fields`), keyed by the first path segment. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const body = error instanceof ApiError ? error.body : isErrorResponse(error) ? error : null;
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(body?.fields ?? {})) {
    const key = path.split('.')[0] ?? path;
    out[key] ??= translateMessage(message);
  }
  return out;
}
