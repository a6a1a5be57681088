import { Readable } from 'node:stream';
import {
  ERROR_CODES,
  MAX_PHOTO_LISTS_PER_ACTIVITY,
  MAX_PHOTOS_PER_LIST,
  MAX_PHOTOS_PER_UPLOAD,
  PHOTO_ERRORS,
  PHOTO_PAGE_SIZE,
  type Photo,
  type PhotoList,
  type PhotoListDetail,
  type PhotoListList,
  type photoListInput,
  type photoListUpdate,
  type UploadedPhotos,
  type WatchPhoto,
  type WatchPhotoList,
} from '@yanbo/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { randomToken } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, invalidField, notFound, tooManyRequests } from '../../platform/errors.ts';
import { type RateRule, take } from '../../platform/rate-limit.ts';
import { activityPhotoFolder } from '../../platform/storage/activity-folders.ts';
import { removeStoredFiles } from '../../platform/storage/file-removal.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { publishToViewers } from '../comments/index.ts';
import { assertStorageQuota } from '../price/index.ts';
import { type GateViewer, requireWatchOpen } from '../watch/index.ts';
import { makeRenditions, type PhotoRenditions } from './photo-images.ts';
import * as repo from './photo-repository.ts';

// Photo live (图片直播, seed 001 §7 "Photos"): an activity's photo lists, the photos photographers upload into them,
// and the watch page's photo tab. What viewers see changes over the chat socket as it changes here: published photos
// arrive (photosAdded), hidden and deleted ones leave (photosRemoved), and a reorder asks the tab to read again.

type Page = { page: number; pageSize: number };

/** A viewer scrolling a busy tab reads a page every few seconds; an address sharing a connection has room. */
const WATCH_READS_PER_ADDRESS: RateRule = { max: 300, windowMs: 60_000 };
/** Both pictures of a photo are JPEG, whatever was uploaded (a bucket serves them with this type). */
const JPEG = { contentType: 'image/jpeg' };

function toPhoto(ctx: AppContext, row: repo.PhotoRow): Photo {
  return {
    id: row.id,
    url: ctx.files.urlOf(row.displayKey),
    thumbUrl: ctx.files.urlOf(row.thumbKey),
    width: row.width,
    height: row.height,
    thumbWidth: row.thumbWidth,
    thumbHeight: row.thumbHeight,
    name: row.name,
    hidden: row.hidden,
    createdAt: row.createdAt.toISOString(),
  };
}

function toWatchPhoto(ctx: AppContext, row: repo.PhotoRow): WatchPhoto {
  const { id, url, thumbUrl, width, height, thumbWidth, thumbHeight, createdAt } = toPhoto(ctx, row);
  return { id, url, thumbUrl, width, height, thumbWidth, thumbHeight, createdAt };
}

const toList = (row: repo.ListRow): PhotoList => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The caller's list of its activity, or 404 (the activity first, so another agent's says Activity Not Found). */
async function ownList(db: Db, caller: Caller, activityId: number, listId: number): Promise<repo.ListRow> {
  await ownActivity(db, caller, activityId);
  const list = await repo.findList(db, caller, activityId, listId);
  if (!list) throw notFound(PHOTO_ERRORS.listNotFound);
  return list;
}

/** GET /v3/photo-list: the photo live application's table, across the caller's activities. */
export async function listAgentPhotoLists(
  db: Db,
  caller: Caller,
  query: Page & { activityId?: number; title?: string },
): Promise<PhotoListList> {
  if (query.activityId !== undefined) await ownActivity(db, caller, query.activityId);
  const { items, pager } = await repo.pageLists(db, caller, query, query);
  return { items: items.map(toList), pager };
}

/** GET /v3/activity/{id}/photo-list */
export async function listPhotoLists(db: Db, caller: Caller, activityId: number, query: Page): Promise<PhotoListList> {
  await ownActivity(db, caller, activityId);
  const { items, pager } = await repo.pageLists(db, caller, { activityId }, query);
  return { items: items.map(toList), pager };
}

/** POST /v3/activity/{id}/photo-list */
export async function createPhotoList(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  input: z.output<typeof photoListInput>,
): Promise<PhotoList> {
  await ownActivity(ctx.db, caller, activityId);
  if ((await repo.countListsOfActivity(ctx.db, activityId)) >= MAX_PHOTO_LISTS_PER_ACTIVITY) {
    throw badRequest(PHOTO_ERRORS.tooManyLists, ERROR_CODES.validation, 'title');
  }
  const listId = await repo.insertList(ctx.db, { activityId, agentId: caller.agentId, ...input });
  return toList(await ownList(ctx.db, caller, activityId, listId));
}

async function detail(ctx: AppContext, list: repo.ListRow, page: Page): Promise<PhotoListDetail> {
  const { items, pager } = await repo.pagePhotos(ctx.db, list.id, page, false);
  return { ...toList(list), photos: { items: items.map((row) => toPhoto(ctx, row)), pager } };
}

/** GET /v3/activity/{id}/photo-list/{listId} */
export async function getPhotoList(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  listId: number,
  page: Page,
): Promise<PhotoListDetail> {
  return detail(ctx, await ownList(ctx.db, caller, activityId, listId), page);
}

/**
 * PUT /v3/activity/{id}/photo-list/{listId}: the list's fields, and its photos' order, visibility and deletion. A
 * deleted photo's pictures (the display one and the thumbnail: the upload itself is never kept) are removed once its
 * row is gone; one that cannot be removed is tried again in the background and logged, and the edit stands.
 */
export async function updatePhotoList(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  listId: number,
  body: z.output<typeof photoListUpdate>,
  log: (line: string) => void,
): Promise<PhotoListDetail> {
  const list = await ownList(ctx.db, caller, activityId, listId);
  const { title, description } = body;
  const order = body.order ?? [];
  const hide = body.hide ?? [];
  const show = body.show ?? [];
  const remove = body.remove ?? [];
  const both = hide.find((photoId) => show.includes(photoId));
  if (both !== undefined) throw invalidField('show', `Photo ${both} cannot be hidden and shown at once`);
  const named = [...new Set([...order, ...hide, ...show, ...remove])];
  const found = new Map((await repo.photosOfList(ctx.db, listId, named)).map((row) => [row.id, row]));
  // A photo of another list (or another agent's) is not found here, as its list would not be.
  if (named.some((photoId) => !found.has(photoId))) throw notFound(PHOTO_ERRORS.photoNotFound);

  // The named photos take the places they held among themselves, in the order given (top first).
  // A cover that was one of the deleted photos goes with it.
  const removedUrls = new Set(
    remove.flatMap((photoId) => {
      const row = found.get(photoId) as repo.PhotoRow;
      return [ctx.files.urlOf(row.displayKey), ctx.files.urlOf(row.thumbKey)];
    }),
  );
  const cover = removedUrls.has(body.cover ?? list.cover) ? '' : body.cover;

  const places = order.map((photoId) => found.get(photoId)?.position ?? 0).sort((a, b) => b - a);
  const positions = new Map(order.map((photoId, index) => [photoId, places[index] as number]));
  const removedKeys = await repo.applyChanges(ctx.db, listId, {
    list: {
      ...(title === undefined ? {} : { title }),
      ...(description === undefined ? {} : { description }),
      ...(cover === undefined ? {} : { cover }),
    },
    hide,
    show,
    remove,
    positions,
  });
  await removeStoredFiles(ctx.files, removedKeys, { log });

  // What the viewers' tab holds changes with the published photos only.
  const gone = new Set(remove.filter((photoId) => !found.get(photoId)?.hidden));
  for (const photoId of hide) if (!found.get(photoId)?.hidden && !remove.includes(photoId)) gone.add(photoId);
  const back = show
    .map((photoId) => found.get(photoId) as repo.PhotoRow)
    .filter((row) => row.hidden && !remove.includes(row.id));
  if (gone.size) publishToViewers(ctx, activityId, { type: 'photosRemoved', listId, ids: [...gone] });
  if (back.length) {
    publishToViewers(ctx, activityId, {
      type: 'photosAdded',
      listId,
      photos: back.map((row) => toWatchPhoto(ctx, { ...row, hidden: false })),
    });
  }
  if (order.length) publishToViewers(ctx, activityId, { type: 'photosReordered', listId });
  const updated = await ownList(ctx.db, caller, activityId, listId);
  return detail(ctx, updated, { page: 1, pageSize: PHOTO_PAGE_SIZE });
}

/** One file of an upload as the route reads it: its name and its bytes (null when it was over the size limit). */
export interface UploadedFile {
  filename: string;
  data: Buffer | null;
}

/**
 * POST /v3/activity/{id}/photo-list/{listId}/photo: the list is checked before any file is read; each file is turned
 * into its display picture and thumbnail as it arrives (one original in memory at a time); a refused file refuses
 * the upload and nothing of it is stored.
 */
export async function uploadPhotos(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  listId: number,
  files: () => AsyncIterable<UploadedFile>,
  log: (line: string) => void,
): Promise<UploadedPhotos> {
  const list = await ownList(ctx.db, caller, activityId, listId);
  const made: { name: string; renditions: PhotoRenditions }[] = [];
  for await (const file of files()) {
    if (made.length >= MAX_PHOTOS_PER_UPLOAD) throw invalidField('file', PHOTO_ERRORS.tooManyFiles);
    if (file.data === null) throw invalidField('file', PHOTO_ERRORS.tooLarge);
    if (file.data.length === 0) throw invalidField('file', PHOTO_ERRORS.notPhoto);
    made.push({ name: file.filename.slice(0, 200), renditions: await makeRenditions(file.data) });
  }
  if (!made.length) throw invalidField('file', PHOTO_ERRORS.noFiles);
  if (list.photoCount + made.length > MAX_PHOTOS_PER_LIST) throw invalidField('file', PHOTO_ERRORS.listFull);
  await assertStorageQuota(ctx, caller.agentId);

  const stored: string[] = [];
  try {
    const photos: repo.NewPhoto[] = [];
    for (const { name, renditions } of made) {
      const stem = `${activityPhotoFolder(activityId)}${listId}/${Date.now().toString(36)}${randomToken(6)}`;
      const displayKey = `${stem}.jpg`;
      const thumbKey = `${stem}-thumb.jpg`;
      stored.push(displayKey);
      await ctx.files.put(displayKey, Readable.from([renditions.display.data]), JPEG);
      stored.push(thumbKey);
      await ctx.files.put(thumbKey, Readable.from([renditions.thumb.data]), JPEG);
      photos.push({
        name,
        displayKey,
        thumbKey,
        width: renditions.display.width,
        height: renditions.display.height,
        thumbWidth: renditions.thumb.width,
        thumbHeight: renditions.thumb.height,
        bytes: renditions.display.data.length + renditions.thumb.data.length,
      });
    }
    const rows = await repo.insertPhotos(ctx.db, { id: listId, activityId, agentId: caller.agentId }, photos);
    publishToViewers(ctx, activityId, {
      type: 'photosAdded',
      listId,
      photos: rows.map((row) => toWatchPhoto(ctx, row)),
    });
    return { items: rows.map((row) => toPhoto(ctx, row)) };
  } catch (error) {
    // What was stored goes, and the upload's own failure is the answer (never one of removing its files).
    await removeStoredFiles(ctx.files, stored, { log });
    throw error;
  }
}

/** GET /api/watch/{id}/photo-list/{listId}: a list of an activity its audience may see, its published photos only. */
export async function getWatchPhotoList(
  ctx: AppContext,
  activityId: number,
  listId: number,
  page: Page,
  ip: string,
  viewer: GateViewer,
): Promise<WatchPhotoList> {
  const wait = await take(ctx.limits, WATCH_READS_PER_ADDRESS, `photo-list:ip:${ip}`);
  if (wait !== null) throw tooManyRequests(PHOTO_ERRORS.readLimit, ERROR_CODES.rateLimited, wait);
  // The photos are the event's as much as its stream: past the page's gates only (watch code, mobiles, form, payment).
  await requireWatchOpen(ctx, activityId, viewer);
  const list = await repo.findPublicList(ctx.db, activityId, listId);
  if (!list) throw notFound(PHOTO_ERRORS.listNotFound);
  const { items, pager } = await repo.pagePhotos(ctx.db, listId, page, true);
  return { ...list, photos: { items: items.map((row) => toWatchPhoto(ctx, row)), pager } };
}
