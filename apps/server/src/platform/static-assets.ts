import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

// How the built console and watch page go out (issue 9): a file Vite named by its content hash
// (assets/<name>-<hash>.js) never changes under that name, so browsers keep it for a year without asking again;
// everything else (index.html, the favicon) is asked for again on every visit, so a deploy shows at once. Scripts and
// styles go out as the brotli or gzip file the build wrote beside them (name.js.br, name.js.gz) when the browser's
// Accept-Encoding allows it, the plain file otherwise, with `Vary: Accept-Encoding` either way.

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

/** A file name Vite gave a content hash: `<name>-<8 characters of base64url>.<ext>`. */
const HASHED_NAME = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

/** Whether a served file is a content-hashed asset (in an assets folder, with a hash in its name). */
export function isHashedAsset(filePath: string): boolean {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  return path.basename(path.dirname(filePath)) === 'assets' && HASHED_NAME.test(name);
}

/** The cache-control for a served file. */
export function cacheControlFor(filePath: string): string {
  return isHashedAsset(filePath) ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

/** @fastify/static options for a folder of built files: pre-compressed answers, year-long caching for hashed names. */
export function builtAssetOptions(
  options: Pick<FastifyStaticOptions, 'root' | 'prefix' | 'decorateReply' | 'wildcard' | 'index'>,
): FastifyStaticOptions {
  return {
    ...options,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  };
}
