import type { ExportField } from '@yanbo/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { type ExportSource, isPlain } from './export-sources.ts';

// An export's rows read a batch at a time in the order of its key (keyset), so memory holds one batch whatever the
// size of the export, on both engines. A CSV export asks the database for each row's line already made (csv_cell,
// migration 045): Node only joins and streams them. The same rows come as cells for XLSX and for the screen.

/** Rows per batch: large enough that a batch's round trip is small beside its rows, small enough to hold. */
export const EXPORT_BATCH_ROWS = 10_000;

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

function cellColumns(source: ExportSource, fields: ExportField[]): RawBuilder<unknown> {
  return sql.join(fields.map((field, index) => sql`${column(source, field)} as ${sql.ref(`c${index}`)}`));
}

/** One batch's select: the cells, the key as text (for the next batch) and as itself (`r0`…, for ordering). */
function batchSelect(source: ExportSource, fields: ExportField[], last: KeyRow | null, size: number) {
  const rawKeys = source.key.map((part, index) => sql`${part.expr} as ${sql.ref(`r${index}`)}`);
  return sql`select ${cellColumns(source, fields)}, ${sql.join(keyColumns(source))}, ${sql.join(rawKeys)}
    ${source.rows} and ${after(source, last)}
    ${groupBy(source)}
    order by ${orderBy(source)}
    limit ${size}`;
}

/**
 * The batches of an export, each row as `select` makes it from the batch's columns (`t.c0`…, `t.k0`…). The cells are
 * computed once in the inner select; a CSV line is made from them outside it, where csv_cell is inlined on plain
 * columns.
 */
async function* batches<R extends KeyRow>(
  db: Db,
  source: ExportSource,
  fields: ExportField[],
  select: RawBuilder<unknown>,
): AsyncGenerator<R[]> {
  const size = source.limit ?? EXPORT_BATCH_ROWS;
  const keys = sql.join(source.key.map((_, index) => sql.ref(`t.k${index}`)));
  const order = sql.join(
    source.key.map((_, index) => sql`${sql.ref(`t.r${index}`)} ${sql.raw(source.direction)}`),
    sql`, `,
  );
  let last: KeyRow | null = null;
  for (;;) {
    const { rows } = await sql<R>`
      select ${select}, ${keys} from (${batchSelect(source, fields, last, size)}) t
      order by ${order}`.execute(db);
    if (rows.length > 0) yield rows;
    // A rank list is one batch; any other export ends with a short batch.
    if (source.limit !== undefined || rows.length < size) return;
    last = rows[rows.length - 1] as KeyRow;
  }
}

/** A batch of CSV lines as one text (CRLF between lines, none after the last) and how many lines it holds. */
export interface CsvBlock {
  text: string;
  rows: number;
}

/**
 * The export's rows as CSV, a batch at a time, each batch one text the database joins: Node neither parses rows nor
 * builds strings per row, so the export runs at about COPY's pace and what it leaves for the garbage collector is a
 * few strings a batch. The last row's key comes beside it, for the next batch.
 */
export async function* exportLines(db: Db, source: ExportSource, fields: ExportField[]): AsyncGenerator<CsvBlock> {
  const size = source.limit ?? EXPORT_BATCH_ROWS;
  // concat_ws makes the line in one piece (every part is text, never null).
  const line = sql`concat_ws(',', ${sql.join(
    fields.map((field, index) =>
      isPlain(column(source, field))
        ? sql`coalesce(${sql.ref(`b.c${index}`)}, '')`
        : sql`csv_cell(${sql.ref(`b.c${index}`)})`,
    ),
  )})`;
  const lastKey = sql.join(
    source.key.map((_, index) => sql`(array_agg(${sql.ref(`b.k${index}`)}))[count(*)] as ${sql.ref(`k${index}`)}`),
  );
  type Batch = KeyRow & { text: string | null; rows: string };
  // The aggregates read the batch in the order its select sorted it (PostgreSQL aggregates a sorted subquery's rows
  // in that order; the 12,000-row test checks it on both engines), so neither the lines nor the last key sort again.
  const read = async (after: KeyRow | null): Promise<Batch | undefined> => {
    const { rows }: { rows: Batch[] } = await sql<Batch>`
      select string_agg(${line}, chr(13) || chr(10)) as text, count(*) as rows, ${lastKey}
      from (${batchSelect(source, fields, after, size)}) b`.execute(db);
    return rows[0];
  };
  // One batch is read ahead while the one before is written, so the database and the client work at once; memory
  // holds two batches at most. A read-ahead left behind by a client that went away is not waited for.
  let next = read(null);
  for (;;) {
    const batch = await next;
    const count = Number(batch?.rows ?? 0);
    if (!batch || count === 0 || batch.text === null) return;
    // A rank list is one batch; any other export ends with a short batch.
    const more = source.limit === undefined && count === size;
    if (more) {
      next = read(batch);
      next.catch(() => {});
    }
    yield { text: batch.text, rows: count };
    if (!more) return;
  }
}

/** The export's rows as cells (text, an empty string for nothing), a batch at a time. */
export async function* exportCells(db: Db, source: ExportSource, fields: ExportField[]): AsyncGenerator<string[][]> {
  const cells = sql.join(fields.map((_, index) => sql.ref(`t.c${index}`)));
  for await (const rows of batches<KeyRow & Record<string, string | null>>(db, source, fields, cells)) {
    yield rows.map((row) => fields.map((_, index) => row[`c${index}`] ?? ''));
  }
}

/**
 * The export's whole select in one statement (its cells, in its order): what the benchmark hands PostgreSQL's COPY as
 * the baseline the batched export is measured against.
 */
export function exportSelect(source: ExportSource, fields: ExportField[]): RawBuilder<unknown> {
  return sql`select ${cellColumns(source, fields)} ${source.rows} ${groupBy(source)} order by ${orderBy(source)}`;
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
