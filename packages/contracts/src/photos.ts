import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, pageQuery } from './common.ts';
import { imagePath } from './page-template.ts';

// Photo live (图片直播, seed 001 §2 "Photo list", §3 "Product and photo list", §7 "Photos"; the intro tab types
// photoLive and photoContent name a list by photoListId): an activity's photo lists, which photographers fill during
// the event. Each upload is turned into a thumbnail and a display picture (orientation applied, metadata such as the
// GPS position dropped) and reaches the viewers' open photo tab over the chat socket.

export const PHOTO_LIST_TITLE_MAX = 60;
export const PHOTO_LIST_DESCRIPTION_MAX = 500;
/** Lists an activity may hold: enough for a day per list of a long event. */
export const MAX_PHOTO_LISTS_PER_ACTIVITY = 50;
/** Photos one list may hold. */
export const MAX_PHOTOS_PER_LIST = 5000;
/** Files one upload request may carry; the console sends them one by one for the progress bar. */
export const MAX_PHOTOS_PER_UPLOAD = 10;
/** A camera's JPEG is 5 to 15 MB; 20 MB leaves room and bounds what one file costs to read. */
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
/** A decoded picture larger than this (about 8000 × 6000) is refused before it fills memory. */
export const PHOTO_MAX_PIXELS = 50_000_000;
/** The grid's thumbnails are this wide; the viewer's full-size picture fits in this square. */
export const PHOTO_THUMB_WIDTH = 400;
export const PHOTO_DISPLAY_SIZE = 1600;
export const PHOTO_PAGE_SIZE = 30;
export const PHOTO_LIST_PAGE_SIZE = 10;
/** What the upload accepts (checked by the file's bytes, not its name). HEIC is refused with its own message. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The server's messages (English, exact); the console shows Chinese texts for them. */
export const PHOTO_ERRORS = {
  listNotFound: 'Photo List Not Found',
  photoNotFound: 'Photo Not Found',
  titleRequired: 'Photo list title is required',
  titleTooLong: 'Photo list title is too long',
  tooManyLists: 'An activity holds at most 50 photo lists',
  listFull: 'A photo list holds at most 5000 photos',
  heic: 'HEIC photos are not accepted: export them as JPEG',
  notPhoto: 'File is not a JPEG, PNG or WebP photo',
  tooLarge: 'Photo is larger than 20 MB',
  tooManyPixels: 'Photo has too many pixels',
  noFiles: 'Choose at least one photo',
  tooManyFiles: 'At most 10 photos in one upload',
  orderNotWhole: 'An order names each photo once',
  readLimit: 'Too many photo list reads',
} as const;

/**
 * A list's cover: none, a path of this site, or an http(s) address (a photo's own address is one of them, also when
 * the files are served from a bucket). Only a browser loads it; the server never fetches it.
 */
export const photoListCover = imagePath.refine(
  (value) => value === '' || (/^(https?:\/\/|\/)[^\s"'<>\\]*$/i.test(value) && !value.includes('..')),
  'Cover must be a picture address of this site or an http(s) address',
);

export const photoListTitle = z
  .string()
  .trim()
  .min(1, PHOTO_ERRORS.titleRequired)
  .max(PHOTO_LIST_TITLE_MAX, PHOTO_ERRORS.titleTooLong);
const photoListDescription = z
  .string()
  .trim()
  .max(PHOTO_LIST_DESCRIPTION_MAX, `Description must be at most ${PHOTO_LIST_DESCRIPTION_MAX} characters`);

/** A photo as the console shows it (hidden ones too). */
export const photo = z.object({
  id: z.number().int(),
  /** The display picture (at most PHOTO_DISPLAY_SIZE on its long side). */
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbWidth: z.number().int(),
  thumbHeight: z.number().int(),
  /** The uploaded file's name, for the photographer. */
  name: z.string(),
  hidden: z.boolean(),
  createdAt: isoDateTime,
});
export type Photo = z.infer<typeof photo>;
export const photoPage = listOf(photo);

/** A photo as the watch page's tab shows it: published ones only, nothing of the uploaded file. */
export const watchPhoto = photo.pick({
  id: true,
  url: true,
  thumbUrl: true,
  width: true,
  height: true,
  thumbWidth: true,
  thumbHeight: true,
  createdAt: true,
});
export type WatchPhoto = z.infer<typeof watchPhoto>;

export const photoList = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  activityName: z.string(),
  title: z.string(),
  description: z.string(),
  cover: z.string(),
  /** All its photos, hidden ones included. */
  photoCount: z.number().int(),
  hiddenCount: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type PhotoList = z.infer<typeof photoList>;
export const photoListList = listOf(photoList);
export type PhotoListList = z.infer<typeof photoListList>;

/** One list with a page of its photos, in their order: newest first unless reordered. */
export const photoListDetail = photoList.extend({ photos: photoPage });
export type PhotoListDetail = z.infer<typeof photoListDetail>;

export const photoListInput = z.object({
  title: photoListTitle,
  description: photoListDescription.default(''),
  cover: photoListCover.default(''),
});
export type PhotoListInput = z.input<typeof photoListInput>;

const photoIds = z.array(id).max(MAX_PHOTOS_PER_LIST, `At most ${MAX_PHOTOS_PER_LIST} photos`);

/**
 * PUT /v3/activity/{id}/photo-list/{listId}: every part optional. `order` names photos top first: they take the
 * places the same photos held, in that order (so a page of them can be reordered alone); `hide` and `show` publish or
 * withdraw photos; `remove` deletes them with their files. Every id must be a photo of this list.
 */
export const photoListUpdate = z
  .object({
    title: photoListTitle.optional(),
    description: photoListDescription.optional(),
    cover: photoListCover.optional(),
    order: photoIds.optional(),
    hide: photoIds.optional(),
    show: photoIds.optional(),
    remove: photoIds.optional(),
  })
  .refine((body) => !body.order || new Set(body.order).size === body.order.length, {
    message: PHOTO_ERRORS.orderNotWhole,
    path: ['order'],
  });
export type PhotoListUpdate = z.input<typeof photoListUpdate>;

export const photoListParams = z.object({ id, listId: id });
export const photoListQuery = pageQuery(PHOTO_LIST_PAGE_SIZE).extend({
  activityId: id.optional(),
  title: z.string().trim().max(PHOTO_LIST_TITLE_MAX).optional(),
});
export const photoPageQuery = pageQuery(PHOTO_PAGE_SIZE, 100);
export const uploadedPhotos = z.object({ items: z.array(photo) });
export type UploadedPhotos = z.infer<typeof uploadedPhotos>;

/** The watch page's tab: the list's title and a page of its published photos. */
export const watchPhotoList = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  cover: z.string(),
  photos: listOf(watchPhoto),
});
export type WatchPhotoList = z.infer<typeof watchPhotoList>;

export const photoCalls = defineCalls('photos', {
  listAgentPhotoLists: {
    method: 'GET',
    path: '/v3/photo-list',
    summary: 'The photo lists of the caller’s activities, newest first (the photo live application)',
    access: 'signedIn',
    query: photoListQuery,
    response: photoListList,
  },
  listPhotoLists: {
    method: 'GET',
    path: '/v3/activity/:id/photo-list',
    summary: 'An activity’s photo lists, newest first',
    access: 'signedIn',
    params: idParams,
    query: pageQuery(100, 100),
    response: photoListList,
  },
  createPhotoList: {
    method: 'POST',
    path: '/v3/activity/:id/photo-list',
    summary: 'Create a photo list for the activity; its id is the intro tab’s photoListId',
    access: 'signedIn',
    params: idParams,
    body: photoListInput,
    response: photoList,
  },
  getPhotoList: {
    method: 'GET',
    path: '/v3/activity/:id/photo-list/:listId',
    summary: 'A photo list with a page of its photos, hidden ones included, in their order',
    access: 'signedIn',
    params: photoListParams,
    query: photoPageQuery,
    response: photoListDetail,
  },
  updatePhotoList: {
    method: 'PUT',
    path: '/v3/activity/:id/photo-list/:listId',
    summary: 'Edit a photo list, and order, hide, show or delete its photos; viewers see the change at once',
    access: 'signedIn',
    params: photoListParams,
    body: photoListUpdate,
    response: photoListDetail,
  },
  uploadPhotos: {
    method: 'POST',
    path: '/v3/activity/:id/photo-list/:listId/photo',
    summary: 'Upload photos (multipart, up to 10 files of 20 MB); thumbnails are made and viewers see them at once',
    access: 'signedIn',
    params: photoListParams,
    response: uploadedPhotos,
  },
  getWatchPhotoList: {
    method: 'GET',
    path: '/watch/:id/photo-list/:listId',
    summary: 'A photo list’s published photos as the watch page’s photo tab shows them',
    access: 'public',
    params: photoListParams,
    query: photoPageQuery,
    response: watchPhotoList,
  },
});
