import { Readable } from 'node:stream';
import { formatBeijingTime } from '@yanbo/contracts/beijing-time';
import { describe, expect, it } from 'vitest';
import { contentDisposition, csvFromCells } from '../../src/features/exports/export-file.ts';
import { csvCell } from '../../src/platform/csv.ts';
import { readDownload } from './read-csv.ts';

// The rules every download keeps, without a database: the CSV cell (formula-safe, quoted when it would break the
// row), Beijing times, the file's name, and a file made from rows read back as Excel reads it.

describe('the CSV rules', () => {
  it('a cell a spreadsheet would run as a formula is kept as text; one that would break the row is quoted', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('')).toBe('');
    for (const lead of ['=', '+', '-', '@', '\t']) expect(csvCell(`${lead}1`)).toBe(`'${lead}1`);
    // A carriage return first is both: kept as text, and quoted as a line break.
    expect(csvCell('\r1')).toBe(`"'\r1"`);
    expect(csvCell('=SUM(A1:A2),1')).toBe(`"'=SUM(A1:A2),1"`);
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('times are Beijing time, YYYY-MM-DD HH:mm:ss, across the UTC day', () => {
    expect(formatBeijingTime('2026-01-31T15:59:59.000Z')).toBe('2026-01-31 23:59:59');
    expect(formatBeijingTime('2026-01-31T16:00:00.000Z')).toBe('2026-02-01 00:00:00');
    expect(formatBeijingTime(new Date('2026-12-31T23:30:05.999Z'))).toBe('2027-01-01 07:30:05');
  });

  it('a file is named in Chinese for browsers that read filename*, plainly for the rest', () => {
    expect(contentDisposition('用户访问-12.csv', 'user-visits-12.csv')).toBe(
      `attachment; filename="user-visits-12.csv"; filename*=UTF-8''%E7%94%A8%E6%88%B7%E8%AE%BF%E9%97%AE-12.csv`,
    );
    // Nothing in the plain name can end its quotes or smuggle a header.
    expect(contentDisposition("a'(b).csv", 'x"y\r\n.csv')).toBe(
      `attachment; filename="x_y__.csv"; filename*=UTF-8''a%27%28b%29.csv`,
    );
  });

  it('a file from rows: a BOM, the headings, CRLF rows ending in CRLF, read back cell for cell', async () => {
    async function* batches() {
      yield [['1', '=cmd', '你好, "世界"']];
      yield [];
      yield [['2', null, 'two\nlines']];
    }
    const text = Buffer.concat(
      await Readable.from(csvFromCells(['序号', '公式', '内容'], batches())).toArray(),
    ).toString('utf8');
    expect(readDownload(text)).toEqual({
      headings: ['序号', '公式', '内容'],
      rows: [
        ['1', "'=cmd", '你好, "世界"'],
        ['2', '', 'two\nlines'],
      ],
    });
  });
});
