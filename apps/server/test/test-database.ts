import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { adminQuery, databaseUrl } from './admin-database.js';

export { adminQuery, databaseUrl, withAdmin } from './admin-database.js';

/** The server the integration tests run against: `postgres` (the machine's real one) or the embedded `pglite`. */
export type TestDbKind = 'postgres' | 'pglite';

export function testDbKind(): TestDbKind {
  return process.env.SAPA_TEST_DB === 'pglite' ? 'pglite' : 'postgres';
}

/** The prefix of the databases this run's files create, from its template's name (global-setup.ts). */
export const runDatabasePrefix = (template: string) => `sapa_t_${template.replace('sapa_tpl_', '')}_`;

/**
 * A throw-away PostgreSQL database: a copy of the run's migrated template when the integration project's
 * global setup made one (`global-setup.ts`), an empty one otherwise (the migrations then run on it). Inside a
 * run, `drop` only starts the drop (PostgreSQL finishes it while the worker goes on to its next file) and the
 * global teardown drops whatever a stopped worker left; outside one, `drop` waits for it.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = inject('sapaTemplateDatabase');
  const name = `${template ? runDatabasePrefix(template) : 'sapa_t_'}${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  const drop = () => adminQuery(`drop database if exists ${name} with (force)`);
  return {
    url: databaseUrl(name),
    drop: template
      ? async () => {
          drop().catch(() => {
            /* the global teardown drops it */
          });
        }
      : drop,
  };
}
