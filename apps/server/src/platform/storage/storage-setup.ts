import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createLocalTaskFiles, type TaskFiles } from '../tasks/task-files.ts';
import { createLocalFileStorage, FILES_URL_PREFIX, type FileStorage } from './file-storage.ts';
import type { S3Config } from './s3-config.ts';
import { createS3Client, createS3FileStorage } from './s3-file-storage.ts';

/** Where public files and task files are kept in the bucket: a bucket policy may open files/ to anyone, never tasks/. */
export const BUCKET_FILES_PREFIX = 'files/';
export const BUCKET_TASK_FILES_PREFIX = 'task-files/';

export interface Storage {
  /** Uploads, pictures, media: public, served at FILES_URL_PREFIX or the bucket's (CDN's) address. */
  files: FileStorage;
  /** The agents' exports and reports: never public, read only through the download center. */
  taskFiles: TaskFiles;
  /** Whether files are in a bucket (S3_ENDPOINT and S3_BUCKET set) rather than in DATA_DIR. */
  inBucket: boolean;
}

/** The configured storage: the bucket when S3 is configured, DATA_DIR/files and DATA_DIR/task-files otherwise. */
export function createStorage(dataDir: string, s3: S3Config | null): Storage {
  if (!s3) {
    return {
      files: createLocalFileStorage(path.join(dataDir, 'files')),
      taskFiles: createLocalTaskFiles(path.join(dataDir, 'task-files')),
      inBucket: false,
    };
  }
  const client = createS3Client(s3);
  const taskFiles = createS3FileStorage(client, s3, BUCKET_TASK_FILES_PREFIX);
  return {
    files: createS3FileStorage(client, s3, BUCKET_FILES_PREFIX),
    taskFiles: {
      put: (key, body) => taskFiles.put(key, body, { contentType: 'application/octet-stream' }),
      open: (key) => taskFiles.get(key),
      remove: (key) => taskFiles.remove(key),
    },
    inBucket: true,
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
