import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE, isHashedAsset } from '../../src/platform/static-assets.ts';
import { startApp, type TestApp } from '../harness.ts';

// The built console and watch page go out pre-compressed when the browser allows it, hashed files cached for a year,
// index.html asked for again each time (issue 9).

const SCRIPT = `console.log(${JSON.stringify('演播 '.repeat(400))});\n`;
const HASHED = 'index-B5GET1Ep.js';

async function writeBuilt(dir: string, files: Record<string, string | Buffer>) {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
}

function compressedSet(name: string, content: string): Record<string, string | Buffer> {
  return { [name]: content, [`${name}.br`]: brotliCompressSync(content), [`${name}.gz`]: gzipSync(content) };
}

describe('built console and watch page assets', () => {
  let dir = '';
  let t: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'yanbo-static-'));
    await writeBuilt(path.join(dir, 'console'), {
      'index.html':
        '<!doctype html><div id="root"></div><script type="module" src="/assets/index-B5GET1Ep.js"></script>',
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      ...compressedSet(`assets/${HASHED}`, SCRIPT),
      'assets/plain-Ab_3-x9Z.css': 'body{margin:0}',
    });
    await writeBuilt(path.join(dir, 'watch'), {
      'index.html': '<!doctype html><title>watch</title>',
      ...compressedSet('assets/watch-Cq1_aZ9k.js', SCRIPT),
    });
    t = await startApp('pglite', { consoleDir: path.join(dir, 'console'), watchDir: path.join(dir, 'watch') });
  });

  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  const expectHashedHeaders = (headers: Record<string, unknown>) => {
    expect(headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(String(headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(String(headers['content-type'])).toMatch(/javascript/);
    expect(headers['content-security-policy']).toBeDefined();
  };

  it('answers a hashed script with brotli when the browser accepts it', async () => {
    const response = await get(`/assets/${HASHED}`, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expectHashedHeaders(response.headers);
  });

  it('answers with gzip when brotli is not accepted', async () => {
    const response = await get(`/assets/${HASHED}`, 'gzip, deflate');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
    expectHashedHeaders(response.headers);
  });

  it('answers the plain file when neither is accepted', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const response = await get(`/assets/${HASHED}`, acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(SCRIPT);
      expectHashedHeaders(response.headers);
    }
  });

  it('answers the plain file, still immutable, when the build wrote no compressed copy', async () => {
    const response = await get('/assets/plain-Ab_3-x9Z.css', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('body{margin:0}');
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it('has index.html and unhashed files asked for again on every visit', async () => {
    for (const url of ['/', '/login', '/activities/12/board']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toBeDefined();
    }
    const favicon = await get('/favicon.svg', 'br, gzip');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('serves the watch page scripts the same way', async () => {
    const br = await get('/watch/assets/watch-Cq1_aZ9k.js', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expectHashedHeaders(br.headers);
    const gzip = await get('/watch/assets/watch-Cq1_aZ9k.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get('/watch/assets/watch-Cq1_aZ9k.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('tells hashed asset names from the rest', () => {
    expect(isHashedAsset('/d/assets/index-B5GET1Ep.js')).toBe(true);
    expect(isHashedAsset('/d/assets/chunk-6KYCQHYJ-DBjnneMm.js.br')).toBe(true);
    expect(isHashedAsset('/d/assets/rolldown-runtime-XKy_Htl9.js.gz')).toBe(true);
    expect(isHashedAsset('/d/index.html')).toBe(false);
    expect(isHashedAsset('/d/favicon.svg')).toBe(false);
    expect(isHashedAsset('/d/assets/logo.svg')).toBe(false);
  });
});
