import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

// A Vite build step for the console and the watch page (issue 9): beside every script, style and svg it writes, a
// brotli (.br) and a gzip (.gz) copy, so the server answers with a compressed file without compressing per request.
// A copy that saves little is not written; the server then sends the plain file.

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json)$/;
/** Below this size, or when compression saves less than a tenth, the plain file goes out as it is. */
const MIN_BYTES = 1024;
const MIN_SAVING = 0.9;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function compressFile(file: string): Promise<void> {
  const content = await readFile(file);
  if (content.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const writes: Promise<void>[] = [];
  if (br.length < content.length * MIN_SAVING) writes.push(writeFile(`${file}.br`, br));
  if (gz.length < content.length * MIN_SAVING) writes.push(writeFile(`${file}.gz`, gz));
  await Promise.all(writes);
}

export function precompress(): Plugin {
  return {
    name: 'yanbo-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? path.dirname(options.file ?? '');
      const files = Object.keys(bundle)
        .filter((name) => COMPRESSIBLE.test(name))
        .map((name) => path.join(outDir, name));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file).catch(() => null))?.isFile()) await compressFile(file);
        }),
      );
    },
  };
}
