import { z } from 'zod';
import { isoDateTime, listOf, mobile, pageQuery, pager } from './common.ts';
import {
  DEFAULT_LOGO_SCALE,
  DEFAULT_LOGO_TRANSPARENCY,
  FILES_URL_PREFIX,
  MEETING_PAGE_SIZE,
  SMS_RECORD_PAGE_SIZE,
  SUBSCRIBER_PAGE_SIZE,
  TEMPLATE_PATH_SLOTS,
  UPLOAD_FILEPATH_SEGMENTS,
} from './constants.ts';

// The live configuration of one activity: the viewing page's template (seed 001 §3 "Template data"), its intro tabs
// (the page's menu), playlist, watch code, share card, invitation, transcoding, manager and meeting.

export const LIVE_CONFIG_ERRORS = {
  previousActivityNotFound: 'Previous Activity Not Found',
  meetingNotStarted: 'Meeting Not Started',
  meetingLinkInvalid: 'Meeting link invalid or expired',
} as const;

const imagePath = z.string().trim().max(500, 'At most 500 characters');
const color = z
  .string()
  .trim()
  .max(50)
  .regex(/^$|^#[0-9a-fA-F]{3,8}$|^rgba?\([0-9.,\s%]+\)$/, 'Invalid color');
const positiveRef = z.number().int().positive().max(2_147_483_647);

// ---------------------------------------------------------------------------------------------------------------
// Intro tabs

export const INTRO_TAB_TYPES = [
  'chatRoom',
  'richText',
  'photoContent',
  'productMessage',
  'menuLocation',
  'textLive',
  'rank',
  'question',
  'schedule',
  'photoLive',
  'videoList',
] as const;
export const introTabType = z.enum(INTRO_TAB_TYPES);
export type IntroTabType = z.infer<typeof introTabType>;

export const scheduleEntry = z.object({
  time: z.string().trim().max(50),
  title: z.string().trim().max(100),
  description: z.string().max(500).default(''),
});

/** One tab of the viewing page (seed 001 §3 "Intro tab entry"); fields a type does not use keep their defaults. */
export const introTab = z.object({
  title: z.string().trim().min(1, 'Title is required').max(20, 'Title must be at most 20 characters'),
  key: z
    .string()
    .trim()
    .min(1, 'Key is required')
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, 'Key may hold letters, digits, - and _ only'),
  type: introTabType,
  url: z.string().trim().max(1000).default(''),
  productList: z.array(positiveRef).max(200).default([]),
  productListId: positiveRef.nullable().default(null),
  photoListId: positiveRef.nullable().default(null),
  richText: z.string().max(100_000).default(''),
  hyperLink: z.string().trim().max(1000).default(''),
  inlineHyperLink: z.boolean().default(false),
  topGift: z.boolean().default(false),
  topShare: z.boolean().default(false),
  schedule: z.array(scheduleEntry).max(100).default([]),
});
export type IntroTab = z.infer<typeof introTab>;

/** Tab keys name a tab on the watch page, so they are unique within a list. */
export const introTabs = z
  .array(introTab)
  .max(20, 'At most 20 tabs')
  .superRefine((tabs, check) => {
    const seen = new Set<string>();
    tabs.forEach((tab, index) => {
      if (seen.has(tab.key)) check.addIssue({ code: 'custom', path: [index, 'key'], message: 'Duplicate tab key' });
      seen.add(tab.key);
    });
  });

const blankTab = {
  url: '',
  productList: [],
  productListId: null,
  photoListId: null,
  richText: '',
  hyperLink: '',
  inlineHyperLink: false,
  topGift: false,
  topShare: false,
  schedule: [],
} satisfies Omit<IntroTab, 'title' | 'key' | 'type'>;

/** The default tabs: a chat room and an activity-intro rich text (seed 001 §3). Titles are data the agent edits. */
export const DEFAULT_INTRO_TABS: readonly IntroTab[] = [
  { ...blankTab, title: '聊天室', key: 'chatRoom', type: 'chatRoom' },
  { ...blankTab, title: '活动简介', key: 'intro', type: 'richText' },
];

/** GET/PUT /activity/{id}/menu: the viewing page's menu is its intro tab list, kept once, in the template. */
export const activityMenu = z.object({ items: introTabs });
export type ActivityMenu = z.infer<typeof activityMenu>;

// ---------------------------------------------------------------------------------------------------------------
// Template

export const LOGO_POSITIONS = ['hide', 'leftTop', 'rightTop', 'leftBottom', 'rightBottom'] as const;
export const logoPosition = z.enum(LOGO_POSITIONS);
export const COUNTDOWN_POSITIONS = ['hide', 'leftTop', 'rightTop', 'leftBottom', 'rightBottom'] as const;
export const countdownPosition = z.enum(COUNTDOWN_POSITIONS);

export const commentStyleCustomized = z.object({
  template: z.string().trim().max(50),
  tabsColor: color,
  backgroundImg: imagePath,
  backgroundColor: color,
  inputColor: color,
  fontColor: color,
});
export type CommentStyleCustomized = z.infer<typeof commentStyleCustomized>;

const pathList = z.array(z.string().trim().max(500)).max(100, 'At most 100 entries');
const mobileList = z.array(mobile).max(10_000, 'At most 10000 numbers');

/** The viewing page's template (GET /activity/{id}/template): every field of seed 001 §3 "Template data". */
export const liveTemplate = z.object({
  positionLogo: logoPosition,
  imgLogoScale: z.number().int().min(1).max(100),
  imgLogoTransparency: z.number().int().min(0).max(100),
  colorBackground: color,
  imgCover: imagePath,
  imgLogo: imagePath,
  imgBackground: imagePath,
  commentStyleCustomized,
  isVoteFloatingEnabled: z.boolean(),
  isVoteBannerEnabled: z.boolean(),
  isVoteChatboxEnabled: z.boolean(),
  isVoteDisableClose: z.boolean(),
  isCommentRTDisplayDisabled: z.boolean(),
  countdownPosition,
  prologuePaths: pathList,
  epiloguePaths: pathList,
  scenePaths: pathList,
  subscribedMobileList: mobileList,
  allowedMobiles: mobileList,
  introTabs,
});
export type LiveTemplate = z.infer<typeof liveTemplate>;

/** PUT /activity/{id}/template: any subset of the fields; commentStyleCustomized merges field by field. */
export const liveTemplateUpdate = liveTemplate
  .extend({ commentStyleCustomized: commentStyleCustomized.partial() })
  .partial();
export type LiveTemplateUpdate = z.infer<typeof liveTemplateUpdate>;

export const DEFAULT_LIVE_TEMPLATE: LiveTemplate = {
  positionLogo: 'hide',
  imgLogoScale: DEFAULT_LOGO_SCALE,
  imgLogoTransparency: DEFAULT_LOGO_TRANSPARENCY,
  colorBackground: '',
  imgCover: '',
  imgLogo: '',
  imgBackground: '',
  commentStyleCustomized: {
    template: 'default',
    tabsColor: '',
    backgroundImg: '',
    backgroundColor: '',
    inputColor: '',
    fontColor: '',
  },
  isVoteFloatingEnabled: false,
  isVoteBannerEnabled: false,
  isVoteChatboxEnabled: false,
  isVoteDisableClose: false,
  isCommentRTDisplayDisabled: false,
  countdownPosition: 'rightTop',
  prologuePaths: Array(TEMPLATE_PATH_SLOTS).fill(''),
  epiloguePaths: Array(TEMPLATE_PATH_SLOTS).fill(''),
  scenePaths: Array(TEMPLATE_PATH_SLOTS).fill(''),
  subscribedMobileList: [],
  allowedMobiles: [],
  introTabs: [...DEFAULT_INTRO_TABS],
};

/** A list padded with `empty` up to `size` slots (never shortened). */
export function padSlots<T>(list: readonly T[], size: number, empty: T): T[] {
  return list.length >= size ? [...list] : [...list, ...Array<T>(size - list.length).fill(empty)];
}

export interface TemplatePaths {
  prologuePaths: string[];
  epiloguePaths: string[];
  scenePaths: string[];
}

/**
 * Live template save (seed 001 §4): the prologue, epilogue and scene lists are padded with empty slots up to 8, and
 * the epilogue gets one more slot when it already holds 8 or more. Trailing empty slots are dropped first, so what a
 * list "holds" is its entries up to the last filled one and saving the same template twice changes nothing.
 */
export function padLiveTemplatePaths<T extends TemplatePaths>(template: T): T {
  const trimmed = (list: readonly string[]) => {
    let end = list.length;
    while (end > 0 && list[end - 1] === '') end--;
    return list.slice(0, end);
  };
  const epilogue = trimmed(template.epiloguePaths);
  return {
    ...template,
    prologuePaths: padSlots(trimmed(template.prologuePaths), TEMPLATE_PATH_SLOTS, ''),
    epiloguePaths:
      epilogue.length >= TEMPLATE_PATH_SLOTS ? [...epilogue, ''] : padSlots(epilogue, TEMPLATE_PATH_SLOTS, ''),
    scenePaths: padSlots(trimmed(template.scenePaths), TEMPLATE_PATH_SLOTS, ''),
  };
}

export type TemplatePathList = keyof TemplatePaths;

/**
 * How many pictures a template list may hold in the editor: 8 slots, and the epilogue one more once its 8 are filled
 * (the extra slot padLiveTemplatePaths gives it on save).
 */
export function templatePathLimit(list: TemplatePathList, filled: number): number {
  return list === 'epiloguePaths' && filled >= TEMPLATE_PATH_SLOTS ? TEMPLATE_PATH_SLOTS + 1 : TEMPLATE_PATH_SLOTS;
}

// ---------------------------------------------------------------------------------------------------------------
// Pictures and covers (POST /activity/{id}/upload, multipart field `file`; answers `uploaded`)

/** Upload result (seed 001 §3, §9): the filepath is trimmed to its first three path segments. */
export function trimUploadFilepath(filepath: string): string {
  return filepath.split('/').filter(Boolean).slice(0, UPLOAD_FILEPATH_SEGMENTS).join('/');
}

/** Where an uploaded filepath is served; an address (absolute, or a path on this site) is already one. */
export function uploadedFileUrl(path: string): string {
  if (path === '' || /^(https?:)?\/\//i.test(path) || path.startsWith('/')) return path;
  return `${FILES_URL_PREFIX}${path}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Playlist, watch code, share card, invitation, transcoding

export const playlistItemInput = z.object({
  mediaId: positiveRef,
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

/** A watch code viewers enter before the page plays. */
export const watchCode = z.object({ enabled: z.boolean(), code: z.string() });
export type WatchCode = z.infer<typeof watchCode>;
/** PUT /activity/{id}/watchcode: enabling without a code (and none stored) makes a random one. */
export const watchCodeUpdate = z.object({
  enabled: z.boolean(),
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,16}$/, 'Code must be 4 to 16 letters or digits')
    .optional(),
});
export type WatchCodeUpdate = z.infer<typeof watchCodeUpdate>;

/** GET/PUT /activity/{id}/shareCard: what a shared link shows; title and image default to the activity's. */
export const shareCard = z.object({
  title: z.string().trim().max(60, 'Title must be at most 60 characters'),
  description: z.string().trim().max(200, 'Description must be at most 200 characters'),
  image: imagePath,
});
export type ShareCard = z.infer<typeof shareCard>;
export const shareCardUpdate = shareCard.partial();

/** GET/PUT /activity/{id}/invitation: the invitation card viewers share to invite others. */
export const invitation = z.object({
  isEnabled: z.boolean(),
  title: z.string().trim().max(60, 'Title must be at most 60 characters'),
  description: z.string().trim().max(200, 'Description must be at most 200 characters'),
  backgroundImg: imagePath,
  showInviter: z.boolean(),
});
export type Invitation = z.infer<typeof invitation>;
export const invitationUpdate = invitation.partial();

export const liveTranscode = z.object({ enabled: z.boolean() });
export type LiveTranscode = z.infer<typeof liveTranscode>;

// ---------------------------------------------------------------------------------------------------------------
// Manager, official user, subscribers

/** The activity manager shown on the page: avatar and nickname (the nickname defaults to the host's title). */
export const activityManager = z.object({ avatar: z.string(), nickname: z.string(), isDefault: z.boolean() });
export type ActivityManager = z.infer<typeof activityManager>;
export const activityManagerUpdate = z.object({
  avatar: imagePath.optional(),
  nickname: z.string().trim().min(1, 'Nickname is required').max(30, 'Nickname must be at most 30 characters'),
});
export type ActivityManagerUpdate = z.infer<typeof activityManagerUpdate>;

/** The identity the activity's official messages (robot and host comments) are posted under. */
export const officialUser = z.object({
  id: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  role: z.literal('official'),
});
export type OfficialUser = z.infer<typeof officialUser>;

export const subscriberQuery = pageQuery(SUBSCRIBER_PAGE_SIZE);
/** GET /v3/activity/{id}/subscribe: the mobiles subscribed to the activity's reminders. */
export const subscriberList = listOf(z.object({ mobile: z.string() }));
export type SubscriberList = z.infer<typeof subscriberList>;

// ---------------------------------------------------------------------------------------------------------------
// SMS usage (GET /agent/{id}/sms)

export const smsRecordQuery = pageQuery(SMS_RECORD_PAGE_SIZE);
export const smsUsage = z.object({
  /** The resource: messages the plan includes, used and remaining. */
  resource: z.object({ total: z.number().int(), used: z.number().int(), remaining: z.number().int() }),
  byPurpose: z.record(z.string(), z.number().int()),
  items: z.array(
    z.object({
      id: z.number().int(),
      mobile: z.string(),
      purpose: z.string(),
      status: z.enum(['sent', 'used', 'expired']),
      createdAt: isoDateTime,
    }),
  ),
  pager,
});
export type SmsUsage = z.infer<typeof smsUsage>;

// ---------------------------------------------------------------------------------------------------------------
// Meeting (state starts idle, seed 000 §3, seed 001 §3)

export const meetingState = z.enum(['idle', 'ongoing']);
/** POST /v3/activity/{id}/meeting/join: the body may be left out (a host joins under the caller's name). */
export const meetingJoinBody = z
  .object({
    nickname: z.string().trim().min(1, 'Nickname is required').max(30).optional(),
    role: z.enum(['host', 'guest']).default('host'),
  })
  .nullish();
export type MeetingJoinBody = z.infer<typeof meetingJoinBody>;
export const meetingJoin = z.object({
  meetingId: z.number().int(),
  role: z.enum(['host', 'guest']),
  token: z.string(),
  url: z.string(),
  expiresAt: isoDateTime,
});
export type MeetingJoin = z.infer<typeof meetingJoin>;
export const meetingSession = z.object({
  id: z.number().int(),
  state: z.enum(['ongoing', 'ended']),
  startedAt: isoDateTime,
  endedAt: isoDateTime.nullable(),
  participantCount: z.number().int(),
});
export type MeetingSession = z.infer<typeof meetingSession>;
export const meetingQuery = pageQuery(MEETING_PAGE_SIZE);
/** GET /activity/{id}/meeting: the state, the meeting in progress, and past meetings newest first. */
export const meetingDetails = z.object({
  state: meetingState,
  current: meetingSession.nullable(),
  items: z.array(meetingSession),
  pager,
});
export type MeetingDetails = z.infer<typeof meetingDetails>;

/**
 * POST /api/meeting/{id}/room: what the join link (/meeting/{id}?token=…) opens, for whoever holds the token, with no
 * console session. The token travels in the body so it stays out of request logs.
 */
export const meetingRoomBody = z.object({ token: z.string().trim().min(1, 'Token is required').max(2000) });
export type MeetingRoomBody = z.infer<typeof meetingRoomBody>;
export const meetingParticipant = z.object({
  nickname: z.string(),
  role: z.enum(['host', 'guest']),
  joinedAt: isoDateTime,
});
export const meetingRoom = z.object({
  activity: z.object({
    id: z.number().int(),
    name: z.string(),
    startedAt: isoDateTime.nullable(),
    endedAt: isoDateTime.nullable(),
  }),
  meeting: z.object({
    id: z.number().int(),
    state: z.enum(['ongoing', 'ended']),
    startedAt: isoDateTime,
    endedAt: isoDateTime.nullable(),
  }),
  /** Who this link joined as. */
  you: meetingParticipant,
  /** Who joined this meeting, first first, at most MEETING_ROOM_PARTICIPANTS. */
  participants: z.array(meetingParticipant),
  participantCount: z.number().int(),
  /** When the link stops opening the room. */
  expiresAt: isoDateTime,
});
export type MeetingRoom = z.infer<typeof meetingRoom>;
export const MEETING_ROOM_PARTICIPANTS = 200;
