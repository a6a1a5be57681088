import { type SelectQueryBuilder, sql } from 'kysely';

// One page of a list and how many rows the whole list has, in the `{ items, pager }` shape the contracts' `listOf`
// answers: the rows query with limit/offset, and alongside it the same query counted (its select list and order
// cleared).

export interface PageQuery {
  page: number;
  pageSize: number;
}

export interface Page<R> {
  items: R[];
  pager: { page: number; pageSize: number; total: number };
}

/**
 * The `page`th page of `pageSize` rows of `query` (selected and ordered), with the count of all its rows; `total`,
 * when given, is that count taken elsewhere (a kept rollup) instead of counting.
 */
export async function page<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { page, pageSize }: PageQuery,
  total?: Promise<number | string | bigint>,
): Promise<Page<O>> {
  const [items, count] = await Promise.all([
    query
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    total ??
      query
        .clearSelect()
        .clearOrderBy()
        .select(sql<string>`count(*)`.as('total'))
        .$castTo<{ total: string }>()
        .executeTakeFirstOrThrow()
        .then((row) => row.total),
  ]);
  return { items: items as O[], pager: { page, pageSize, total: Number(count) } };
}
