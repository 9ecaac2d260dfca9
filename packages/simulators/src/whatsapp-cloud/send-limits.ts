import { key, type NumberState, type SimContext } from './context.js';
import { GraphFailure } from './graph-errors.js';
import { TokenBucket } from './limits.js';
import { graphError } from './wire.js';

/** Send rate limits: per number throughput (130429) and per (number, recipient) pair (131056). */
export interface SendLimits {
  /** Take a token from both buckets or throw the Graph rate-limit error. */
  take(num: NumberState, waId: string): void;
}

export function createSendLimits(ctx: SimContext): SendLimits {
  const { stats } = ctx;
  const { pair } = ctx.config;
  const pairBuckets = new Map<string, TokenBucket>();

  return {
    take(num, waId) {
      stats.sendRequests++;
      if (!num.bucket.take()) {
        stats.throughputErrors++;
        throw new GraphFailure(
          400,
          graphError(130429, '(#130429) Rate limit hit', 'Cloud API message throughput has been reached.'),
        );
      }
      const pairKey = key(num.phoneNumberId, waId);
      let pb = pairBuckets.get(pairKey);
      if (!pb) {
        pb = new TokenBucket(pair.burst, 1 / pair.perSeconds);
        pairBuckets.set(pairKey, pb);
      }
      if (!pb.take()) {
        stats.pairLimitErrors++;
        throw new GraphFailure(
          400,
          graphError(
            131056,
            '(#131056) (Business Account, Consumer Account) pair rate limit hit',
            'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
          ),
        );
      }
    },
  };
}
