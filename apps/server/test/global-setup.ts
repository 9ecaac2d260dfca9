import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db/database.js';
import { createJobQueue } from '../src/platform/jobs/job-queue.js';
import { adminQuery, databaseUrl, runDatabasePrefix, testDbKind, withAdmin } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database each test file's own database is copied from (absent on PGlite). */
    sapaTemplateDatabase?: string;
  }
}

/**
 * Runs the migrations (the product's and pg-boss's) once per run instead of once per test file: on PostgreSQL, a migrated database that
 * `startTestServer` copies (`create database … template …`) for each file. Its name is random, so runs started
 * side by side never copy a template another run is still connected to. The teardown drops the template and
 * any file database of this run still there.
 */
export default async function setup(project: TestProject) {
  if (testDbKind() !== 'postgres') return;
  const name = `sapa_tpl_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const database = await openDatabase({ url: databaseUrl(name), dataDir: 'memory://', poolSize: 1 });
  try {
    await database.migrate();
    // pg-boss's own schema too: each file's server then only creates its queues.
    const jobs = createJobQueue({
      connection: database.bossConnection,
      onError: (error) => {
        throw error;
      },
    });
    await jobs.start({ work: false });
    await jobs.stop();
  } finally {
    await database.close();
  }
  project.provide('sapaTemplateDatabase', name);
  return async () => {
    await dropLeftovers(runDatabasePrefix(name));
    await adminQuery(`drop database if exists ${name} with (force)`);
  };
}

/** The run's file databases still there (a worker stopped before its drop reached the server). */
function dropLeftovers(prefix: string) {
  return withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows)
      await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {
        /* dropped meanwhile by its own file */
      });
  });
}
