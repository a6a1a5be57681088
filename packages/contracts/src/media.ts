import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, pageQuery } from './common.ts';
import { GLOBAL_MEDIA_SLOTS, LIVE_MEDIA_SLOTS, MEDIA_PAGE_SIZE } from './constants.ts';

// Media: videos and audio the agent plays on its pages. A media made from a stored upload is transcoded to HLS by the
// server (pending -> transcoding -> ready | failed); one made from an outside address is ready as it is.

export const MEDIA_ERRORS = {
  mediaNotFound: 'Media Not Found',
  notRetryable: 'Only a failed transcode can be retried',
} as const;

export const MEDIA_STATUSES = ['pending', 'transcoding', 'ready', 'failed'] as const;
export const mediaStatus = z.enum(MEDIA_STATUSES);
export type MediaStatus = z.infer<typeof mediaStatus>;

/** GET /v3/media/{id}. */
export const media = z.object({
  id: z.number().int(),
  activityId: z.number().int().nullable(),
  name: z.string(),
  status: mediaStatus,
  /** Why the last transcode failed ('' otherwise). */
  error: z.string(),
  /** The stored upload's filepath, or the outside address. */
  source: z.string(),
  sourceKind: z.enum(['upload', 'url']),
  /** Where the source is served. */
  sourceUrl: z.string(),
  /** The playable address: the HLS playlist once ready ('' before). */
  url: z.string(),
  format: z.enum(['hls', 'source']),
  durationSeconds: z.number().nullable(),
  /** Bytes of the transcoded output (0 before it exists). */
  sizeBytes: z.number().int(),
  attempts: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Media = z.infer<typeof media>;
export const mediaList = listOf(media);
export type MediaList = z.infer<typeof mediaList>;
export const mediaListQuery = pageQuery(MEDIA_PAGE_SIZE).extend({
  activityId: id.optional(),
  status: mediaStatus.optional(),
});
export type MediaListQuery = z.infer<typeof mediaListQuery>;

/** POST /v3/media: a media from an upload's filepath (transcoded) or from an http(s) address (played as it is). */
export const mediaCreate = z
  .object({
    filepath: z.string().trim().min(1).max(500).optional(),
    url: z
      .string()
      .trim()
      .max(1000)
      .regex(/^https?:\/\/\S+$/, 'url must be an http or https address')
      .optional(),
    name: z.string().trim().max(100, 'Name must be at most 100 characters').default(''),
    activityId: id.nullable().default(null),
  })
  .refine((body) => Boolean(body.filepath) !== Boolean(body.url), {
    path: ['filepath'],
    message: 'Give either filepath or url',
  });
export type MediaCreate = z.infer<typeof mediaCreate>;

// ---------------------------------------------------------------------------------------------------------------
// Media slots: the live media lists (keys '0' and '1', 8 slots each), the overall media (20) and the default media

/** A slot as sent: a media of the agent's (its name and address are taken from it) or an outside address. */
export const mediaSlotInput = z
  .object({
    mediaId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
    url: z.string().trim().max(1000).default(''),
    name: z.string().trim().max(100).default(''),
  })
  .nullable();
export type MediaSlotInput = z.infer<typeof mediaSlotInput>;

/** A slot as answered; null is an empty slot. */
export const mediaSlot = z
  .object({
    mediaId: z.number().int().nullable(),
    url: z.string(),
    name: z.string(),
    status: mediaStatus.nullable(),
  })
  .nullable();
export type MediaSlot = z.infer<typeof mediaSlot>;

const slotsInput = (size: number) => z.array(mediaSlotInput).max(size, `At most ${size} slots`);

export const liveMediaListsInput = z.object({
  '0': slotsInput(LIVE_MEDIA_SLOTS).default([]),
  '1': slotsInput(LIVE_MEDIA_SLOTS).default([]),
});
export const liveMediaLists = z.object({ '0': z.array(mediaSlot), '1': z.array(mediaSlot) });
export type LiveMediaLists = z.infer<typeof liveMediaLists>;

export const liveMediaQuery = z.object({ activityId: id });
/** GET/PUT /v3/agent/media?activityId: an activity without its own lists shows the agent's default media. */
export const liveMedia = z.object({
  activityId: z.number().int(),
  isDefault: z.boolean(),
  lists: liveMediaLists,
});
export type LiveMedia = z.infer<typeof liveMedia>;
export const liveMediaUpdate = z.object({ lists: liveMediaListsInput });
export type LiveMediaUpdate = z.infer<typeof liveMediaUpdate>;

/** GET/PUT /v3/agent/default-media: the lists a new activity starts from. */
export const defaultMedia = z.object({ lists: liveMediaLists });
export type DefaultMedia = z.infer<typeof defaultMedia>;
export const defaultMediaUpdate = z.object({ lists: liveMediaListsInput });

/** GET/PUT /v3/agent/global-media: the overall media, 20 slots. */
export const globalMedia = z.object({ items: z.array(mediaSlot) });
export type GlobalMedia = z.infer<typeof globalMedia>;
export const globalMediaUpdate = z.object({ items: slotsInput(GLOBAL_MEDIA_SLOTS) });

// ---------------------------------------------------------------------------------------------------------------
// Playlist (GET/PUT /activity/{id}/playlist)

export const playlistItemInput = z.object({
  mediaId: z.number().int().positive().max(2_147_483_647),
  title: z.string().trim().max(100).default(''),
});
/** PUT /activity/{id}/playlist: the media played in order (loop: start again after the last). */
export const playlistUpdate = z.object({
  items: z.array(playlistItemInput).max(100, 'At most 100 entries'),
  loop: z.boolean().default(false),
});
export type PlaylistUpdate = z.infer<typeof playlistUpdate>;
export const playlistItem = z.object({
  mediaId: z.number().int(),
  title: z.string(),
  /** The media's name, status and playable address as they are now. */
  name: z.string(),
  status: z.string(),
  url: z.string(),
  durationSeconds: z.number().nullable(),
});
export const playlist = z.object({ items: z.array(playlistItem), loop: z.boolean() });
export type Playlist = z.infer<typeof playlist>;

// ---------------------------------------------------------------------------------------------------------------
// Storage and sync

/** GET /agent/storageUsage: what the agent's files take up under the file store, counted on disk. */
export const storageUsage = z.object({
  bytes: z.number().int(),
  files: z.number().int(),
  /** The same split by what the files are for. */
  byKind: z.object({
    uploads: z.number().int(),
    activities: z.number().int(),
    media: z.number().int(),
  }),
});
export type StorageUsage = z.infer<typeof storageUsage>;

/** POST /video/sync: stored video and audio uploads that have no media yet become media (and are transcoded). */
export const videoSyncBody = z.object({ activityId: id.optional() }).nullish();
export const videoSyncResult = z.object({ scanned: z.number().int(), items: z.array(media) });
export type VideoSyncResult = z.infer<typeof videoSyncResult>;

export const mediaCalls = defineCalls('media', {
  listMedia: {
    method: 'GET',
    path: '/v3/media',
    summary: 'The agent’s media library, newest first, optionally one activity’s or one status',
    access: 'signedIn',
    query: mediaListQuery,
    response: mediaList,
  },
  createMedia: {
    method: 'POST',
    path: '/v3/media',
    summary: 'Make a media from a stored upload (and start its transcode) or from an outside address',
    access: 'signedIn',
    body: mediaCreate,
    response: media,
  },
  getMedia: {
    method: 'GET',
    path: '/v3/media/:id',
    summary: 'One media with its transcode status',
    access: 'signedIn',
    params: idParams,
    response: media,
  },
  retryTranscode: {
    method: 'POST',
    path: '/v3/media/:id/transcode-retry',
    summary: 'Transcode a media whose transcode failed again',
    access: 'signedIn',
    params: idParams,
    response: media,
  },
  syncVideos: {
    method: 'POST',
    path: '/video/sync',
    summary: 'Make media of the stored video and audio uploads that have none yet',
    access: 'signedIn',
    body: videoSyncBody,
    response: videoSyncResult,
  },
  getStorageUsage: {
    method: 'GET',
    path: '/agent/storageUsage',
    summary: 'What the agent’s files take up on disk, by what they are for',
    access: 'signedIn',
    response: storageUsage,
  },
  getLiveMedia: {
    method: 'GET',
    path: '/v3/agent/media',
    summary: 'An activity’s prologue and epilogue media (the agent’s default media where it has none)',
    access: 'signedIn',
    query: liveMediaQuery,
    response: liveMedia,
  },
  updateLiveMedia: {
    method: 'PUT',
    path: '/v3/agent/media',
    summary: 'Set an activity’s prologue and epilogue media',
    access: 'signedIn',
    query: liveMediaQuery,
    body: liveMediaUpdate,
    response: liveMedia,
  },
  // The agent's default and overall media reach all its activities: a sub-account reads them, the main account sets them.
  getGlobalMedia: {
    method: 'GET',
    path: '/v3/agent/global-media',
    summary: 'The agent’s overall media, shared by all its activities',
    access: 'signedIn',
    response: globalMedia,
  },
  updateGlobalMedia: {
    method: 'PUT',
    path: '/v3/agent/global-media',
    summary: 'Set the agent’s overall media',
    access: 'mainAccount',
    body: globalMediaUpdate,
    response: globalMedia,
  },
  getDefaultMedia: {
    method: 'GET',
    path: '/v3/agent/default-media',
    summary: 'The prologue and epilogue media of activities without their own',
    access: 'signedIn',
    response: defaultMedia,
  },
  updateDefaultMedia: {
    method: 'PUT',
    path: '/v3/agent/default-media',
    summary: 'Set the prologue and epilogue media of activities without their own',
    access: 'mainAccount',
    body: defaultMediaUpdate,
    response: defaultMedia,
  },
  getPlaylist: {
    method: 'GET',
    path: '/activity/:id/playlist',
    summary: 'The media the activity plays in order',
    access: 'signedIn',
    params: idParams,
    response: playlist,
  },
  updatePlaylist: {
    method: 'PUT',
    path: '/activity/:id/playlist',
    summary: 'Set the media the activity plays in order, and whether it loops',
    access: 'signedIn',
    params: idParams,
    body: playlistUpdate,
    response: playlist,
  },
});
