import type { ExportField } from '@yanbo/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { ExportSource } from './export-sources.ts';

// An export's rows read a batch at a time in the order of its key (keyset), so memory holds one batch whatever the
// size of the export, on both engines. A CSV export asks the database for each row's line already made (csv_cell,
// migration 045): Node only joins and streams them. The same rows come as cells for XLSX and for the screen.

/** Rows per batch: large enough that a batch's round trip is small beside its rows, small enough to hold. */
export const EXPORT_BATCH_ROWS = 5_000;

type KeyRow = Record<`k${number}`, string | null>;

function keyColumns(source: ExportSource): RawBuilder<unknown>[] {
  return source.key.map((part, index) => sql`(${part.expr})::text as ${sql.ref(`k${index}`)}`);
}

function orderBy(source: ExportSource): RawBuilder<unknown> {
  const direction = sql.raw(source.direction);
  return sql.join(
    source.key.map((part) => sql`${part.expr} ${direction}`),
    sql`, `,
  );
}

/** `(key) > (last row's key)` (or `<` for a descending export): the rows after the last batch. */
function after(source: ExportSource, last: KeyRow | null): RawBuilder<unknown> {
  if (!last) return sql`true`;
  const mine = sql.join(source.key.map((part) => part.expr));
  const theirs = sql.join(source.key.map((part, index) => sql`cast(${last[`k${index}`]} as ${sql.raw(part.type)})`));
  return source.direction === 'asc' ? sql`(${mine}) > (${theirs})` : sql`(${mine}) < (${theirs})`;
}

function groupBy(source: ExportSource): RawBuilder<unknown> {
  return source.groupBy ? sql`group by ${source.groupBy}` : sql``;
}

function column(source: ExportSource, field: ExportField): RawBuilder<string | null> {
  const value = source.columns[field.key];
  if (!value) throw new Error(`export column ${field.key} has no source`);
  return value;
}

/** Each row as one CSV line (the cells through csv_cell, joined with commas). */
function lineColumn(source: ExportSource, fields: ExportField[]): RawBuilder<unknown> {
  const cells = fields.map((field) => sql`csv_cell(${column(source, field)})`);
  return sql`${sql.join(cells, sql` || ',' || `)} as line`;
}

function cellColumns(source: ExportSource, fields: ExportField[]): RawBuilder<unknown> {
  return sql.join(fields.map((field, index) => sql`${column(source, field)} as ${sql.ref(`c${index}`)}`));
}

async function* batches<R extends KeyRow>(
  db: Db,
  source: ExportSource,
  select: RawBuilder<unknown>,
): AsyncGenerator<R[]> {
  const size = source.limit ?? EXPORT_BATCH_ROWS;
  let last: KeyRow | null = null;
  for (;;) {
    const { rows } = await sql<R>`
      select ${select}, ${sql.join(keyColumns(source))}
      ${source.rows} and ${after(source, last)}
      ${groupBy(source)}
      order by ${orderBy(source)}
      limit ${size}`.execute(db);
    if (rows.length > 0) yield rows;
    // A rank list is one batch; any other export ends with a short batch.
    if (source.limit !== undefined || rows.length < size) return;
    last = rows[rows.length - 1] as KeyRow;
  }
}

/** The export's rows as CSV lines, a batch at a time. */
export async function* exportLines(db: Db, source: ExportSource, fields: ExportField[]): AsyncGenerator<string[]> {
  for await (const rows of batches<KeyRow & { line: string }>(db, source, lineColumn(source, fields))) {
    yield rows.map((row) => row.line);
  }
}

/** The export's rows as cells (text, an empty string for nothing), a batch at a time. */
export async function* exportCells(db: Db, source: ExportSource, fields: ExportField[]): AsyncGenerator<string[][]> {
  for await (const rows of batches<KeyRow & Record<string, string | null>>(db, source, cellColumns(source, fields))) {
    yield rows.map((row) => fields.map((_, index) => row[`c${index}`] ?? ''));
  }
}

/** How many rows the export holds. */
export async function exportCount(db: Db, source: ExportSource): Promise<number> {
  const { rows } = await sql<{ total: string }>`
    select count(*) as total from (select 1 ${source.rows} ${groupBy(source)}) counted`.execute(db);
  const total = Number(rows[0]?.total ?? 0);
  return source.limit === undefined ? total : Math.min(total, source.limit);
}

/** One page of the export's rows as cells, in the file's order, with the number of rows the file holds. */
export async function exportPage(
  db: Db,
  source: ExportSource,
  fields: ExportField[],
  page: { page: number; pageSize: number },
): Promise<{ rows: string[][]; total: number }> {
  const offset = (page.page - 1) * page.pageSize;
  const limit =
    source.limit === undefined ? page.pageSize : Math.max(0, Math.min(page.pageSize, source.limit - offset));
  const [rows, total] = await Promise.all([
    limit === 0
      ? Promise.resolve({ rows: [] as Record<string, string | null>[] })
      : sql<Record<string, string | null>>`
          select ${cellColumns(source, fields)}
          ${source.rows} ${groupBy(source)}
          order by ${orderBy(source)}
          limit ${limit} offset ${offset}`.execute(db),
    exportCount(db, source),
  ]);
  return { rows: rows.rows.map((row) => fields.map((_, index) => row[`c${index}`] ?? '')), total };
}
