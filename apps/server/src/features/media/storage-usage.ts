import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { StorageUsage } from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { ownRows } from '../../platform/tenancy.ts';

export interface Usage {
  bytes: number;
  files: number;
}

/** Bytes and files under a directory, counted on disk (a missing directory holds nothing). */
export async function directoryUsage(dir: string, skip?: (full: string) => boolean): Promise<Usage> {
  const usage: Usage = { bytes: 0, files: 0 };
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return usage;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (skip?.(full)) continue;
    if (entry.isDirectory()) {
      const inner = await directoryUsage(full, skip);
      usage.bytes += inner.bytes;
      usage.files += inner.files;
    } else if (entry.isFile()) {
      // A file removed since the listing (a finished upload's .partial) takes up nothing.
      const size = await stat(full).then(
        (info) => info.size,
        () => null,
      );
      if (size === null) continue;
      usage.bytes += size;
      usage.files += 1;
    }
  }
  return usage;
}

/** Activities whose files are listed at once: each is a listing request when the files are in a bucket. */
const LISTING_CONCURRENCY = 8;

/**
 * GET /agent/storageUsage: the agent's files as the file store keeps them (on disk or in the bucket): its own uploads
 * (agent/{id}/), the transcoded media among them (agent/{id}/media/) and every one of its activities' uploads
 * (activity/{id}/), deleted activities included, since their files still take up space.
 */
export async function storageUsage(db: Db, caller: Caller, files: FileStorage): Promise<StorageUsage> {
  const agentPrefix = `agent/${caller.agentId}/`;
  const mediaPrefix = `${agentPrefix}media/`;
  const activityIds = (await ownRows(db, 'activities', caller).select('id').execute()).map((row) => row.id);
  const uploads: Usage = { bytes: 0, files: 0 };
  const media: Usage = { bytes: 0, files: 0 };
  const activityUsage: Usage = { bytes: 0, files: 0 };
  const add = (usage: Usage, size: number) => {
    usage.bytes += size;
    usage.files += 1;
  };
  for (const file of await files.list(agentPrefix)) add(file.key.startsWith(mediaPrefix) ? media : uploads, file.size);
  for (let at = 0; at < activityIds.length; at += LISTING_CONCURRENCY) {
    const listed = await Promise.all(
      activityIds.slice(at, at + LISTING_CONCURRENCY).map((id) => files.list(`activity/${id}/`)),
    );
    for (const file of listed.flat()) add(activityUsage, file.size);
  }
  return {
    bytes: uploads.bytes + media.bytes + activityUsage.bytes,
    files: uploads.files + media.files + activityUsage.files,
    byKind: { uploads: uploads.bytes, activities: activityUsage.bytes, media: media.bytes },
  };
}
