import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILES_URL_PREFIX } from '@yanbo/contracts';

/**
 * Where uploaded and exported files live. The embedded default is DATA_DIR/files; S3-compatible object storage
 * (s3-file-storage.ts) implements the same, so everything above this interface has one code path.
 */
export interface FileStorage {
  /** Stores the stream under key; answers its size in bytes. */
  put(key: string, body: Readable, options?: PutOptions): Promise<number>;
  /** The stored file's bytes (only those of range, inclusive, when given), or null when it is gone. */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** The stored file's size and type, or null when it is gone. */
  stat(key: string): Promise<StoredInfo | null>;
  /** Every stored file whose key starts with prefix, with its size. */
  list(prefix: string): Promise<ListedFile[]>;
  remove(key: string): Promise<void>;
  /**
   * The URL the file is served at: a path of this server (FILES_URL_PREFIX) whatever the storage, so addresses kept in
   * rows and pages stay valid (and pass the features' "stored by this site" rules) when the files move to a bucket.
   */
  urlOf(key: string): string;
  /** Where that path sends browsers: itself for the embedded storage, the bucket's (or its CDN's) address otherwise. */
  publicUrlOf(key: string): string;
  /**
   * A short-lived address a browser downloads a private file at, straight from the bucket; null where files are only
   * served by this server (the embedded storage), which then streams them itself.
   */
  signedUrlOf(key: string, options: { expiresSeconds: number; filename?: string }): Promise<string | null>;
  /**
   * A form that lets a browser upload one file straight to the bucket under key (a presigned POST policy whose
   * conditions carry the size limit and the type); null where uploads go through this server.
   */
  directUpload(key: string, rules: DirectUploadRules): Promise<DirectUpload | null>;
  /** The file's path on this machine where it is kept on its disk (tools such as ffprobe read it in place), else null. */
  localPath(key: string): string | null;
}

export interface PutOptions {
  contentType?: string;
}

export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile {
  stream: Readable;
  /** Bytes in the stream (of the range when one was asked). */
  size: number;
}

export interface StoredInfo {
  size: number;
  /** The type the file was stored with; empty where the storage keeps none (the embedded one). */
  contentType: string;
}

export interface ListedFile {
  key: string;
  size: number;
}

export interface DirectUploadRules {
  maxBytes: number;
  contentType: string;
  expiresSeconds: number;
}

export interface DirectUpload {
  url: string;
  /** The form fields to send before the file, in order. */
  fields: Record<string, string>;
}

// One prefix for the server and the console (which shows uploaded filepaths), kept in contracts.
export { FILES_URL_PREFIX };

export function createLocalFileStorage(root: string, urlPrefix = FILES_URL_PREFIX): FileStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return full;
  };
  const fileAt = async (key: string) => {
    const found = await stat(resolve(key)).catch(() => null);
    return found?.isFile() ? found : null;
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
    async get(key, range) {
      const found = await fileAt(key);
      if (!found) return null;
      if (!range) return { stream: createReadStream(resolve(key)), size: found.size };
      const end = Math.min(range.end, found.size - 1);
      if (range.start > end) return { stream: createReadStream(resolve(key), { start: 0, end: -1 }), size: 0 };
      return { stream: createReadStream(resolve(key), { start: range.start, end }), size: end - range.start + 1 };
    },
    async stat(key) {
      const found = await fileAt(key);
      return found ? { size: found.size, contentType: '' } : null;
    },
    async list(prefix) {
      // The prefix's folder is walked; keys are matched on the whole prefix (a partial name included).
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const found: ListedFile[] = [];
      const walk = async (relative: string) => {
        const entries: Dirent[] = await readdir(resolveFolder(root, relative), { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          const key = relative ? `${relative}/${entry.name}` : entry.name;
          if (entry.isDirectory()) await walk(key);
          else if (entry.isFile() && key.startsWith(prefix) && !key.endsWith('.partial')) {
            const info = await stat(path.join(root, key)).catch(() => null);
            if (info) found.push({ key, size: info.size });
          }
        }
      };
      await walk(folder);
      return found.sort((a, b) => (a.key < b.key ? -1 : 1));
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    urlOf(key) {
      return `${urlPrefix}${key}`;
    },
    publicUrlOf(key) {
      return `${urlPrefix}${key}`;
    },
    signedUrlOf: async () => null,
    directUpload: async () => null,
    localPath: (key) => resolve(key),
  };
}

/** The folder a listing starts at, inside root (the root itself for an empty prefix). */
function resolveFolder(root: string, relative: string): string {
  const full = path.resolve(root, relative);
  const base = path.resolve(root);
  if (full !== base && !full.startsWith(base + path.sep))
    throw new Error(`storage prefix escapes the root: ${relative}`);
  return full;
}
