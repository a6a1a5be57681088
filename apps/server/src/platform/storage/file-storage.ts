import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILES_URL_PREFIX } from '@yanbo/contracts';

/** Where uploaded and exported files live. The embedded default is DATA_DIR/files; object storage implements the same. */
export interface FileStorage {
  /** Stores the stream under key; answers its size in bytes. */
  put(key: string, body: Readable): Promise<number>;
  remove(key: string): Promise<void>;
  /** The URL path the file is served at. */
  urlOf(key: string): string;
}

// One prefix for the server and the console (which shows uploaded filepaths), kept in contracts.
export { FILES_URL_PREFIX };

export function createLocalFileStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return full;
  };
  return {
    async put(key, body) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.partial`;
      let size = 0;
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      try {
        await pipeline(body, createWriteStream(partial));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return size;
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    urlOf(key) {
      return `${FILES_URL_PREFIX}${key}`;
    },
  };
}
