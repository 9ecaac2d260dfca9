import pino, { type Logger } from 'pino';

/** Keys whose values are secrets wherever they appear in a log object. */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'accessToken',
  'refreshToken',
  'mfaToken',
  'resetToken',
  'token',
  'code',
  'otp',
  'secret',
  'passwordHash',
  'totpSecret',
  'authorization',
  'botToken',
  'webhookSecret',
  'channelSecret',
];

/**
 * Paths whose values never reach a log line: secrets, passwords, tokens, codes (security rule). Each secret
 * key is redacted at the top level of a log object and up to two levels down (`{ password }`,
 * `{ body: { password } }`, `{ req: { body: { password } } }`).
 */
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.query.token',
  'req.query.access_token',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/**
 * Properties of a database error that carry the statement's values (customers' names, message text): the
 * bound parameters (Drizzle, PGlite), PostgreSQL's detail (`Key (phone)=(62…) already exists`), its context
 * and internal query.
 */
const STATEMENT_VALUE_KEYS = new Set([
  'params',
  'parameters',
  'detail',
  'where',
  'internalQuery',
  'queryOptions',
]);
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** An error's message without the values of its statement: Drizzle's `params:` line, PostgreSQL's quoted value. */
function messageWithoutValues(error: Error & { code?: unknown }): string {
  let message = String(error.message ?? '');
  const params = message.startsWith('Failed query:') ? message.indexOf('\nparams: ') : -1;
  if (params !== -1) message = message.slice(0, params);
  // `invalid input syntax for type uuid: "…"`, `invalid input value for enum …: "…"`.
  if (typeof error.code === 'string' && SQLSTATE.test(error.code))
    message = message.replace(/: ".*"$/s, ': "…"');
  return message;
}

/**
 * Every logged error (`err`, `error`): type, message, stack, its own properties and its cause, never the
 * values of a failed statement (security rule: no personal data in logs). The stack's first line repeats
 * the message, so it is cleaned the same way.
 */
function serializeError(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error)) return value;
  const error = value as Error & Record<string, unknown>;
  const message = messageWithoutValues(error);
  const out: Record<string, unknown> = { type: error.constructor?.name ?? error.name, message };
  if (typeof error.stack === 'string') out.stack = error.stack.replace(String(error.message), message);
  for (const [key, v] of Object.entries(error)) {
    if (key in out || key === 'cause' || STATEMENT_VALUE_KEYS.has(key)) continue;
    out[key] = v instanceof Error ? serializeError(v, depth + 1) : v;
  }
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

export function createLogger(options: { level: string; destination?: pino.DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: {
        err: serializeError,
        error: serializeError,
        req: (req: { method: string; url: string; id: string }) => ({
          method: req.method,
          // Query strings may carry tokens (the WebSocket authorises with one): log the path only.
          url: String(req.url ?? '').split('?')[0],
          id: req.id,
        }),
      },
    },
    options.destination,
  );
}
