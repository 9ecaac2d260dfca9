import type { TokenPair } from '@sapa/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { authenticator } from 'otplib';
import { outboxMessages } from '../src/modules/notifications/notifications.schema.js';
import type { Db } from '../src/platform/db/database.js';
import { PASSWORD } from './fixtures.js';
import { waitFor } from './harness.js';

let ipCounter = 0;
/**
 * A fresh client address per call (10.x.y.z), so files that sign in often stay under the per-IP sign-in
 * limit; the per-IP limit itself is tested with one fixed address.
 */
export function nextIp(): string {
  const n = ++ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** POST /api/auth/login from its own client address; the raw reply. */
export function postLogin(
  app: FastifyInstance,
  body: { email: string; password: string; clientId?: string },
  options: { ip?: string; lang?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: options.ip ?? nextIp(),
    headers: options.lang ? { 'accept-language': options.lang } : {},
    payload: body,
  });
}

/** Signs in (one business, no 2FA) and returns the token pair; throws with the reply body otherwise. */
export async function signInFresh(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  clientId?: string,
): Promise<TokenPair> {
  const res = await postLogin(app, { email, password, ...(clientId ? { clientId } : {}) });
  const body = res.json();
  if (res.statusCode !== 200 || body.status !== 'ok')
    throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
  return body.tokens as TokenPair;
}

/** The current TOTP code of a secret, as an authenticator app shows it. */
export function totpNow(secret: string): string {
  return authenticator.generate(secret);
}

/** A 6-digit code that is not valid for `secret` in any step the server accepts (one step of drift either way). */
export function wrongTotp(secret: string): string {
  const now = Date.now();
  const valid = new Set(
    [-60, -30, 0, 30, 60].map((s) => authenticator.clone({ epoch: now + s * 1000 }).generate(secret)),
  );
  for (let i = 0; ; i++) {
    const candidate = String((123_456 + i * 7_919) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

/**
 * Waits for the `notifications.send` job to deliver a message to `recipient` (the worker writes the outbox)
 * and returns the 5-digit reset code of the newest one. `seen`: how many messages to that recipient existed
 * before the request, so an older message is never mistaken for the new one.
 */
export async function waitForResetCode(
  db: Db,
  recipient: string,
  seen = 0,
): Promise<{ code: string; body: string; channel: string }> {
  const rows = await waitFor(async () => {
    const found = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, recipient))
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id));
    return found.length > seen ? found : undefined;
  });
  const row = rows[0]!;
  const code = /\b(\d{5})\b/.exec(row.body)?.[1];
  if (!code) throw new Error(`no 5-digit code in outbox message: ${row.body}`);
  return { code, body: row.body, channel: row.channel };
}

/** Counts the outbox messages to a recipient. */
export async function outboxCount(db: Db, recipient: string): Promise<number> {
  const rows = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient));
  return rows.length;
}
