import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { StorageUsage } from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
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

/**
 * GET /agent/storageUsage: the agent's files as the file store keeps them: its own uploads (agent/{id}/), the
 * transcoded media among them (agent/{id}/media/) and every one of its activities' uploads (activity/{id}/), deleted
 * activities included, since their files still take up space.
 */
export async function storageUsage(db: Db, caller: Caller, filesRoot: string): Promise<StorageUsage> {
  const agentDir = path.join(filesRoot, 'agent', String(caller.agentId));
  const mediaDir = path.join(agentDir, 'media');
  const activityIds = new Set(
    (await ownRows(db, 'activities', caller).select('id').execute()).map((row) => String(row.id)),
  );
  let activityFolders: string[] = [];
  try {
    activityFolders = (await readdir(path.join(filesRoot, 'activity'))).filter((name) => activityIds.has(name));
  } catch {
    // no activity has uploaded anything yet
  }
  const [uploads, media, ...activities] = await Promise.all([
    directoryUsage(agentDir, (full) => full === mediaDir),
    directoryUsage(mediaDir),
    ...activityFolders.map((name) => directoryUsage(path.join(filesRoot, 'activity', name))),
  ]);
  const activityUsage = activities.reduce(
    (sum, usage) => ({ bytes: sum.bytes + usage.bytes, files: sum.files + usage.files }),
    {
      bytes: 0,
      files: 0,
    },
  );
  return {
    bytes: uploads.bytes + media.bytes + activityUsage.bytes,
    files: uploads.files + media.files + activityUsage.files,
    byKind: { uploads: uploads.bytes, activities: activityUsage.bytes, media: media.bytes },
  };
}
