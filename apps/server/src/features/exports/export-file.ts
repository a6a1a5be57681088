import { PassThrough, Readable } from 'node:stream';
import type { ExportFormat } from '@yanbo/contracts';
import type { FastifyReply } from 'fastify';
import { csvCell } from '../../platform/csv.ts';

// A download as the browser receives it: CSV with a UTF-8 BOM and CRLF lines (Excel then reads Chinese correctly),
// or XLSX through exceljs's streaming writer; either is produced as the rows arrive and sent as it is produced, so
// memory holds a batch, never the file.

const BOM = '\uFEFF';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A CSV file: the heading line, then the lines `lines` makes (each ending in CRLF: texts, or bytes as PostgreSQL's
 * COPY sent them). `lines` is called when the file is first read and its lines are read only as the client reads.
 */
export function csvFile(headings: readonly string[], lines: () => AsyncIterable<string | Buffer>): Readable {
  async function* file() {
    yield `${BOM}${headings.map(csvCell).join(',')}\r\n`;
    yield* lines();
  }
  return Readable.from(file(), { objectMode: false });
}

export type Cell = string | number | null;

/** A CSV file from rows of cells (a batch at a time), each cell through the CSV cell rule. */
export function csvFromCells(headings: readonly string[], batches: AsyncIterable<Cell[][]>): Readable {
  async function* lines() {
    for await (const rows of batches) {
      if (rows.length > 0)
        yield `${rows.map((row) => row.map((cell) => csvCell(cell ?? '')).join(',')).join('\r\n')}\r\n`;
    }
  }
  return csvFile(headings, lines);
}

/** Bytes the XLSX writer may have waiting for the client before it stops reading rows. */
const XLSX_HIGH_WATER = 1024 * 1024;

/**
 * An XLSX workbook of one sheet, written as the rows arrive. exceljs is loaded on the first XLSX asked for: it costs
 * the process about 40 MB, which a server that never writes XLSX should not carry.
 */
export function xlsxFromCells(sheetName: string, headings: readonly string[], batches: AsyncIterable<Cell[][]>) {
  const out = new PassThrough();
  const write = async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
    sheet.addRow([...headings]).commit();
    for await (const rows of batches) {
      for (const row of rows) sheet.addRow(row).commit();
      // The client reads slower than the rows come: wait for it, so what waits stays one batch or so.
      while (out.readableLength > XLSX_HIGH_WATER && !out.destroyed) await new Promise((done) => setTimeout(done, 5));
      if (out.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error) => out.destroy(error as Error));
  return out;
}

/**
 * `Content-Disposition` with the Chinese name (RFC 6266 / RFC 5987 `filename*`) and a plain ASCII one for clients
 * that read only `filename`.
 */
export function contentDisposition(fileName: string, asciiFallback: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encoded}`;
}

/** Sends a file: its type, its name, never cached. */
export function sendFile(
  reply: FastifyReply,
  file: { name: string; asciiName: string; format: ExportFormat; body: Readable },
): FastifyReply {
  reply
    .type(file.format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      contentDisposition(`${file.name}.${file.format}`, `${file.asciiName}.${file.format}`),
    )
    .header('cache-control', 'no-store');
  return reply.send(file.body);
}
