import pg from 'pg';

/**
 * The machine's PostgreSQL as the tests' administrator: where the integration files and the browser journeys'
 * servers (`e2e/support/sapa-server.ts`) create and drop databases of their own. No vitest here: the journeys'
 * global set-up imports it too. The admin database is `TEST_DATABASE_URL` (by default the machine's `test`).
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

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
