import { expect } from 'vitest';
import { parseCsv } from './parse-csv.ts';

/** A download's file: a BOM first, CRLF rows ending in CRLF; answers its heading row and its rows. */
export function readDownload(text: string): { headings: string[]; rows: string[][] } {
  expect(text.startsWith('\uFEFF'), 'a UTF-8 BOM first').toBe(true);
  expect(text.endsWith('\r\n'), 'the last row ends in CRLF').toBe(true);
  const [headings = [], ...rows] = parseCsv(text.slice(1));
  return { headings, rows };
}
