import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createLocalTaskFiles, type TaskFiles } from '../tasks/task-files.ts';
import { createLocalFileStorage, FILES_URL_PREFIX, type FileStorage } from './file-storage.ts';
import type { S3Config } from './s3-config.ts';

/** Where public files are kept in the bucket: a bucket policy may open files/ to anyone, never the private stores. */
export const BUCKET_FILES_PREFIX = 'files/';

export interface Storage {
  /** Uploads, pictures, media: public, served at FILES_URL_PREFIX or the bucket's (CDN's) address. */
  files: FileStorage;
  /** The agents' exports and reports: never public, read only through the download center. */
  taskFiles: TaskFiles;
  /** Whether files are in a bucket (S3_ENDPOINT and S3_BUCKET set) rather than in DATA_DIR. */
  inBucket: boolean;
}

/**
 * The bucket's storage under a prefix. The AWS SDK is loaded with the first bucket configured: it holds about 8 MB of
 * heap (40 MB of RSS) that a process keeping its files in DATA_DIR should not carry.
 */
async function bucketStorage(s3: S3Config, prefix: string): Promise<FileStorage> {
  const { createS3FileStorage, s3ClientFor } = await import('./s3-file-storage.ts');
  return createS3FileStorage(s3ClientFor(s3), s3, prefix);
}

/** The configured storage: the bucket when S3 is configured, DATA_DIR/files and DATA_DIR/task-files otherwise. */
export async function createStorage(dataDir: string, s3: S3Config | null): Promise<Storage> {
  return {
    files: s3 ? await bucketStorage(s3, BUCKET_FILES_PREFIX) : createLocalFileStorage(path.join(dataDir, 'files')),
    taskFiles: privateFiles({ dataDir, s3 }, 'task-files'),
    inBucket: s3 !== null,
  };
}

/**
 * A private store (never served as it is; read only through a route that checks who asks): DATA_DIR/{name}, or the
 * bucket's {name}/ prefix, which no bucket policy should open. The task files and the documents application use it.
 */
export function privateFiles(config: { dataDir: string; s3: S3Config | null }, name: string): TaskFiles {
  if (!config.s3) return createLocalTaskFiles(path.join(config.dataDir, name));
  const files = bucketStorage(config.s3, `${name}/`);
  return {
    put: async (key, body) => (await files).put(key, body, { contentType: 'application/octet-stream' }),
    open: async (key) => (await files).get(key),
    remove: async (key) => (await files).remove(key),
  };
}

/**
 * FILES_URL_PREFIX (/files/…), where the console and the watch page address stored files by their filepath: served
 * from DATA_DIR/files, or, with the files in a bucket, a redirect to the bucket's (CDN's) address of the same key.
 */
export async function registerFileRoutes(app: FastifyInstance, storage: Storage, dataDir: string) {
  if (!storage.inBucket) {
    mkdirSync(path.join(dataDir, 'files'), { recursive: true });
    await app.register(fastifyStatic, {
      root: path.join(dataDir, 'files'),
      prefix: FILES_URL_PREFIX,
      decorateReply: false,
      maxAge: '7d',
    });
    return;
  }
  app.get(`${FILES_URL_PREFIX}*`, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    let target: string;
    try {
      target = storage.files.publicUrlOf(decodeURIComponent(key));
    } catch {
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'File Not Found' });
    }
    // A key's object never changes (uploads get new keys), so the redirect itself may be cached a while.
    return reply.header('cache-control', 'public, max-age=3600').redirect(target, 302);
  });
}
