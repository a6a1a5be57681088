import type { ExportField } from '@yanbo/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { type ExportSource, isPlain } from './export-sources.ts';

// An export's rows read a batch at a time in the order of its key (keyset), so memory holds one batch whatever the
// size of the export, on both engines. A CSV export asks the database for each row's line already made (csv_cell,
// migration 045): Node only joins and streams them; on PostgreSQL the same lines come whole through COPY
// (exportLinesSelect). The same rows come as cells for XLSX and for the screen.

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

/**
 * One batch's select (or, without a size, the whole export's): the cells, the key as text (for the next batch) and as
 * itself (`r0`…, for ordering).
 */
function batchSelect(source: ExportSource, fields: ExportField[], last: KeyRow | null, size: number | undefined) {
  const rawKeys = source.key.map((part, index) => sql`${part.expr} as ${sql.ref(`r${index}`)}`);
  return sql`select ${cellColumns(source, fields)}, ${sql.join(keyColumns(source))}, ${sql.join(rawKeys)}
    ${source.rows} and ${after(source, last)}
    ${groupBy(source)}
    order by ${orderBy(source)}
    ${size === undefined ? sql`` : sql`limit ${size}`}`;
}

/** A batch's rows in their order, by the raw key columns of `alias` (a batchSelect). */
function keyOrder(source: ExportSource, alias: string): RawBuilder<unknown> {
  return sql.join(
    source.key.map((_, index) => sql`${sql.ref(`${alias}.r${index}`)} ${sql.raw(source.direction)}`),
    sql`, `,
  );
}

/** A row's CSV line from the cells of `b` (a batchSelect): csv_cell inlined on plain columns, the rest through it. */
function csvLine(source: ExportSource, fields: ExportField[]): RawBuilder<string> {
  // concat_ws makes the line in one piece (every part is text, never null).
  return sql`concat_ws(',', ${sql.join(
    fields.map((field, index) =>
      isPlain(column(source, field))
        ? sql`coalesce(${sql.ref(`b.c${index}`)}, '')`
        : sql`csv_cell(${sql.ref(`b.c${index}`)})`,
    ),
  )})`;
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
  let last: KeyRow | null = null;
  for (;;) {
    const { rows } = await sql<R>`
      select ${select}, ${keys} from (${batchSelect(source, fields, last, size)}) t
      order by ${keyOrder(source, 't')}`.execute(db);
    if (rows.length > 0) yield rows;
    // A rank list is one batch; any other export ends with a short batch.
    if (source.limit !== undefined || rows.length < size) return;
    last = rows[rows.length - 1] as KeyRow;
  }
}

/** CSV lines as one text (CRLF between lines, none after the last) and how many lines it holds. */
export interface CsvBlock {
  text: string;
  rows: number;
}

/**
 * About how many bytes of lines the database joins into one text. A string past V8's regular object size (128 KiB;
 * a text with any Chinese in it takes two bytes a character) is made in the old generation, where only a full
 * collection frees it, so a 1 MB text per batch let the heap grow by hundreds of MB before one came; texts of
 * this size are made and dropped in the young generation, whose cheap collections keep the process near its idle size.
 */
export const CSV_TEXT_BYTES = 32 * 1024;

/**
 * The export's rows as CSV, a batch at a time, each batch a few texts the database joins: Node neither parses rows
 * nor builds strings per row, so the export runs at about COPY's pace and what it leaves for the garbage collector is
 * a few short-lived strings a batch. The last row's key comes beside the batch's last text, for the next batch.
 */
export async function* exportLines(db: Db, source: ExportSource, fields: ExportField[]): AsyncGenerator<CsvBlock> {
  const size = source.limit ?? EXPORT_BATCH_ROWS;
  const line = csvLine(source, fields);
  const keys = sql.join(source.key.map((_, index) => sql.ref(`b.k${index}`)));
  const lastKey = sql.join(
    source.key.map(
      (_, index) => sql`(array_agg(${sql.ref(`c.k${index}`)} order by c.n desc))[1] as ${sql.ref(`k${index}`)}`,
    ),
  );
  type Text = KeyRow & { text: string; rows: string };
  // The lines are numbered in the order the batch's select sorted them (a window without an order reads a sorted
  // subquery's rows in that order; the 12,000-row test checks it on both engines) and cut where the bytes before a line
  // pass a multiple of CSV_TEXT_BYTES; each text joins its lines in their numbers' order.
  const read = async (after: KeyRow | null): Promise<Text[]> => {
    const { rows } = await sql<Text>`
      select string_agg(c.line, chr(13) || chr(10) order by c.n) as text, count(*) as rows, ${lastKey}
      from (
        select s.*, (sum(octet_length(s.line)) over (order by s.n) - octet_length(s.line)) / ${CSV_TEXT_BYTES} as part
        from (select ${line} as line, ${keys}, row_number() over () as n from (${batchSelect(source, fields, after, size)}) b) s
      ) c
      group by c.part
      order by c.part`.execute(db);
    return rows;
  };
  // One batch is read ahead while the one before is written, so the database and the client work at once; memory
  // holds two batches at most. A read-ahead left behind by a client that went away is not waited for.
  let next = read(null);
  for (;;) {
    const texts = await next;
    const count = texts.reduce((sum, text) => sum + Number(text.rows), 0);
    if (count === 0) return;
    // A rank list is one batch; any other export ends with a short batch.
    const more = source.limit === undefined && count === size;
    if (more) {
      next = read(texts[texts.length - 1] as KeyRow);
      next.catch(() => {});
    }
    for (const text of texts) yield { text: text.text, rows: Number(text.rows) };
    if (!more) return;
  }
}

/**
 * The export's CSV lines in one statement, in the file's order (a rank list's limit included): what PostgreSQL's
 * COPY streams whole, where the batches above serve PGlite.
 */
export function exportLinesSelect(source: ExportSource, fields: ExportField[]): RawBuilder<unknown> {
  return sql`select ${csvLine(source, fields)} as line from (${batchSelect(source, fields, null, source.limit)}) b
    order by ${keyOrder(source, 'b')}`;
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
