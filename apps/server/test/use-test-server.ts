import type { TokenPair } from '@sapa/contracts';
import { afterAll, beforeAll } from 'vitest';
import type { NewMember } from '../src/modules/onboarding/index.js';
import { signInFresh } from './auth-helpers.js';
import { makeBusiness } from './fixtures.js';
import { startTestServer, type TestServer } from './harness.js';

export type Business = Awaited<ReturnType<typeof makeBusiness>>;

/** What the preamble of an integration test file builds (see `useTestServer`). */
export interface SeededServer {
  server: TestServer;
  /** The business under test: owner, admin, agent, then the `members` asked for, in that order. */
  biz: Business;
  /** A second business, to prove one business never reaches the other's data. */
  other: Business;
  /** `biz`'s owner, signed in. */
  owner: TokenPair;
  /** `other`'s owner, signed in. */
  otherOwner: TokenPair;
}

export interface SeedOptions {
  /** How the server starts (`work`, `env`, `demo`); the defaults of `startTestServer` otherwise. */
  server?: Parameters<typeof startTestServer>[0];
  /** The name of the business under test. */
  business: string;
  /** Its members beyond owner, admin and agent (`makeBusiness`'s `extra`). */
  members?: Partial<NewMember>[];
  /** The name of the second business. */
  other: string;
}

/**
 * A fresh Sapa on its own database with two businesses seeded and both owners signed in. Closes the server
 * when seeding fails, so a broken preamble leaves no database behind.
 */
async function startSeededServer(options: SeedOptions): Promise<SeededServer> {
  const server = await startTestServer(options.server);
  try {
    const biz = await makeBusiness(server.deps.db, options.business, options.members);
    const other = await makeBusiness(server.deps.db, options.other);
    const owner = await signInFresh(server.app, biz.owner.email);
    const otherOwner = await signInFresh(server.app, other.owner.email);
    return { server, biz, other, owner, otherOwner };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * The preamble of an integration test file as hooks: before the file's tests, `startSeededServer` and then
 * `setup` (the file's own seed: more sign-ins, a connected number, rows); after them, `beforeClose` (sockets,
 * simulators) and the server closes with its database. A feature's fixture module (`test/servers/`) keeps the
 * seeded values in its exported bindings, so each file of the feature reads `server`, `owner`, … directly.
 */
export function useTestServer(
  options: SeedOptions & {
    setup?: (seeded: SeededServer) => Promise<void>;
    beforeClose?: () => Promise<void> | void;
    /** For a preamble slower than the hook timeout. */
    timeoutMs?: number;
  },
): void {
  let seeded: SeededServer | undefined;
  beforeAll(async () => {
    seeded = await startSeededServer(options);
    await options.setup?.(seeded);
  }, options.timeoutMs);
  afterAll(async () => {
    try {
      await options.beforeClose?.();
    } finally {
      await seeded?.server.close();
    }
  });
}
