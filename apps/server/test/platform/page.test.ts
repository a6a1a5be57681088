import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { page } from '../../src/platform/db/page.ts';
import { PGliteDialect } from '../../src/platform/db/pglite-dialect.ts';

// A list's page: the rows of that page in the query's order, and the count of the whole list (filters kept, select
// list and order dropped), or the total a caller already has.

interface Db {
  items: { id: number; kind: string };
}

describe('page', () => {
  let pg: PGlite;
  let db: Kysely<Db>;
  beforeAll(async () => {
    pg = await PGlite.create();
    db = new Kysely<Db>({ dialect: new PGliteDialect(pg) });
    await pg.exec(`create table items (id integer primary key, kind text not null);
      insert into items select n, case when n % 2 = 0 then 'even' else 'odd' end from generate_series(1, 25) n;`);
  });
  afterAll(async () => {
    await db.destroy();
  });

  const odd = () => db.selectFrom('items').where('kind', '=', 'odd').select(['id']).orderBy('id', 'desc');

  it('answers the page asked for and the whole filtered count', async () => {
    expect(await page(odd(), { page: 1, pageSize: 5 })).toEqual({
      items: [25, 23, 21, 19, 17].map((id) => ({ id })),
      pager: { page: 1, pageSize: 5, total: 13 },
    });
    expect(await page(odd(), { page: 3, pageSize: 5 })).toEqual({
      items: [5, 3, 1].map((id) => ({ id })),
      pager: { page: 3, pageSize: 5, total: 13 },
    });
  });

  it('answers no rows past the end, still with the count', async () => {
    expect(await page(odd(), { page: 9, pageSize: 5 })).toEqual({
      items: [],
      pager: { page: 9, pageSize: 5, total: 13 },
    });
  });

  it('takes a total given instead of counting', async () => {
    const { pager } = await page(odd(), { page: 1, pageSize: 5 }, Promise.resolve('40'));
    expect(pager).toEqual({ page: 1, pageSize: 5, total: 40 });
  });
});
