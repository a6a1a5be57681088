import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { CopyLines } from './copy-lines.ts';

// A select of one text column streamed by PostgreSQL's COPY … TO STDOUT: the rows leave the database as bytes and
// reach the client as bytes, read only as fast as the client reads, so the process holds a socket's chunk or two
// whatever the size (a 1,000,000-row export at COPY's own pace). Each copy has a connection of its own, never one of
// the pool's (a slow download never keeps a query waiting), and only COPY_LIMIT run at once in a process; past it,
// or on PGlite, the caller reads in batches.

/** Copies one process runs at once: each holds a PostgreSQL connection for as long as its client reads. */
export const COPY_LIMIT = 4;

/** How long a copy's connection may take to open. */
const CONNECT_TIMEOUT_MS = 10_000;

/** A parameter written into the statement as a literal (COPY takes no parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`a parameter of ${value} cannot be written into a COPY`);
    return String(value);
  }
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) return pg.escapeLiteral(arrayText(value));
  throw new TypeError(`a parameter of type ${typeof value} cannot be written into a COPY`);
}

/** An array as PostgreSQL's array text (`{"a","b"}`, as pg sends an array parameter), its elements quoted. */
function arrayText(values: unknown[]): string {
  const element = (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL';
    if (Array.isArray(value)) return arrayText(value);
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`an element of ${value}`);
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') {
      throw new TypeError(`an element of type ${typeof value} cannot be written into a COPY`);
    }
    return `"${String(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  };
  return `{${values.map(element).join(',')}}`;
}

/**
 * The statement with its parameters written in as literals, each where its `$n` stood. The statements are the
 * server's own (their text holds no `$` but the placeholders); the values, whatever an agent typed, become quoted
 * literals (pg's escapeLiteral: quotes doubled, a backslash in E'' form) and can only ever be values.
 */
export function inlineParameters(query: CompiledQuery): string {
  return query.sql.replace(/\$(\d+)/g, (_, index: string) => {
    const at = Number(index) - 1;
    if (at >= query.parameters.length) throw new RangeError(`no parameter ${index}`);
    return literal(query.parameters[at]);
  });
}

/** Lines as they came: their bytes (each line with its CRLF, the last one's with the next lines) and how many. */
export interface CopiedLines {
  bytes: Buffer[];
  rows: number;
}

export interface CopyOut {
  /**
   * The select's one text column, each value a line (CRLF after it), as the client reads it; null while COPY_LIMIT
   * copies run. Iterate it at once: the connection closes when the lines end or their reader goes away.
   */
  lines(query: CompiledQuery): AsyncIterable<CopiedLines> | null;
}

export function createCopyOut(connectionString: string): CopyOut {
  let running = 0;

  async function* copy(statement: string): AsyncGenerator<CopiedLines> {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // A connection cut while the copy runs fails the copy; the client's own error event must not end the process.
    client.on('error', () => {});
    try {
      await client.connect();
      const parser = new CopyLines();
      for await (const chunk of client.query(copyTo(`copy (${statement}) to stdout with (format binary)`))) {
        const before = parser.rows;
        const bytes = parser.push(chunk as Buffer);
        if (bytes.length > 0) yield { bytes, rows: parser.rows - before };
      }
      parser.end();
    } finally {
      running -= 1;
      // Mid-copy (the reader went away), pg closes the socket; the backend sees it at its next write and stops.
      await client.end().catch(() => {});
    }
  }

  return {
    lines(query) {
      if (running >= COPY_LIMIT) return null;
      const statement = inlineParameters(query);
      running += 1;
      return copy(statement);
    },
  };
}
