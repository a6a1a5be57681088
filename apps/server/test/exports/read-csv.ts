import { expect } from 'vitest';

/** A CSV file read back as a spreadsheet would (RFC 4180: quoted cells, doubled quotes, CRLF rows). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A download's file: a BOM first, CRLF rows ending in CRLF; answers its heading row and its rows. */
export function readDownload(text: string): { headings: string[]; rows: string[][] } {
  expect(text.startsWith('\uFEFF'), 'a UTF-8 BOM first').toBe(true);
  expect(text.endsWith('\r\n'), 'the last row ends in CRLF').toBe(true);
  const [headings = [], ...rows] = parseCsv(text.slice(1));
  return { headings, rows };
}
