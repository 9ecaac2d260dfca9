import type { Logger } from 'pino';
import { RevokedSessions } from './auth/revoked-sessions.js';
import { createTokenService } from './auth/tokens.js';
import type { AppConfig } from './config.js';
import { createSecretBox } from './crypto/secret-box.js';
import type { Database } from './db/database.js';
import type { ServerDeps } from './deps.js';
import { createInProcessEventBus } from './events/event-bus.js';
import { createRedisEventBus } from './events/redis-event-bus.js';
import { createJobQueue } from './jobs/job-queue.js';
import { loadPartnerConfig } from './partner.js';

/** Wires the shared infrastructure of one process from its config, database and logger (main and tests). */
export function createServerDeps(options: {
  config: AppConfig;
  database: Database;
  logger: Logger;
  version: string;
}): ServerDeps {
  const { config, database, logger } = options;
  // Several api processes share events through Redis (REDIS_URL); one process needs no Redis.
  const bus = config.redisUrl
    ? createRedisEventBus({ url: config.redisUrl, logger })
    : createInProcessEventBus();
  return {
    config,
    database,
    db: database.db,
    tokens: createTokenService({ secret: config.jwtSecret, accessTtlSeconds: config.accessTokenTtlSeconds }),
    revoked: new RevokedSessions({ bus, accessTtlSeconds: config.accessTokenTtlSeconds }),
    jobs: createJobQueue({
      connection: database.bossConnection,
      onError: (err) => logger.error({ err }, 'job queue error'),
    }),
    bus,
    secrets: createSecretBox(config.jwtSecret),
    logger,
    partner: loadPartnerConfig(config.partnerConfigPath),
    version: options.version,
  };
}
