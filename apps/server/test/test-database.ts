import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** The server the integration tests run against: `postgres` (the machine's real one) or the embedded `pglite`. */
export type TestDbKind = 'postgres' | 'pglite';

/** The admin database used to create one throw-away database per test file. */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function testDbKind(): TestDbKind {
  return process.env.SAPA_TEST_DB === 'pglite' ? 'pglite' : 'postgres';
}

/** The address of database `name` on the admin database's server. */
export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on a connection of its own to the admin database. */
export async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** One statement on the admin database, on a connection of its own. */
export async function adminQuery(text: string): Promise<void> {
  await withAdmin((admin) => admin.query(text));
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
