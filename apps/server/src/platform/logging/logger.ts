import pino, { type Logger } from 'pino';

/** Paths whose values never reach a log line: secrets, passwords, tokens, codes (security rule). */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.query.token',
  'req.query.access_token',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.confirmPassword',
  '*.accessToken',
  '*.refreshToken',
  '*.mfaToken',
  '*.resetToken',
  '*.token',
  '*.code',
  '*.otp',
  '*.secret',
  '*.passwordHash',
  '*.totpSecret',
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
          url: req.url.split('?')[0],
          id: req.id,
        }),
      },
    },
    options.destination,
  );
}
