import type { MessageKey } from '@sapa/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { tooManyRequests } from '../../platform/http/errors.js';
import { signInThrottles } from './identity.schema.js';

/**
 * How failures of one kind are counted and punished: `limit` failures of one account from one address lock that
 * pair for `baseLockMs`; every further failure doubles the lock, up to `maxLockMs`. The count starts over after
 * `windowMs` without a failure, or on a success.
 */
export interface ThrottlePolicy {
  scope: string;
  limit: number;
  windowMs: number;
  baseLockMs: number;
  maxLockMs: number;
  /** The message of the 429. */
  message: MessageKey;
}

const MINUTE = 60_000;

/** Wrong passwords per account and client address (issue 15: never a lockout of someone else's account). */
export const SIGN_IN_THROTTLE: ThrottlePolicy = {
  scope: 'sign-in',
  limit: 5,
  windowMs: 60 * MINUTE,
  baseLockMs: MINUTE,
  maxLockMs: 15 * MINUTE,
  message: 'auth.tooManyAttempts',
};

/** Wrong 2FA codes per user and client address. */
export const MFA_THROTTLE: ThrottlePolicy = { ...SIGN_IN_THROTTLE, scope: 'mfa' };

/** One attempt of a kind: who it is about (`accountKey`) and where it comes from (`address`). */
export interface Attempt {
  accountKey: string;
  address: string;
}

const pairOf = (policy: ThrottlePolicy, attempt: Attempt) =>
  and(
    eq(signInThrottles.scope, policy.scope),
    eq(signInThrottles.accountKey, attempt.accountKey),
    eq(signInThrottles.address, attempt.address),
  );

/** Throws the policy's 429 (with Retry-After) while the pair is locked. */
export async function refuseWhileLocked(db: DbOrTx, policy: ThrottlePolicy, attempt: Attempt) {
  const [row] = await db
    .select({ seconds: sql<number>`extract(epoch from ${signInThrottles.lockedUntil} - now())::float8` })
    .from(signInThrottles)
    .where(and(pairOf(policy, attempt), gt(signInThrottles.lockedUntil, sql`now()`)))
    .limit(1);
  if (row) throw tooManyRequests(policy.message, Number(row.seconds));
}

/** Counts a failure (in the database's clock, shared by every process) and locks the pair when it is due. */
export async function recordFailure(db: DbOrTx, policy: ThrottlePolicy, attempt: Attempt) {
  const stale = sql`${signInThrottles.lastFailureAt} < now() - ${policy.windowMs}::float8 * interval '1 millisecond'`;
  const failures = sql`(case when ${stale} then 1 else ${signInThrottles.failures} + 1 end)`;
  await db
    .insert(signInThrottles)
    .values({
      scope: policy.scope,
      ...attempt,
      failures: 1,
      lastFailureAt: sql`now()`,
      lockedUntil: lockAfter(policy, sql`1`),
    })
    .onConflictDoUpdate({
      target: [signInThrottles.scope, signInThrottles.accountKey, signInThrottles.address],
      set: { failures, lastFailureAt: sql`now()`, lockedUntil: lockAfter(policy, failures) },
    });
}

/** The lock earned by the `failures`-th failure: none below the limit, then base × 2^(over the limit), capped. */
function lockAfter(policy: ThrottlePolicy, failures: ReturnType<typeof sql>) {
  return sql`(case when ${failures} >= ${policy.limit}::int then now() + least(
    ${policy.baseLockMs}::float8 * power(2, ${failures} - ${policy.limit}::int), ${policy.maxLockMs}::float8
  ) * interval '1 millisecond' end)`;
}

/** A success: the pair starts over. */
export async function clearFailures(db: DbOrTx, policy: ThrottlePolicy, attempt: Attempt) {
  await db.delete(signInThrottles).where(pairOf(policy, attempt));
}
