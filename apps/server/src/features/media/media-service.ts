import path from 'node:path';
import {
  ERROR_MESSAGES,
  MEDIA_ERRORS,
  type Media,
  type MediaCreate,
  type MediaList,
  type MediaListQuery,
  type VideoSyncResult,
} from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { page } from '../../platform/db/page.ts';
import type { MediaRow } from '../../platform/db/schema.ts';
import { badRequest, invalidField, notFound } from '../../platform/errors.ts';
import { ownActivity, ownAgent, ownRows, scopeActivities } from '../../platform/tenancy.ts';
import type { Transcoder } from './transcoder.ts';

/** Video and audio a media can be made from (what the activity upload policy accepts, and common containers). */
export const MEDIA_EXTENSIONS = [
  '.mp4',
  '.mov',
  '.m4v',
  '.mkv',
  '.webm',
  '.flv',
  '.ts',
  '.mp3',
  '.m4a',
  '.aac',
  '.wav',
];

export const filesRootOf = (ctx: AppContext) => path.join(ctx.config.dataDir, 'files');

export function toMedia(ctx: AppContext, row: MediaRow): Media {
  const isUpload = row.sourceKind === 'upload';
  return {
    id: row.id,
    activityId: row.activityId,
    name: row.name,
    status: row.status,
    error: row.error,
    source: row.source,
    sourceKind: row.sourceKind,
    sourceUrl: isUpload ? ctx.files.urlOf(row.source) : row.source,
    url: !isUpload ? row.source : row.status === 'ready' && row.outputKey ? ctx.files.urlOf(row.outputKey) : '',
    format: isUpload ? 'hls' : 'source',
    durationSeconds: row.durationSeconds,
    sizeBytes: Number(row.sizeBytes),
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The media a caller may see: its agent's, and for a sub-account those it made or that belong to its activities. */
export function scopeMedia(db: Db, caller: Caller) {
  const scoped = ownRows(db, 'media', caller);
  if (caller.subagentId === null) return scoped;
  const subagentId = caller.subagentId;
  return scoped.where((eb) =>
    eb.or([
      eb('media.subagentId', '=', subagentId),
      eb('media.activityId', 'in', scopeActivities(db.selectFrom('activities').select('activities.id'), caller)),
    ]),
  );
}

/** A media id from a URL or body: the caller's, or 404 Media Not Found. */
export async function ownMedia(db: Db, caller: Caller, mediaId: number): Promise<MediaRow> {
  const row = await scopeMedia(db, caller).selectAll('media').where('media.id', '=', mediaId).executeTakeFirst();
  if (!row) throw notFound(MEDIA_ERRORS.mediaNotFound);
  return row;
}

export async function getMedia(ctx: AppContext, caller: Caller, mediaId: number): Promise<Media> {
  return toMedia(ctx, await ownMedia(ctx.db, caller, mediaId));
}

export async function listMedia(ctx: AppContext, caller: Caller, query: MediaListQuery): Promise<MediaList> {
  let base = scopeMedia(ctx.db, caller);
  if (query.activityId !== undefined) {
    base = base.where('media.activityId', '=', await ownActivity(ctx.db, caller, query.activityId));
  }
  if (query.status) base = base.where('media.status', '=', query.status);
  const { items, pager } = await page(
    base.selectAll('media').orderBy('media.createdAt', 'desc').orderBy('media.id', 'desc'),
    query,
  );
  return { items: items.map((row) => toMedia(ctx, row)), pager };
}

/**
 * Which activity (if any) a stored upload's filepath belongs to, after checking it is the caller's: an agent upload
 * (agent/{id}/files/...) or an activity upload (activity/{id}/...). Transcoded output is not a source.
 */
async function ownUpload(db: Db, caller: Caller, filepath: string): Promise<{ activityId: number | null }> {
  const segments = filepath.split('/');
  if (
    filepath.startsWith('/') ||
    filepath.includes('\\') ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  ) {
    throw invalidField('filepath', 'Invalid filepath');
  }
  const [root, owner, folder] = segments;
  if (root === 'activity' && segments.length === 3 && /^\d+$/.test(owner ?? '')) {
    return { activityId: await ownActivity(db, caller, Number(owner)) };
  }
  if (root === 'agent' && segments.length === 4 && folder === 'files' && /^\d+$/.test(owner ?? '')) {
    if (Number(owner) !== caller.agentId) throw notFound(ERROR_MESSAGES.agentNotFound);
    return { activityId: null };
  }
  throw invalidField('filepath', 'Not an uploaded file');
}

function isMediaFile(name: string) {
  return MEDIA_EXTENSIONS.includes(path.extname(name).toLowerCase());
}

async function isStoredFile(ctx: AppContext, key: string) {
  return (await ctx.files.stat(key).catch(() => null)) !== null;
}

async function findUploadMedia(db: Db, agentId: number, source: string) {
  return db
    .selectFrom('media')
    .selectAll()
    .where('agentId', '=', agentId)
    .where('sourceKind', '=', 'upload')
    .where('source', '=', source)
    .executeTakeFirst();
}

/** The last path segment of an address, as a default name. */
function nameFromUrl(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() || '').slice(0, 100) || url.slice(0, 100);
  } catch {
    return url.slice(0, 100);
  }
}

/** POST /v3/media: an upload becomes a media that is transcoded (one media per upload); an address is ready as is. */
export async function createMedia(
  ctx: AppContext,
  jobs: Transcoder,
  caller: Caller,
  body: MediaCreate,
): Promise<Media> {
  const activityId = body.activityId === null ? null : await ownActivity(ctx.db, caller, body.activityId);
  if (body.url) {
    const row = await ctx.db
      .insertInto('media')
      .values({
        agentId: caller.agentId,
        subagentId: caller.subagentId,
        activityId,
        name: body.name || nameFromUrl(body.url),
        sourceKind: 'url',
        source: body.url,
        status: 'ready',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toMedia(ctx, row);
  }
  const filepath = body.filepath as string;
  const owner = await ownUpload(ctx.db, caller, filepath);
  if (!isMediaFile(filepath)) throw invalidField('filepath', 'Not a video or audio file');
  if (!(await isStoredFile(ctx, filepath))) throw invalidField('filepath', 'File not found');
  const existing = await findUploadMedia(ctx.db, caller.agentId, filepath);
  if (existing) return toMedia(ctx, existing);
  const row = await ctx.db
    .insertInto('media')
    .values({
      agentId: caller.agentId,
      subagentId: caller.subagentId,
      activityId: activityId ?? owner.activityId,
      name: body.name || path.basename(filepath),
      sourceKind: 'upload',
      source: filepath,
      status: 'pending',
    })
    .onConflict((oc) => oc.columns(['agentId', 'source']).where('sourceKind', '=', 'upload').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) return toMedia(ctx, (await findUploadMedia(ctx.db, caller.agentId, filepath)) as MediaRow);
  jobs.enqueue(row.id);
  return toMedia(ctx, row);
}

/** POST /v3/media/{id}/transcode-retry: a failed transcode runs again from the start. */
export async function retryTranscode(ctx: AppContext, jobs: Transcoder, caller: Caller, mediaId: number) {
  const media = await ownMedia(ctx.db, caller, mediaId);
  if (media.status !== 'failed' || media.sourceKind !== 'upload') throw badRequest(MEDIA_ERRORS.notRetryable);
  const row = await ctx.db
    .updateTable('media')
    .set({ status: 'pending', error: '', updatedAt: new Date() })
    .where('id', '=', mediaId)
    .where('status', '=', 'failed')
    .returningAll()
    .executeTakeFirst();
  if (!row) throw badRequest(MEDIA_ERRORS.notRetryable);
  jobs.enqueue(row.id);
  return toMedia(ctx, row);
}

/**
 * POST /video/sync: the video and audio files stored for the caller's activities (and, for the main account, its
 * own uploads) that are not media yet become media and are queued for transcoding. Answers what it made.
 */
export async function syncVideos(
  ctx: AppContext,
  jobs: Transcoder,
  caller: Caller,
  body: { activityId?: number },
): Promise<VideoSyncResult> {
  const folders: { key: string; activityId: number | null }[] = [];
  if (body.activityId !== undefined) {
    const activityId = await ownActivity(ctx.db, caller, body.activityId);
    folders.push({ key: `activity/${activityId}`, activityId });
  } else {
    const activities = await scopeActivities(ctx.db.selectFrom('activities').select('activities.id'), caller).execute();
    for (const activity of activities) folders.push({ key: `activity/${activity.id}`, activityId: activity.id });
    if (caller.subagentId === null)
      folders.push({ key: `agent/${ownAgent(caller, caller.agentId)}/files`, activityId: null });
  }
  const found: { source: string; activityId: number | null }[] = [];
  for (const folder of folders) {
    // The folder's own files (not its sub-folders', such as a media's HLS output), wherever the storage keeps them.
    for (const file of await ctx.files.list(`${folder.key}/`)) {
      const name = file.key.slice(folder.key.length + 1);
      if (!name.includes('/') && isMediaFile(name)) found.push({ source: file.key, activityId: folder.activityId });
    }
  }
  const created: MediaRow[] = [];
  for (const file of found) {
    const row = await ctx.db
      .insertInto('media')
      .values({
        agentId: caller.agentId,
        subagentId: caller.subagentId,
        activityId: file.activityId,
        name: path.basename(file.source),
        sourceKind: 'upload',
        source: file.source,
        status: 'pending',
      })
      .onConflict((oc) => oc.columns(['agentId', 'source']).where('sourceKind', '=', 'upload').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) {
      created.push(row);
      jobs.enqueue(row.id);
    }
  }
  return { scanned: found.length, items: created.map((row) => toMedia(ctx, row)) };
}
