import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { precompress } from './vite-precompress.ts';

// The console's and the watch page's builds write brotli and gzip copies beside their scripts and styles (issue 9).

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function runWriteBundle(files: Record<string, string>) {
  dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  const hook = precompress().writeBundle as (options: { dir: string }, bundle: Record<string, unknown>) => unknown;
  await hook.call({}, { dir }, Object.fromEntries(Object.keys(files).map((name) => [name, {}])));
}

it('writes a brotli and a gzip copy of each script and style that shrinks, and leaves the rest alone', async () => {
  const script = `export const text = ${JSON.stringify('直播活动 '.repeat(500))};\n`;
  const style = `${'.a{color:red}\n'.repeat(200)}`;
  await runWriteBundle({
    'assets/index-B5GET1Ep.js': script,
    'assets/index-fs4Wzzvo.css': style,
    'assets/tiny-Ab12Cd34.js': 'export{}',
    'assets/logo-Ab12Cd34.png': 'x'.repeat(5000),
    'index.html': `<!doctype html>${' '.repeat(5000)}`,
  });
  const at = (name: string) => path.join(dir, name);
  expect(brotliDecompressSync(readFileSync(at('assets/index-B5GET1Ep.js.br'))).toString()).toBe(script);
  expect(gunzipSync(readFileSync(at('assets/index-B5GET1Ep.js.gz'))).toString()).toBe(script);
  expect(brotliDecompressSync(readFileSync(at('assets/index-fs4Wzzvo.css.br'))).toString()).toBe(style);
  expect(existsSync(at('assets/index-fs4Wzzvo.css.gz'))).toBe(true);
  // Too small to gain, not a text asset, or the page itself (always sent fresh): no copies.
  expect(existsSync(at('assets/tiny-Ab12Cd34.js.br'))).toBe(false);
  expect(existsSync(at('assets/logo-Ab12Cd34.png.br'))).toBe(false);
  expect(existsSync(at('index.html.gz'))).toBe(false);
});
