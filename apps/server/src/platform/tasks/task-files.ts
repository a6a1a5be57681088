import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createLocalFileStorage } from '../storage/file-storage.ts';

// A task's output (an export, a report) is the agent's data: it is kept under DATA_DIR/task-files, outside
// DATA_DIR/files, which is served to anyone at FILES_URL_PREFIX. It leaves the server only through the download
// center's route, which checks the task's agent first.

export interface TaskFiles {
  /** Stores the stream under key (written aside and renamed, so a half-written file is never seen); its size. */
  put(key: string, body: Readable): Promise<number>;
  /** The stored file, or null when it is gone. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

export function createLocalTaskFiles(root: string): TaskFiles {
  const storage = createLocalFileStorage(root);
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`task file key escapes the root: ${key}`);
    return full;
  };
  return {
    put: (key, body) => storage.put(key, body),
    async open(key) {
      const full = resolve(key);
      const found = await stat(full).catch(() => null);
      if (!found?.isFile()) return null;
      return { stream: createReadStream(full), size: found.size };
    },
    remove: (key) => storage.remove(key),
  };
}
