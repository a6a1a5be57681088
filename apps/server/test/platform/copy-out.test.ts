import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopyFormatError, CopyLines } from '../../src/platform/db/copy-lines.ts';
import { COPY_LIMIT, inlineParameters } from '../../src/platform/db/copy-out.ts';
import { type Database, openDatabase } from '../../src/platform/db/database.ts';
import { engines, newPostgresDatabase } from '../harness.ts';

// PostgreSQL's binary COPY read as lines (the CSV exports' way on PostgreSQL): the parser on chunks cut anywhere and
// on bytes that are not a copy of one text column; parameters written in as literals; and, on a real PostgreSQL, the
// lines byte for byte, the limit of copies at once, a reader that goes away and a statement that fails.

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** A binary COPY of one text column, as PostgreSQL writes it (a header extension of `extension` bytes). */
function binaryCopy(values: string[], extension = 0): Buffer {
  const parts = [SIGNATURE, Buffer.alloc(4), Buffer.alloc(4 + extension)];
  parts[2]?.writeUInt32BE(extension, 0);
  for (const value of values) {
    const bytes = Buffer.from(value, 'utf8');
    const head = Buffer.alloc(6);
    head.writeInt16BE(1, 0);
    head.writeInt32BE(bytes.length, 2);
    parts.push(head, bytes);
  }
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1, 0);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** The lines of the chunks (copied first: the parser writes over what it is given). */
function readAll(chunks: Buffer[]): { text: string; rows: number } {
  const parser = new CopyLines();
  const out = Buffer.concat(chunks.flatMap((chunk) => parser.push(Buffer.from(chunk))));
  parser.end();
  return { text: out.toString('utf8'), rows: parser.rows };
}

const VALUES = ['序号,名称', '"a ""quoted"", cell"', 'back\\slash\ttab', '"two\r\nlines"', '', '=1+1 中文'];
const LINES = VALUES.map((value) => `${value}\r\n`).join('');

describe('CopyLines', () => {
  it('gives each value as a line with CRLF, wherever the chunks are cut', () => {
    const copy = binaryCopy(VALUES, 3);
    expect(readAll([copy])).toEqual({ text: LINES, rows: VALUES.length });
    for (let cut = 0; cut <= copy.length; cut += 1) {
      expect(readAll([copy.subarray(0, cut), copy.subarray(cut)]).text, `cut at ${cut}`).toBe(LINES);
    }
    // A byte at a time.
    expect(readAll([...copy].map((byte) => Buffer.from([byte])))).toEqual({ text: LINES, rows: VALUES.length });
  });

  it('an empty copy is no lines', () => {
    expect(readAll([binaryCopy([])])).toEqual({ text: '', rows: 0 });
  });

  it('refuses what is not a binary copy of one text column', () => {
    const push = (bytes: Buffer) => () => new CopyLines().push(bytes);
    expect(push(Buffer.from('id,name\r\n1,a\r\n1234567890'))).toThrow(CopyFormatError);
    const twoFields = binaryCopy(['a']);
    twoFields.writeInt16BE(2, SIGNATURE.length + 8);
    expect(push(twoFields)).toThrow('a row of 2 fields');
    const nullValue = binaryCopy(['a']);
    nullValue.writeInt32BE(-1, SIGNATURE.length + 10);
    expect(push(nullValue)).toThrow('a null line');
    expect(push(Buffer.concat([binaryCopy(['a']), Buffer.from('x')]))).toThrow('bytes after the trailer');
    const cut = new CopyLines();
    cut.push(binaryCopy(['a', 'b']).subarray(0, SIGNATURE.length + 12));
    expect(() => cut.end()).toThrow('the copy ended before its trailer');
  });
});

describe('inlineParameters', () => {
  it('writes each parameter as a literal where its placeholder stood', () => {
    const query = CompiledQuery.raw('select $1, $2, $3, $4, $5, $6, $10', [
      12,
      "it's",
      new Date('2026-01-02T03:04:05.000Z'),
      true,
      null,
      10n,
      7,
      8,
      9,
      'ten',
    ]);
    expect(inlineParameters(query)).toBe("select 12, 'it''s', '2026-01-02T03:04:05.000Z', true, null, 10, 'ten'");
    // A backslash is written in the E'' form, so it stays one backslash whatever standard_conforming_strings says.
    expect(inlineParameters(CompiledQuery.raw('select $1', ['a\\b']))).toBe("select  E'a\\\\b'");
  });

  it('refuses what it cannot write as a literal, and a placeholder without a parameter', () => {
    expect(() => inlineParameters(CompiledQuery.raw('select $1', [Number.NaN]))).toThrow(TypeError);
    expect(() => inlineParameters(CompiledQuery.raw('select $1', [{ a: 1 }]))).toThrow(TypeError);
    expect(() => inlineParameters(CompiledQuery.raw('select $2', [1]))).toThrow('no parameter 2');
  });
});

describe.runIf(engines.includes('postgres'))('COPY on PostgreSQL', () => {
  let database: Database;
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ url, drop } = await newPostgresDatabase());
    database = await openDatabase({ databaseUrl: url, dataDir: '', inMemory: false });
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  /** Connections open on the test's database (the pool's and the copies'). */
  async function connections(): Promise<number> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query(
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return rows[0].n;
    } finally {
      await client.end();
    }
  }

  async function until(check: () => Promise<boolean>) {
    for (let i = 0; i < 200 && !(await check()); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await check()).toBe(true);
  }

  const linesOf = (values: string[]) =>
    sql`select v from unnest(${values}::text[]) with ordinality as t(v, n) order by n`.compile(database.db);

  async function copied(query: CompiledQuery): Promise<{ text: string; rows: number }> {
    const lines = database.copyLines(query);
    if (!lines) throw new Error('no copy');
    const chunks: Buffer[] = [];
    let rows = 0;
    for await (const part of lines) {
      chunks.push(...part.bytes);
      rows += part.rows;
    }
    return { text: Buffer.concat(chunks).toString('utf8'), rows };
  }

  it('streams the values as lines, byte for byte, parameters and all', async () => {
    expect(await copied(linesOf(VALUES))).toEqual({ text: LINES, rows: VALUES.length });
    // Many rows, past any one chunk of the socket.
    const many = Array.from({ length: 30_000 }, (_, i) => `第${i}行,"${'x'.repeat(i % 50)}"`);
    expect(await copied(linesOf(many))).toEqual({ text: many.map((v) => `${v}\r\n`).join(''), rows: many.length });
  });

  it(`runs ${COPY_LIMIT} copies at once and answers null past them; each ends with its connection`, async () => {
    const before = await connections();
    const running = Array.from({ length: COPY_LIMIT }, () =>
      database.copyLines(sql`select 'a' || n from generate_series(1, 200000) n`.compile(database.db)),
    );
    expect(running.every(Boolean)).toBe(true);
    expect(database.copyLines(linesOf(['past the limit']))).toBeNull();
    // Each started, then left after its first lines: its connection closes and its place frees.
    for (const lines of running) {
      for await (const part of lines ?? []) {
        expect(part.rows).toBeGreaterThan(0);
        break;
      }
    }
    await until(async () => (await connections()) === before);
    expect(await copied(linesOf(['free again']))).toEqual({ text: 'free again\r\n', rows: 1 });
  });

  it('a statement that fails fails the copy and leaves no connection behind', async () => {
    const before = await connections();
    await expect(
      copied(sql`select (1 / (n - 3))::text from generate_series(1, 5) n`.compile(database.db)),
    ).rejects.toThrow('division by zero');
    await until(async () => (await connections()) === before);
    expect(await copied(linesOf(['after the failure']))).toEqual({ text: 'after the failure\r\n', rows: 1 });
  });
});
