import type { MessageKey } from '@sapa/contracts';

/**
 * An expected failure with a translated message: the error handler turns it into
 * `{ statusCode, error, message, code, fields }` in the caller's language.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly key: MessageKey;
  readonly params: readonly (string | number)[];
  /** Body path → message key, for form fields. */
  readonly fields: Record<string, MessageKey> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    key: MessageKey,
    options: {
      params?: (string | number)[];
      fields?: Record<string, MessageKey>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(key);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.key = key;
    this.params = options.params ?? [];
    this.fields = options.fields;
    this.headers = options.headers;
  }
}

export const badRequest = (key: MessageKey, fields?: Record<string, MessageKey>) =>
  new AppError(400, key, fields ? { fields } : {});
export const unauthorized = (key: MessageKey = 'auth.unauthorized') => new AppError(401, key);
export const forbidden = () => new AppError(403, 'access.forbidden');
export const notFound = () => new AppError(404, 'http.notFound');
export const conflict = (key: MessageKey, fields?: Record<string, MessageKey>) =>
  new AppError(409, key, fields ? { fields } : {});
export const tooManyRequests = (key: MessageKey, retryAfterSeconds: number) =>
  new AppError(429, key, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
