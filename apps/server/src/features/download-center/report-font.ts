import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

// The report's Chinese font: Noto Sans SC (SIL OFL) from @openfonts/noto-sans-sc_all, whose files hold every glyph in
// one WOFF (the @fontsource packages split it by unicode range). pdfkit embeds only the glyphs a report uses, so a
// report is tens of kilobytes. fontkit inflates WOFF tables in JavaScript (12 s for this font); unwrapping the WOFF
// into a plain OpenType file with node's zlib first takes 45 ms, once per process.

const require = createRequire(import.meta.url);
const FONT_FILE = '@openfonts/noto-sans-sc_all/files/noto-sans-sc-all-400.woff';

/** The OpenType file a WOFF 1.0 wraps: its tables inflated and laid out behind a plain sfnt table directory. */
export function unwrapWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF file');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const stored = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(offset, offset + stored);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: stored < length ? inflateSync(raw) : raw,
    };
  });
  const log2 = Math.floor(Math.log2(count));
  const searchRange = 2 ** log2 * 16;
  const directory = Buffer.alloc(12 + count * 16);
  directory.writeUInt32BE(flavor, 0);
  directory.writeUInt16BE(count, 4);
  directory.writeUInt16BE(searchRange, 6);
  directory.writeUInt16BE(log2, 8);
  directory.writeUInt16BE(count * 16 - searchRange, 10);
  const parts = [directory];
  let offset = directory.length;
  tables.forEach((table, index) => {
    const entry = 12 + index * 16;
    directory.writeUInt32BE(table.tag, entry);
    directory.writeUInt32BE(table.checksum, entry + 4);
    directory.writeUInt32BE(offset, entry + 8);
    directory.writeUInt32BE(table.data.length, entry + 12);
    // Tables start on four-byte boundaries.
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

let font: Promise<Buffer> | null = null;

/** The report font as an OpenType buffer, read and unwrapped once per process. */
export function reportFont(): Promise<Buffer> {
  font ??= readFile(require.resolve(FONT_FILE)).then(unwrapWoff);
  font.catch(() => {
    font = null;
  });
  return font;
}
