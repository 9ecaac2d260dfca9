import type { PartnerConfig } from '@sapa/contracts';
import type { Logger } from 'pino';
import type { RevokedSessions } from './auth/revoked-sessions.js';
import type { TokenService } from './auth/tokens.js';
import type { AppConfig } from './config.js';
import type { SecretBox } from './crypto/secret-box.js';
import type { Database, Db } from './db/database.js';
import type { EventBus } from './events/event-bus.js';
import type { JobQueue } from './jobs/job-queue.js';

/** What every module's service receives: the process's shared infrastructure, nothing business-specific. */
export interface ServerDeps {
  config: AppConfig;
  database: Database;
  db: Db;
  tokens: TokenService;
  revoked: RevokedSessions;
  jobs: JobQueue;
  bus: EventBus;
  secrets: SecretBox;
  logger: Logger;
  partner: PartnerConfig;
  version: string;
}
