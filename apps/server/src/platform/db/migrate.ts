import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database.ts';

const migrationsDir = path.resolve(import.meta.dirname, '../../../migrations');
const MIGRATION_LOCK = 724111;

/**
 * Applies the forward-only SQL files of migrations/ in name order, each in its own transaction. A session advisory
 * lock on one connection keeps several API processes on one PostgreSQL from migrating at once.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  return database.withScripts(async (run) => {
    await run(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await run(
        'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      const seen = new Set((await run('select name from schema_migrations')).map((row) => String(row.name)));
      const applied: string[] = [];
      for (const name of files) {
        if (seen.has(name)) continue;
        const script = await readFile(path.join(migrationsDir, name), 'utf8');
        const quoted = `'${name.replaceAll("'", "''")}'`;
        try {
          await run(`begin;\n${script}\n;\ninsert into schema_migrations (name) values (${quoted});\ncommit;`);
        } catch (error) {
          await run('rollback');
          throw new Error(`migration ${name} failed: ${(error as Error).message}`);
        }
        applied.push(name);
      }
      return applied;
    } finally {
      await run(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}

/** The migrations of this code that the database has not applied (readiness: a process never serves an older schema). */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql'));
  const rows = await database.withScripts((run) => run('select name from schema_migrations'));
  const applied = new Set(rows.map((row) => String(row.name)));
  return files.filter((name) => !applied.has(name));
}
