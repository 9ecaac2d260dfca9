import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import { pgliteBossDb } from '../jobs/job-queue.js';

/**
 * Repositories build their statements from the tables they import; the relational `db.query` API (which
 * needs every table registered up front) is not used, so the handle carries no schema.
 */
type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Tx;

interface SqlRunner {
  /** One parameterised statement. */
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  /** Several statements without parameters (pg-boss migrations need this on PGlite). */
  exec(text: string): Promise<void>;
}

export interface Database {
  kind: 'postgres' | 'pglite';
  db: Db;
  sql: SqlRunner;
  migrate(): Promise<void>;
  /** How pg-boss reaches this database. */
  bossConnection: { connectionString: string } | { db: PgBoss.Db };
  close(): Promise<void>;
}

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export interface DatabaseOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite database in `dataDir` is used. */
  url?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (smoke tests). */
  dataDir: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 20) : openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  const db = drizzleNodePg(pool) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    sql: {
      query: async (text, values) => {
        const r = await pool.query(text, values as unknown[] | undefined);
        return { rows: r.rows };
      },
      exec: async (text) => {
        await pool.query(text);
      },
    },
    migrate: async () => {
      await migrateNodePg(drizzleNodePg(pool), { migrationsFolder });
    },
    bossConnection: { connectionString: url },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  let location: string | undefined;
  if (dataDir !== 'memory://') {
    location = join(resolve(dataDir), 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, { extensions: { pg_trgm } });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    sql: {
      query: async (text, values) => {
        const r = await client.query(text, values as unknown[] | undefined);
        return { rows: r.rows as never[] };
      },
      exec: async (text) => {
        await client.exec(text);
      },
    },
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    bossConnection: { db: pgliteBossDb(client) },
    close: () => client.close(),
  };
}
