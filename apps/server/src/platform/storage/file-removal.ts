import type { FileStorage } from './file-storage.ts';

// Files whose rows are gone (a destroyed activity's photos, a deleted photo's pictures) are removed after the
// transaction that deleted the rows has committed, never inside it: a rollback would leave rows naming files already
// gone, and a slow bucket would hold the transaction open. A file that cannot be removed then (the bucket is down, a
// disk error) never fails or undoes what the agent deleted: it is tried again a few times in the background, and one
// still there after the last try is logged with its key, for removal by hand.

export interface FileRemovalOptions {
  /** Where a file that could not be removed is reported (the request's or the app's logger). */
  log: (line: string) => void;
  /** The waits before each try after the first. */
  retryDelaysMs?: readonly number[];
}

/** Waits before the second, third and fourth try: a bucket's brief outage passes, a longer one is logged. */
export const REMOVAL_RETRY_DELAYS_MS: readonly number[] = [1_000, 10_000, 60_000];
/** Removals at once: a destroyed activity may hold thousands of photos, each a request to a bucket. */
const PARALLEL_REMOVALS = 8;

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    // A retry pending does not keep a stopping process alive.
    setTimeout(resolve, ms).unref();
  });

/** Removes each key once, a few at a time; answers the keys that failed. */
async function removeOnce(files: FileStorage, keys: readonly string[]): Promise<string[]> {
  const failed: string[] = [];
  for (let at = 0; at < keys.length; at += PARALLEL_REMOVALS) {
    const batch = keys.slice(at, at + PARALLEL_REMOVALS);
    const results = await Promise.allSettled(batch.map((key) => files.remove(key)));
    results.forEach((result, index) => {
      if (result.status === 'rejected') failed.push(batch[index] as string);
    });
  }
  return failed;
}

async function retry(files: FileStorage, keys: string[], options: FileRemovalOptions): Promise<void> {
  let left = keys;
  for (const delay of options.retryDelaysMs ?? REMOVAL_RETRY_DELAYS_MS) {
    await wait(delay);
    left = await removeOnce(files, left);
    if (left.length === 0) return;
  }
  options.log(`stored files not removed after their rows were deleted (remove them by hand): ${left.join(', ')}`);
}

/**
 * Removes stored files whose rows are gone. The first try is awaited; the keys it could not remove are tried again in
 * the background. Never rejects.
 */
export async function removeStoredFiles(
  files: FileStorage,
  keys: readonly string[],
  options: FileRemovalOptions,
): Promise<void> {
  const failed = await removeOnce(files, keys);
  if (failed.length > 0) void retry(files, failed, options).catch((error) => options.log(`file removal: ${error}`));
}

/**
 * Removes every stored file under a folder that only rows now gone used (a destroyed activity's photos), files left by
 * an upload that failed half-way included. Never rejects: a listing that fails is tried again like a removal.
 */
export async function removeStoredFolder(files: FileStorage, prefix: string, options: FileRemovalOptions) {
  if (!prefix.endsWith('/')) throw new Error(`a folder to remove ends with /: ${prefix}`);
  const delays = [0, ...(options.retryDelaysMs ?? REMOVAL_RETRY_DELAYS_MS)];
  for (const [attempt, delay] of delays.entries()) {
    if (delay > 0) await wait(delay);
    try {
      const listed = await files.list(prefix);
      return await removeStoredFiles(
        files,
        listed.map((file) => file.key),
        options,
      );
    } catch (error) {
      if (attempt === delays.length - 1) options.log(`stored files under ${prefix} not removed: ${error}`);
    }
  }
}
