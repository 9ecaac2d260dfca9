import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { assertLoopback } from './net.js';

export const DEFAULT_ADMIN_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database on the machine's PostgreSQL; `drop()` removes it (and any connection left to it). */
export async function createScratchDatabase(
  adminUrl: string,
  prefix = 'sapa_bench',
): Promise<ScratchDatabase> {
  const admin = new URL(adminUrl);
  assertLoopback(admin.hostname);
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
