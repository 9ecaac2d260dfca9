import type { NumberState, SimContext } from './context.js';
import { TokenBucket } from './limits.js';
import type { RegisterNumberArgs } from './types.js';

/** Registered business numbers and the access tokens that own them. */
export interface NumberRegistry {
  readonly numbers: Map<string, NumberState>;
  register(args: RegisterNumberArgs): void;
  /** Numbers registered with this access token. */
  byToken(token: string | undefined): NumberState[];
}

export function createNumberRegistry(ctx: SimContext): NumberRegistry {
  const numbers = new Map<string, NumberState>();
  /** access token → phone number ids registered with it */
  const tokens = new Map<string, Set<string>>();
  const { throughput } = ctx.config;

  return {
    numbers,
    register(args) {
      const previous = numbers.get(args.phoneNumberId);
      if (previous) tokens.get(previous.accessToken)?.delete(args.phoneNumberId);
      let ids = tokens.get(args.accessToken);
      if (!ids) {
        ids = new Set();
        tokens.set(args.accessToken, ids);
      }
      ids.add(args.phoneNumberId);
      numbers.set(args.phoneNumberId, { ...args, bucket: new TokenBucket(throughput, throughput) });
    },
    byToken(token) {
      if (token === undefined) return [];
      const ids = tokens.get(token);
      return ids ? [...ids].flatMap((id) => numbers.get(id) ?? []) : [];
    },
  };
}
