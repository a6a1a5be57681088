import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrate } from '../src/platform/db/migrate.ts';
import { engines, startApp, type TestApp } from './harness.ts';

const migrationFiles = readdirSync(path.resolve(import.meta.dirname, '../migrations'))
  .filter((name) => name.endsWith('.sql'))
  .sort();

describe.each(engines)('migrations (%s)', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    // Starting the app applies every migration once.
    t = await startApp(engine);
  });
  afterAll(() => t?.close());

  const tables = () =>
    t.ctx.database.withScripts((run) =>
      run(
        "select table_name, column_name, data_type from information_schema.columns where table_schema = 'public' order by 1, 2",
      ),
    );

  test('every file was applied once, in name order', async () => {
    const rows = await t.ctx.db
      .selectFrom('schema_migrations' as never)
      .selectAll()
      .execute();
    expect((rows as { name: string }[]).map((row) => row.name)).toEqual(migrationFiles);
  });

  test('applying them again changes nothing', async () => {
    const before = await tables();
    const categories = await t.ctx.db.selectFrom('categories').selectAll().orderBy('id').execute();
    expect(await migrate(t.ctx.database)).toEqual([]);
    expect(await migrate(t.ctx.database)).toEqual([]);
    expect(await tables()).toEqual(before);
    expect(await t.ctx.db.selectFrom('categories').selectAll().orderBy('id').execute()).toEqual(categories);
    const rows = await t.ctx.db
      .selectFrom('schema_migrations' as never)
      .selectAll()
      .execute();
    expect(rows).toHaveLength(migrationFiles.length);
  });

  test('two processes migrating at once apply each file once', async () => {
    expect(await Promise.all([migrate(t.ctx.database), migrate(t.ctx.database)])).toEqual([[], []]);
  });
});
