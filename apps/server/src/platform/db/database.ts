import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CamelCasePlugin, type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type CopiedLines, createCopyOut } from './copy-out.ts';
import { createQueryObserver, ObservedDialect, type QueryObserver } from './observed-dialect.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

export type Db = Kysely<DB>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Holds one connection while fn runs scripts of several statements on it (migrations); answers the last rows. */
  withScripts<T>(fn: (run: (script: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Statements running now, and the slow ones' log (the metrics and the request log read it). */
  queries: QueryObserver;
  /** PostgreSQL's pool: connections open, idle, and callers waiting for one; null on PGlite (one connection). */
  pool(): { total: number; idle: number; waiting: number } | null;
  /**
   * A select of one text column streamed by COPY, each value a line (copy-out.ts), to be iterated at once; null on
   * PGlite, or while as many copies run as a process allows: the caller then reads in batches.
   */
  copyLines(query: CompiledQuery): AsyncIterable<CopiedLines> | null;
}

export interface DatabaseOptions {
  databaseUrl: string;
  dataDir: string;
  inMemory: boolean;
  /** Map the app's camelCase names to the snake_case columns (default); off to read the catalogue as it is. */
  camelCase?: boolean;
  /** A statement taking this long is logged (default 500 ms). */
  slowQueryMs?: number;
}

/** One query layer for both engines: PostgreSQL when a URL is given, else PGlite on disk (or in memory). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const plugins = options.camelCase === false ? [] : [new CamelCasePlugin()];
  const queries = createQueryObserver(options.slowQueryMs ?? 500);
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const copyOut = createCopyOut(options.databaseUrl);
    return {
      db: new Kysely<DB>({ dialect: new ObservedDialect(new PostgresDialect({ pool }), queries), plugins }),
      kind: 'postgres',
      queries,
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      copyLines: (query) => copyOut.lines(query),
      async withScripts(fn) {
        const client = await pool.connect();
        try {
          return await fn(async (script) => {
            const result = (await client.query(script)) as pg.QueryResult | pg.QueryResult[];
            return Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows;
          });
        } finally {
          client.release();
        }
      },
      async close() {
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = path.join(options.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(dataDir ? { dataDir } : {});
  const db = new Kysely<DB>({ dialect: new ObservedDialect(new PGliteDialect(pglite), queries), plugins });
  return {
    db,
    kind: 'pglite',
    queries,
    pool: () => null,
    copyLines: () => null,
    withScripts(fn) {
      // Through Kysely, so the scripts wait their turn on PGlite's single connection.
      return db
        .connection()
        .execute(() =>
          fn(async (script) => ((await pglite.exec(script)).at(-1)?.rows ?? []) as Record<string, unknown>[]),
        );
    },
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}
