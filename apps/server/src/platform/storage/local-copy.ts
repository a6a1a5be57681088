import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './file-storage.ts';

/**
 * Runs fn over the stored file as a path on this machine: in place where the storage keeps it on this disk, otherwise
 * over a private temporary copy fetched from the bucket and removed afterwards (tools such as ffprobe read paths, and
 * are never handed a network address to fetch). Answers null when the file is gone.
 */
export async function withLocalFile<T>(
  files: FileStorage,
  key: string,
  fn: (file: string) => Promise<T>,
): Promise<T | null> {
  const local = files.localPath(key);
  if (local) return fn(local);
  const stored = await files.get(key);
  if (!stored) return null;
  const folder = await mkdtemp(path.join(tmpdir(), 'yanbo-file-'));
  try {
    const copy = path.join(folder, path.basename(key) || 'file');
    await pipeline(stored.stream, createWriteStream(copy, { mode: 0o600 }));
    return await fn(copy);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The first bytes of a stored file (fewer when it is shorter), read without fetching the rest. */
export async function readStoredHead(files: FileStorage, key: string, bytes: number): Promise<Buffer> {
  const stored = await files.get(key, { start: 0, end: bytes - 1 });
  if (!stored) return Buffer.alloc(0);
  return Buffer.concat(await stored.stream.toArray()).subarray(0, bytes);
}
