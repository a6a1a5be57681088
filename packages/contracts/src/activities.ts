import { z } from 'zod';
import { activityUsage } from './activity-usage.ts';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, isoDateTimeInput, listOf, ok } from './common.ts';
import { ACTIVITY_PAGE_SIZE } from './constants.ts';

export const activityType = z.enum(['live', 'video']);
export const activityProgress = z.enum(['NotStart', 'OnGoing', 'Ended']);

/** An activity (channel) as the lists show it. */
export const activitySummary = z.object({
  id: z.number().int(),
  name: z.string(),
  type: activityType,
  status: z.string(),
  progress: activityProgress,
  isPushing: z.boolean(),
  isArchived: z.boolean(),
  groupId: z.number().int().nullable(),
  subagentId: z.number().int().nullable(),
  catalogId: z.number().int().nullable(),
  categoryId: z.number().int().nullable(),
  cover: z.string(),
  /** What the activity has cost so far, shown per activity in the list. */
  spend: z.number(),
  startedAt: isoDateTime.nullable(),
  /** null when the stored endedAt is FAR_FUTURE_ENDED_AT (no end date). */
  endedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type ActivitySummary = z.infer<typeof activitySummary>;

const flag = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());

/** GET /activity: every parameter of seed 001 §7. status: unenabled | enabled | -1 (see activityStatusFilter). */
export const activityListQuery = z.object({
  name: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ACTIVITY_PAGE_SIZE),
  isArchived: flag.optional(),
  status: z.enum(['unenabled', 'enabled', '-1']).optional(),
  type: activityType.optional(),
  requireTemplate: flag.optional(),
  orderBy: z.string().max(100).optional(),
  groupId: z.coerce.number().int().optional(),
  subagentId: z.coerce.number().int().optional(),
  activityId: id.optional(),
  /** The activities in this catalog's chapters (seed 001 §7). */
  catalogId: id.optional(),
});
export type ActivityListQuery = z.infer<typeof activityListQuery>;
/** The sub-account an activity belongs to, with its credentials (seed 001 §3); the password for the main account only. */
export const activitySubagent = z.object({
  id: z.number().int(),
  username: z.string(),
  cleartextPassword: z.string().nullable(),
});
export type ActivitySubagent = z.infer<typeof activitySubagent>;
/** A row of the activity list: the summary with its sub-account's credentials (null when it has none). */
export const activityListItem = activitySummary.extend({ subagent: activitySubagent.nullable() });
export type ActivityListItem = z.infer<typeof activityListItem>;
export const activityList = listOf(activityListItem);
export type ActivityList = z.infer<typeof activityList>;

/** The status filter of the activity list (seed 001 §4). */
export function activityStatusFilter(status: ActivityListQuery['status']) {
  if (status === 'unenabled') return { status: 'enabled', progress: 'NotStart' } as const;
  if (status === 'enabled') return { status: 'enabled', progress: 'OnGoing' } as const;
  return null;
}

export const category = z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable() });
export type Category = z.infer<typeof category>;
export const categoryList = z.object({ items: z.array(category) });

/** Playback qualities: the pushed original, and the 标清 rendition while live transcoding runs. */
export const RENDITION_NAMES = ['origin', 'sd'] as const;
export const renditionName = z.enum(RENDITION_NAMES);
export type RenditionName = z.infer<typeof renditionName>;
/** The transcoded rendition is published as a second stream of the same app: <stream>_sd. */
export const SD_STREAM_SUFFIX = '_sd';
export const rendition = z.object({ name: renditionName, flv: z.string(), hls: z.string() });
export type Rendition = z.infer<typeof rendition>;
/** The seed's pullSource (HTTP-FLV, plus HLS) and the renditions that are really live right now. */
export const pullSource = z.object({ flv: z.string(), hls: z.string(), renditions: z.array(rendition) });
export type PullSource = z.infer<typeof pullSource>;

/** Where the host pushes and where viewers pull: built from pushDomain/pullDomain, app and stream (seed 000 §3). */
export const activityStream = z.object({
  app: z.string(),
  stream: z.string(),
  pushDomain: z.string(),
  pullDomain: z.string(),
  /** The RTMP server address for OBS ("服务器"). */
  pushServer: z.string(),
  /** The stream name with its secret key for OBS ("串流密钥"). */
  pushStreamKey: z.string(),
  /** The full push URL for ffmpeg: pushServer + '/' + pushStreamKey. */
  pushUrl: z.string(),
  pullSource,
});
export type ActivityStream = z.infer<typeof activityStream>;

export const liveMode = z.enum(['pull', 'relay']);
export const activityMeta = z.object({ liveMode: liveMode.default('pull'), relayUrl: z.string().default('') });
export type ActivityMeta = z.infer<typeof activityMeta>;

/** One activity with what its board needs (GET /activity/{id}). */
export const activityDetail = activitySummary.extend({
  agentId: z.number().int(),
  /** As on a list row: the sub-account's credentials, the password for the main account only. */
  subagent: activitySubagent.nullable(),
  meta: activityMeta,
  stream: activityStream,
});
export type ActivityDetail = z.infer<typeof activityDetail>;

const optionalRef = z.number().int().positive().nullable();

/** Create (POST /activity) and edit (PUT /activity/{id}); a null endedAt means no end date. */
export const activityInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters'),
  type: activityType.default('live'),
  startedAt: isoDateTimeInput.nullable().default(null),
  endedAt: isoDateTimeInput.nullable().default(null),
  categoryId: optionalRef.default(null),
  groupId: optionalRef.default(null),
  subagentId: optionalRef.default(null),
  cover: z.string().max(500).default(''),
});
export type ActivityInput = z.infer<typeof activityInput>;
export const activityUpdate = activityInput.partial();
export type ActivityUpdate = z.infer<typeof activityUpdate>;

export const activityIds = z.object({ ids: z.array(id).min(1, 'Choose at least one activity').max(100) });
export const archiveBody = z.object({ isArchived: z.boolean() });

export const activityGroup = z.object({ id: z.number().int(), name: z.string(), activityCount: z.number().int() });
export type ActivityGroup = z.infer<typeof activityGroup>;
export const activityGroupList = z.object({ items: z.array(activityGroup) });
export const activityGroupInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(30, 'Name must be at most 30 characters'),
});

/** POST /v3/activity/{id}/duplicate: a copy, optionally under a given name. */
export const duplicateBody = z.object({ name: activityInput.shape.name.optional() });

/** POST /v3/activity/bulk-activity: several activities at once, all or none. */
export const BULK_ACTIVITIES_MAX = 50;
export const bulkActivityBody = z.object({ activities: z.array(activityInput).min(1).max(BULK_ACTIVITIES_MAX) });
export const bulkActivityResult = z.object({ items: z.array(activityDetail) });

/** The sub-accounts the list can filter by (the console adds 所属子账号, id -1). */
export const activitySubagentOption = z.object({ id: z.number().int(), remark: z.string() });
export type ActivitySubagentOption = z.infer<typeof activitySubagentOption>;
export const activitySubagentList = z.object({ items: z.array(activitySubagentOption) });

export const activityCalls = defineCalls('activities', {
  listActivities: {
    method: 'GET',
    path: '/activity',
    summary: 'The activities the caller may see, filtered and paged, pushing ones first',
    access: 'signedIn',
    query: activityListQuery,
    response: activityList,
  },
  createActivity: {
    method: 'POST',
    path: '/activity',
    summary: 'Create an activity with its stream',
    access: 'signedIn',
    body: activityInput,
    response: activityDetail,
  },
  deleteActivities: {
    method: 'DELETE',
    path: '/activity',
    summary: 'Delete several activities at once',
    access: 'signedIn',
    body: activityIds,
    response: ok,
  },
  getActivity: {
    method: 'GET',
    path: '/activity/:id',
    summary: 'One activity with its stream addresses, for its board',
    access: 'signedIn',
    params: idParams,
    response: activityDetail,
  },
  updateActivity: {
    method: 'PUT',
    path: '/activity/:id',
    summary: 'Change an activity’s name, type, schedule, category, group, sub-account or cover',
    access: 'signedIn',
    params: idParams,
    body: activityUpdate,
    response: activityDetail,
  },
  deleteActivity: {
    method: 'DELETE',
    path: '/activity/:id',
    summary: 'Delete one activity',
    access: 'signedIn',
    params: idParams,
    response: ok,
  },
  archiveActivity: {
    method: 'PUT',
    path: '/activity/:id/archive',
    summary: 'Archive an activity or bring it back',
    access: 'signedIn',
    params: idParams,
    body: archiveBody,
    response: activityDetail,
  },
  copyActivity: {
    method: 'POST',
    path: '/activity/:id/copy',
    summary: 'Copy an activity under the first free “(副本 n)” name',
    access: 'signedIn',
    params: idParams,
    response: activityDetail,
  },
  copyChannel: {
    method: 'POST',
    path: '/activity/:id/copy-channel',
    summary: 'A new activity with the channel’s settings only',
    access: 'signedIn',
    params: idParams,
    response: activityDetail,
  },
  listActivitySubagents: {
    method: 'GET',
    path: '/activity/subagent',
    summary: 'The sub-accounts the activity list can filter by',
    access: 'signedIn',
    response: activitySubagentList,
  },
  duplicateActivity: {
    method: 'POST',
    path: '/v3/activity/:id/duplicate',
    summary: 'Copy an activity with its configuration, optionally under a given name',
    access: 'signedIn',
    params: idParams,
    body: duplicateBody,
    response: activityDetail,
  },
  createActivities: {
    method: 'POST',
    path: '/v3/activity/bulk-activity',
    summary: 'Create several activities at once, all or none',
    access: 'signedIn',
    body: bulkActivityBody,
    response: bulkActivityResult,
  },
  destroyActivity: {
    method: 'POST',
    path: '/v3/activity/:id/destroy',
    summary: 'Remove an activity for good with everything it owns',
    access: 'signedIn',
    params: idParams,
    response: ok,
  },
  getActivityUsage: {
    method: 'GET',
    path: '/v3/activity/:id/usage',
    summary: 'What an activity really used: pushes, relays, playback bytes, viewers, storage and visits',
    access: 'signedIn',
    params: idParams,
    response: activityUsage,
  },
  listCategories: {
    method: 'GET',
    path: '/category/',
    summary: 'The activity categories',
    access: 'signedIn',
    response: categoryList,
  },
  listActivityGroups: {
    method: 'GET',
    path: '/agent/activity-group',
    summary: 'The agent’s activity groups with their activity counts',
    access: 'signedIn',
    response: activityGroupList,
  },
  createActivityGroup: {
    method: 'POST',
    path: '/agent/activity-group',
    summary: 'Add an activity group',
    access: 'mainAccount',
    body: activityGroupInput,
    response: activityGroup,
  },
  renameActivityGroup: {
    method: 'PUT',
    path: '/agent/activity-group/:id',
    summary: 'Rename an activity group',
    access: 'mainAccount',
    params: idParams,
    body: activityGroupInput,
    response: activityGroup,
  },
  deleteActivityGroup: {
    method: 'DELETE',
    path: '/agent/activity-group/:id',
    summary: 'Delete an activity group; its activities stay, in no group',
    access: 'mainAccount',
    params: idParams,
    response: ok,
  },
});

/** A push the media server is receiving for an activity (GET /activity/{id}/ingest). */
export const ingestEntry = z.object({
  publisherId: z.number().int(),
  remoteAddress: z.string(),
  startedAt: isoDateTime,
  bytesIn: z.number().int(),
  viewers: z.number().int(),
  hasVideo: z.boolean(),
  hasAudio: z.boolean(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  frameRate: z.number().nullable(),
});
export type IngestEntry = z.infer<typeof ingestEntry>;
/** embedded: the process's own RTMP server knows the pushes; external: a media server's webhooks only say on/off. */
export const ingestList = z.object({
  mode: z.enum(['embedded', 'external']),
  isPushing: z.boolean(),
  items: z.array(ingestEntry),
});
export type IngestList = z.infer<typeof ingestList>;

/** PUT /activity/{id}/live-mode: pull (the host pushes) or relay (the server pulls relayUrl into the ingest). */
export const liveModeBody = z
  .object({
    liveMode,
    relayUrl: z
      .string()
      .trim()
      .max(1000)
      .regex(/^(rtmps?|https?|srt):\/\/\S+$/, 'relayUrl must be an rtmp, rtmps, http, https or srt address')
      .optional(),
  })
  .refine((body) => body.liveMode !== 'relay' || Boolean(body.relayUrl), {
    path: ['relayUrl'],
    message: 'relayUrl is required for relay mode',
  });
export type LiveModeBody = z.infer<typeof liveModeBody>;

export const STREAM_JOB_KINDS = ['relay', 'transcode'] as const;
/**
 * Why a stream job failed, from a fixed set: a relay never stores what its source's server answered (issue 8), so
 * a failed relay cannot be read back as a port scanner. The console shows each in Chinese.
 */
export const STREAM_JOB_FAILURES = {
  refused: 'source refused',
  unreachable: 'source unreachable',
  timeout: 'source sent nothing in time',
  invalidStream: 'not a playable stream',
  busy: 'too many ffmpeg jobs',
  noFfmpeg: 'ffmpeg is not installed on the server',
  interrupted: 'interrupted by a server restart',
} as const;
export const streamJob = z.object({
  id: z.number().int(),
  /** relay: the server pulls relayUrl into the push; transcode: it encodes the push into the 标清 rendition. */
  kind: z.enum(STREAM_JOB_KINDS),
  source: z.string(),
  status: z.enum(['running', 'stopped', 'failed']),
  error: z.string(),
  startedAt: isoDateTime,
  endedAt: isoDateTime.nullable(),
});
export type StreamJob = z.infer<typeof streamJob>;
export const streamJobList = z.object({ items: z.array(streamJob) });
