import { isMessageKey, type Language, languageFromHeader, translate } from '@sapa/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export function requestLanguage(request: FastifyRequest): Language {
  return languageFromHeader(request.headers['accept-language']);
}

function send(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  extra: { code?: string; fields?: Record<string, string> } = {},
) {
  return reply
    .status(statusCode)
    .send({ statusCode, error: STATUS_NAMES[statusCode] ?? 'Error', message, ...extra });
}

/** One place that turns every failure into the contract's error body, translated; never leaks internals. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = requestLanguage(request);
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const fields = error.fields
        ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translate(v, lang)]))
        : undefined;
      return send(reply, error.statusCode, translate(error.key, lang, [...error.params]), {
        code: error.key,
        ...(fields ? { fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        const raw = issue.message ?? '';
        const text = isMessageKey(raw) ? translate(raw, lang) : translate('validation.invalid', lang);
        if (!(path in fields)) fields[path] = text;
      }
      const first = Object.values(fields)[0] ?? translate('validation.invalid', lang);
      return send(reply, 400, first, { code: 'validation.invalid', fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, reqId: request.id }, 'response did not match its schema');
      return send(reply, 500, translate('http.internal', lang), { code: 'http.internal' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429)
      return send(reply, 429, translate('auth.tooManyAttempts', lang), { code: 'auth.tooManyAttempts' });
    if (status === 413) return send(reply, 413, translate('http.tooLarge', lang), { code: 'http.tooLarge' });
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, said plainly.
      return send(reply, status, translate('validation.invalid', lang), { code: 'validation.invalid' });
    }
    request.log.error({ err: error, reqId: request.id, url: request.url.split('?')[0] }, 'unhandled error');
    return send(reply, 500, translate('http.internal', lang), { code: 'http.internal' });
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, translate('http.notFound', requestLanguage(request)), { code: 'http.notFound' }),
  );
}
