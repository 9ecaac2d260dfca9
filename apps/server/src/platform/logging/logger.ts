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
];

/**
 * Paths whose values never reach a log line: secrets, passwords, tokens, codes (security rule). Each secret
 * key is redacted at the top level of a log object and up to two levels down (`{ password }`,
 * `{ body: { password } }`, `{ req: { body: { password } } }`).
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.query.token',
  'req.query.access_token',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

export function createLogger(options: { level: string; destination?: pino.DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: {
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
