import { z } from 'zod';
import { defineCalls } from './call.ts';
import { idParams, mobile } from './common.ts';
import {
  DEFAULT_LOGO_SCALE,
  DEFAULT_LOGO_TRANSPARENCY,
  FILES_URL_PREFIX,
  TEMPLATE_PATH_SLOTS,
  UPLOAD_FILEPATH_SEGMENTS,
} from './constants.ts';

// The page template of one activity: the viewing page's look and content (seed 001 §3 "Template data"), with its
// intro tabs (the page's menu) and the pictures and videos it shows.

export const PAGE_TEMPLATE_ERRORS = {
  previousActivityNotFound: 'Previous Activity Not Found',
  // A tab's productListId, photoListId or productList id that names nothing (400, the field named); another agent's
  // answers that feature's 404.
  unknownProductList: 'No such product list',
  productListOfOtherActivity: 'The product list is another activity’s',
  unknownPhotoList: 'No such photo list',
  photoListOfOtherActivity: 'The photo list is another activity’s',
  unknownProduct: 'No such product',
} as const;

/** A picture's address on the page: a stored upload's filepath or an address. */
export const imagePath = z.string().trim().max(500, 'At most 500 characters');
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

export const pageTemplateCalls = defineCalls('page-template', {
  getTemplate: {
    method: 'GET',
    path: '/activity/:id/template',
    summary: 'The viewing page template of an activity',
    access: 'signedIn',
    params: idParams,
    response: liveTemplate,
  },
  saveTemplate: {
    method: 'PUT',
    path: '/activity/:id/template',
    summary: 'Change the viewing page template (the fields given; picture lists padded to their slots)',
    access: 'signedIn',
    params: idParams,
    body: liveTemplateUpdate,
    response: liveTemplate,
  },
  inheritPreviousTemplate: {
    method: 'POST',
    path: '/activity/:id/inheritPrevTpl',
    summary: 'Copy the template of the agent’s template activity, or else of its most recent other activity',
    access: 'signedIn',
    params: idParams,
    response: liveTemplate,
  },
});
