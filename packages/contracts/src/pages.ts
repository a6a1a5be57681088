import { z } from 'zod';
import { activityProgress, activityType } from './activities.ts';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, isoDateTimeInput, listOf, ok, pageQuery } from './common.ts';
import { WATCH_PATH } from './constants.ts';
import { ERROR_MESSAGES } from './errors.ts';
import { uploaded } from './uploads.ts';

// Pages (自定义页面, seed 001 §2 "Page builder", §3 "Page" and "Portal components", §4 "Legacy pages", "Page column
// edit", "Home page", §7 "Pages", §9): an agent builds a portal page from components in the console; once published
// it is public at its own path and links to the agent's watch pages and catalogs. The page keeps two copies of its
// data: the draft the console edits (`data`) and what the public sees (`publishedData`), copied from the draft when
// the page is published, so that saving an edit never changes the public page.

/** Seed 001 §9: banners turn every 3000 ms. */
export const PORTAL_BANNER_AUTO_TIMER = 3000;
/** Seed 001 §5, §9: the hot, new and live activity lists are fetched 99 at a time. */
export const PORTAL_ACTIVITY_LIST_PAGE_SIZE = 99;
/** Seed 001 §7, §9: a page's columns are fetched with page size 9999 (all of them). */
export const PAGE_LIST_PAGE_SIZE = 9999;
/** The console's page list. */
export const PAGE_PAGE_SIZE = 10;
export const PAGE_NAME_MAX = 60;
export const MAX_PAGE_COMPONENTS = 100;
/** Columns one page may hold. */
export const MAX_PAGE_LISTS = 50;
/** Activities one chosen list (a component's or a column's) may name. */
export const MAX_CHOSEN_ACTIVITIES = 100;
export const MAX_CHOSEN_CATALOGS = 50;
export const MAX_MENU_ENTRIES = 20;
export const MAX_BANNER_ITEMS = 10;
export const MAX_TABS = 10;
export const MAX_BOTTOM_NAV_ITEMS = 5;
/** An activity list component shows at most this many cards. */
export const MAX_COMPONENT_NUM = PORTAL_ACTIVITY_LIST_PAGE_SIZE;

/** The public page of a page: beside the watch pages and the catalogs' pages, outside the console. */
export const pagePublicPath = (pageId: number) => `${WATCH_PATH}/page/${pageId}`;
/** The watch page of an activity, as activity cards link to it. */
export const activityWatchPath = (activityId: number) => `${WATCH_PATH}/${activityId}`;

/** The server's messages (English, exact); the console shows the raw message unless its locale maps it. */
export const PAGE_ERRORS = {
  pageNotFound: 'Page Not Found',
  listNotFound: 'Page List Not Found',
  groupNotFound: ERROR_MESSAGES.activityGroupNotFound,
  agentNotFound: ERROR_MESSAGES.agentNotFound,
  nameRequired: 'Page name is required',
  nameTooLong: 'Page name is too long',
  tooManyLists: `A page has at most ${MAX_PAGE_LISTS} columns`,
  notPublished: 'Page is not published',
  anchorUnknown: 'Elevator anchor names no component of the page',
  componentIdRepeated: 'Component ids must be unique',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Field rules shared by the components

/** A component's stable id: the drag order and the elevator's anchors refer to it. */
export const componentId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Invalid component id');

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
/** A picture: empty, an upload's filepath (agent/3/files/x.png), a path of this site or an http(s) address. */
export const pagePicture = z
  .string()
  .trim()
  .max(500, 'At most 500 characters')
  .regex(/^$|^https?:\/\/[^\s"'<>]+$|^\/?[A-Za-z0-9_][^\s"'<>:]*$/i, 'Invalid picture address');
/** An address a viewer's browser opens: http(s) or a path of this site; never javascript: and the like. */
export const pageUrl = z
  .string()
  .trim()
  .max(1000, 'At most 1000 characters')
  .regex(/^$|^https?:\/\/[^\s"'<>]+$|^\/[^\s"'<>]*$/i, 'Invalid link');
const color = z
  .string()
  .trim()
  .regex(/^$|^#[0-9a-fA-F]{3,8}$/, 'Invalid color');
const ref = z.number().int().positive().max(2_147_483_647);
const count = (fallback: number) => z.number().int().min(1).max(MAX_COMPONENT_NUM).default(fallback);

/** Where a banner picture, a card or a bottom navigation item leads. */
export const pageLink = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('activity'), activityId: ref }),
  z.object({ kind: z.literal('catalog'), catalogId: ref }),
  z.object({ kind: z.literal('page'), pageId: ref }),
  z.object({ kind: z.literal('url'), url: pageUrl.refine((value) => value !== '', 'Required') }),
]);
export type PageLink = z.infer<typeof pageLink>;
export const NO_LINK: PageLink = { kind: 'none' };

/**
 * The activities a list shows: a group's, chosen ones (in the order chosen), a column of the page, or the agent's
 * live now, hot (by visits) or new (by start) ones.
 */
export const activitySource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('group'), groupId: ref }),
  z.object({
    kind: z.literal('chosen'),
    activityIds: z.array(ref).max(MAX_CHOSEN_ACTIVITIES, `At most ${MAX_CHOSEN_ACTIVITIES} activities`),
  }),
  z.object({ kind: z.literal('column'), listId: ref }),
  z.object({ kind: z.literal('live') }),
  z.object({ kind: z.literal('hot') }),
  z.object({ kind: z.literal('new') }),
]);
export type ActivitySource = z.infer<typeof activitySource>;

/** How an activity list lays out its cards. */
export const ACTIVITY_LAYOUTS = ['list', 'grid', 'big', 'scroll'] as const;

/** A menu entry (seed 001 §3 "menuArr"): a group's or chosen activities, or a link. */
export const menuEntry = z.object({
  title: text(20).min(1, 'Title is required'),
  icon: pagePicture.default(''),
  type: z.enum(['group', 'activity', 'link']),
  groupId: ref.nullable().default(null),
  activities: z.array(ref).max(MAX_CHOSEN_ACTIVITIES).default([]),
  /** How many activities the entry's list shows (seed 001 §3: 6 and so on). */
  num: count(6),
  url: pageUrl.default(''),
});
export type MenuEntry = z.infer<typeof menuEntry>;
const menuArr = z.array(menuEntry).max(MAX_MENU_ENTRIES, `At most ${MAX_MENU_ENTRIES} entries`).default([]);

export const bannerItem = z.object({
  image: pagePicture.refine((value) => value !== '', 'Picture is required'),
  title: text(60).default(''),
  link: pageLink.default(NO_LINK),
});
export type BannerItem = z.infer<typeof bannerItem>;

// ---------------------------------------------------------------------------------------------------------------
// The 16 portal components (seed 001 §3 "Portal components"), one shape each, told apart by `type`

const base = { id: componentId };

export const headerComponent = z.object({
  ...base,
  type: z.literal('header'),
  title: text(60).default(''),
  subtitle: text(100).default(''),
  logo: pagePicture.default(''),
  backgroundImage: pagePicture.default(''),
  backgroundColor: color.default('#1677ff'),
  textColor: color.default('#ffffff'),
});
/** The banner's slides live in `menuArr`, the name the legacy conversion gives them (seed 001 §4). */
export const bannerComponent = z.object({
  ...base,
  type: z.literal('banner'),
  menuArr: z.array(bannerItem).max(MAX_BANNER_ITEMS, `At most ${MAX_BANNER_ITEMS} pictures`).default([]),
  autoTimer: z.number().int().min(1000).max(60_000).default(PORTAL_BANNER_AUTO_TIMER),
  paginationStyle: z.enum(['default', 'number', 'line', 'none']).default('default'),
  showType: z.enum(['default', 'card', 'full']).default('default'),
});
export const NAV_STYLES = ['graphic', 'text', 'icon'] as const;
export const NAV_BORDER_STYLES = ['round', 'square', 'circle'] as const;
export const NAV_SHOW_TYPES = ['oneLine&4', 'oneLine&5', 'twoLine&4', 'twoLine&5', 'scroll'] as const;
export const mobilesNavComponent = z.object({
  ...base,
  type: z.literal('mobilesNav'),
  menuArr,
  navStyle: z.enum(NAV_STYLES).default('graphic'),
  borderStyle: z.enum(NAV_BORDER_STYLES).default('round'),
  showType: z.enum(NAV_SHOW_TYPES).default('oneLine&4'),
});
/** A nine-square grid of menu entries. */
export const sudokuNavComponent = z.object({
  ...base,
  type: z.literal('sudokuNav'),
  menuArr: z.array(menuEntry).max(9, 'At most 9 entries').default([]),
  borderStyle: z.enum(NAV_BORDER_STYLES).default('round'),
  backgroundColor: color.default(''),
});
export const activityComponent = z.object({
  ...base,
  type: z.literal('activity'),
  title: text(30).default(''),
  source: activitySource.default({ kind: 'new' }),
  num: count(6),
  layout: z.enum(ACTIVITY_LAYOUTS).default('list'),
  showViewers: z.boolean().default(true),
});
export const activityTab = z.object({
  title: text(20).min(1, 'Title is required'),
  source: activitySource,
  num: count(6),
});
export const activityTabComponent = z.object({
  ...base,
  type: z.literal('activity-tab'),
  tabs: z.array(activityTab).max(MAX_TABS, `At most ${MAX_TABS} tabs`).default([]),
  layout: z.enum(ACTIVITY_LAYOUTS).default('list'),
});
/** A recorded activity shown as a video with its cover; tapping it opens its watch page. */
export const videoComponent = z.object({
  ...base,
  type: z.literal('video'),
  activityId: ref.nullable().default(null),
  title: text(60).default(''),
  cover: pagePicture.default(''),
});
/** An activity's player embedded in the page (its live or its recording). */
export const playerComponent = z.object({
  ...base,
  type: z.literal('player'),
  activityId: ref.nullable().default(null),
  autoplay: z.boolean().default(false),
  muted: z.boolean().default(true),
});
export const pageCard = z.object({
  image: pagePicture.default(''),
  title: text(60).default(''),
  description: text(200).default(''),
  link: pageLink.default(NO_LINK),
});
export const cardComponent = z.object({
  ...base,
  type: z.literal('card'),
  items: z.array(pageCard).max(20, 'At most 20 cards').default([]),
  columns: z.number().int().min(1).max(3).default(2),
  backgroundColor: color.default(''),
});
export const sloganComponent = z.object({
  ...base,
  type: z.literal('slogan'),
  text: text(200).default(''),
  align: z.enum(['left', 'center', 'right']).default('center'),
  fontSize: z.number().int().min(10).max(48).default(16),
  textColor: color.default('#333333'),
  backgroundColor: color.default(''),
});
/** A picture with a title and plain text beside or under it (no HTML: nothing for a viewer's browser to run). */
export const graphicComponent = z.object({
  ...base,
  type: z.literal('graphic'),
  title: text(60).default(''),
  content: text(2000).default(''),
  image: pagePicture.default(''),
  imagePosition: z.enum(['top', 'left', 'right']).default('top'),
  link: pageLink.default(NO_LINK),
});
export const catalogComponent = z.object({
  ...base,
  type: z.literal('catalog'),
  title: text(30).default(''),
  catalogIds: z.array(ref).max(MAX_CHOSEN_CATALOGS, `At most ${MAX_CHOSEN_CATALOGS} catalogs`).default([]),
  layout: z.enum(['list', 'grid']).default('list'),
});
/** Quick links that scroll to other components of the page; each anchor names a component's id. */
export const elevatorComponent = z.object({
  ...base,
  type: z.literal('elevator'),
  anchors: z
    .array(z.object({ title: text(20).min(1, 'Title is required'), componentId }))
    .max(MAX_TABS, `At most ${MAX_TABS} anchors`)
    .default([]),
  activeColor: color.default('#1677ff'),
});
export const countdownComponent = z.object({
  ...base,
  type: z.literal('countdown'),
  title: text(60).default(''),
  /** The moment counted down to (ISO-8601 with a zone); null until the agent sets it. */
  targetAt: isoDateTimeInput.nullable().default(null),
  endedText: text(60).default(''),
  backgroundImage: pagePicture.default(''),
  textColor: color.default('#ffffff'),
  backgroundColor: color.default('#1677ff'),
});
export const brandComponent = z.object({
  ...base,
  type: z.literal('brand'),
  name: text(60).default(''),
  logo: pagePicture.default(''),
  description: text(500).default(''),
  link: pageLink.default(NO_LINK),
  backgroundColor: color.default(''),
});
/** A search box over the agent's activities shown on the page. */
export const searchComponent = z.object({
  ...base,
  type: z.literal('search'),
  placeholder: text(30).default('搜索活动'),
  backgroundColor: color.default(''),
});

export const pageComponent = z.discriminatedUnion('type', [
  headerComponent,
  bannerComponent,
  mobilesNavComponent,
  activityComponent,
  videoComponent,
  activityTabComponent,
  cardComponent,
  sloganComponent,
  graphicComponent,
  catalogComponent,
  sudokuNavComponent,
  elevatorComponent,
  countdownComponent,
  brandComponent,
  playerComponent,
  searchComponent,
]);
export type PageComponent = z.infer<typeof pageComponent>;
export type PageComponentType = PageComponent['type'];
/** The 16 types, in the order the editor offers them. */
export const PAGE_COMPONENT_TYPES = pageComponent.options.map(
  (option) => option.shape.type.value,
) as readonly PageComponentType[];

/** A fresh component of a type, with every field at its default (what the editor adds on a drop). */
export function newPageComponent(type: PageComponentType, componentIdValue: string): PageComponent {
  return pageComponent.parse({ id: componentIdValue, type });
}

// ---------------------------------------------------------------------------------------------------------------
// The page's data

export const pageShare = z.object({
  title: text(60).default(''),
  description: text(200).default(''),
  imgUrl: pagePicture.default(''),
});
export const pageConfig = z.object({
  /** How the page's banners move from one picture to the next. */
  carouselType: z.enum(['slide', 'fade']).default('slide'),
  /** The page's icon (the browser tab's). */
  icon: pagePicture.default(''),
  share: pageShare.default({ title: '', description: '', imgUrl: '' }),
  backgroundColor: color.default('#f5f5f5'),
});
export type PageConfig = z.infer<typeof pageConfig>;

export const pageData = z
  .object({
    config: pageConfig.default(pageConfig.parse({})),
    components: z
      .array(pageComponent)
      .max(MAX_PAGE_COMPONENTS, `At most ${MAX_PAGE_COMPONENTS} components`)
      .default([]),
  })
  .superRefine((data, ctx) => {
    const ids = new Set<string>();
    data.components.forEach((component, index) => {
      if (ids.has(component.id))
        ctx.addIssue({ code: 'custom', message: PAGE_ERRORS.componentIdRepeated, path: ['components', index, 'id'] });
      ids.add(component.id);
    });
    data.components.forEach((component, index) => {
      if (component.type !== 'elevator') return;
      component.anchors.forEach((anchor, anchorIndex) => {
        if (!ids.has(anchor.componentId))
          ctx.addIssue({
            code: 'custom',
            message: PAGE_ERRORS.anchorUnknown,
            path: ['components', index, 'anchors', anchorIndex, 'componentId'],
          });
      });
    });
  });
export type PageData = z.infer<typeof pageData>;
export type PageDataInput = z.input<typeof pageData>;
export const emptyPageData = (): PageData => pageData.parse({});

/** A bottom navigation item (seed 001 §2 "bottom navigation"): shown fixed under the published page. */
export const bottomNavItem = z.object({
  title: text(8).min(1, 'Title is required'),
  icon: pagePicture.default(''),
  link: pageLink,
});
export type BottomNavItem = z.infer<typeof bottomNavItem>;
export const bottomNav = z.object({
  enabled: z.boolean().default(true),
  items: z.array(bottomNavItem).max(MAX_BOTTOM_NAV_ITEMS, `At most ${MAX_BOTTOM_NAV_ITEMS} items`).default([]),
  color: color.default('#666666'),
  activeColor: color.default('#1677ff'),
});
export type BottomNav = z.infer<typeof bottomNav>;
export const EMPTY_BOTTOM_NAV: BottomNav = { enabled: false, items: [], color: '#666666', activeColor: '#1677ff' };

// ---------------------------------------------------------------------------------------------------------------
// Legacy pages (seed 001 §3 "A legacy form with componentArr", §4 "Legacy pages")

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
const stringOf = (...values: unknown[]) => {
  for (const value of values) if (typeof value === 'string') return value;
  return '';
};
function entriesOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  const object = record(value);
  if (!object) return [];
  for (const key of ['menuArr', 'items', 'list', 'data'])
    if (Array.isArray(object[key])) return object[key] as unknown[];
  return [];
}
function legacyLink(item: Record<string, unknown>): PageLink {
  const url = stringOf(item.link, item.url, item.href);
  if (typeof item.activityId === 'number') return { kind: 'activity', activityId: item.activityId };
  return pageUrl.safeParse(url).success && url !== '' ? { kind: 'url', url } : NO_LINK;
}
function legacyMenuEntry(item: unknown) {
  const entry = record(item) ?? {};
  const activities = Array.isArray(entry.activities)
    ? entry.activities.map((activity) => (typeof activity === 'number' ? activity : record(activity)?.id))
    : [];
  const type = entry.type === 'group' || entry.type === 'activity' ? entry.type : 'link';
  return {
    title: stringOf(entry.title, entry.name),
    icon: stringOf(entry.icon, entry.img, entry.image, entry.imgUrl),
    type,
    groupId: typeof entry.groupId === 'number' ? entry.groupId : null,
    activities: activities.filter((activity): activity is number => typeof activity === 'number'),
    num: typeof entry.num === 'number' ? entry.num : 6,
    url: stringOf(entry.url, entry.link),
  };
}
function legacyBannerItem(item: unknown) {
  const entry = record(item) ?? {};
  return {
    image: stringOf(entry.image, entry.img, entry.imgUrl, entry.src, entry.url),
    title: stringOf(entry.title, entry.name),
    link: legacyLink({ ...entry, url: entry.link ?? entry.href }),
  };
}
/** Keeps the entries that are valid, so one broken legacy entry does not lose the rest. */
function valid<T extends z.ZodType>(schema: T, items: unknown[]): z.output<T>[] {
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Seed 001 §4: legacy mobilesNav becomes menuArr with navStyle graphic, borderStyle round, showType oneLine&4. */
function legacyMobilesNav(value: unknown, componentIdValue: string) {
  return {
    id: componentIdValue,
    type: 'mobilesNav' as const,
    menuArr: valid(menuEntry, entriesOf(value).map(legacyMenuEntry)).slice(0, MAX_MENU_ENTRIES),
    navStyle: 'graphic' as const,
    borderStyle: 'round' as const,
    showType: 'oneLine&4' as const,
  };
}
/** Seed 001 §4: legacy banner becomes menuArr with paginationStyle default, autoTimer 3000, showType default. */
function legacyBanner(value: unknown, componentIdValue: string) {
  return {
    id: componentIdValue,
    type: 'banner' as const,
    menuArr: valid(bannerItem, entriesOf(value).map(legacyBannerItem)).slice(0, MAX_BANNER_ITEMS),
    paginationStyle: 'default' as const,
    autoTimer: PORTAL_BANNER_AUTO_TIMER,
    showType: 'default' as const,
  };
}
/**
 * Seed 001 §3 lists a "contents" block among the old components: tabs of activities, one per menu entry (a group's or
 * chosen ones, num of them), which is what an activity-tab is now.
 */
function legacyContents(value: unknown, componentIdValue: string) {
  const tabs = entriesOf(value)
    .map(legacyMenuEntry)
    .map((entry) => ({
      title: entry.title,
      num: entry.num,
      source:
        entry.type === 'group' && entry.groupId !== null
          ? { kind: 'group', groupId: entry.groupId }
          : { kind: 'chosen', activityIds: entry.activities },
    }));
  return { id: componentIdValue, type: 'activity-tab' as const, tabs: valid(activityTab, tabs).slice(0, MAX_TABS) };
}
/** One typed entry of the old componentArr: its fields flat or under `data`, a legacy block converted. */
function legacyComponent(entry: unknown, index: number): unknown {
  const object = record(entry);
  if (!object) return null;
  const fields = { ...(record(object.data) ?? {}), ...object };
  const componentIdValue = componentId.safeParse(fields.id).success ? String(fields.id) : `legacy-${index + 1}`;
  if (fields.type === 'mobilesNav') return legacyMobilesNav(fields, componentIdValue);
  if (fields.type === 'banner') return legacyBanner(fields, componentIdValue);
  if (fields.type === 'contents') return legacyContents(fields, componentIdValue);
  return { ...fields, id: componentIdValue };
}

/**
 * The components that validate, in order: at most MAX_PAGE_COMPONENTS, ids made unique, and elevator anchors kept only
 * where they still name a component (an anchor to a dropped one would not validate).
 */
function salvage(config: unknown, candidates: unknown[]): PageData {
  const parsedConfig = pageConfig.safeParse(record(config) ?? {});
  const components: PageComponent[] = [];
  const ids = new Set<string>();
  for (const candidate of candidates) {
    const parsed = pageComponent.safeParse(candidate);
    if (!parsed.success || components.length >= MAX_PAGE_COMPONENTS) continue;
    const component = parsed.data;
    if (ids.has(component.id)) component.id = `legacy-${components.length + 1}-${component.type}`.slice(0, 40);
    ids.add(component.id);
    components.push(component);
  }
  for (const component of components) {
    if (component.type === 'elevator') component.anchors = component.anchors.filter((a) => ids.has(a.componentId));
  }
  return { config: parsedConfig.success ? parsedConfig.data : pageConfig.parse({}), components };
}

/** Whether stored data is the legacy form: exactly two keys that are not the current config and components. */
export function isLegacyPageData(raw: unknown): boolean {
  const object = record(raw);
  if (!object) return false;
  const keys = Object.keys(object);
  return keys.length === 2 && !(keys.includes('config') && keys.includes('components'));
}

/**
 * A page's stored data in the current shape (seed 001 §4 "A page with exactly two data keys is converted to the new
 * shape on load"). The legacy forms are `{ mobilesNav, banner }` (the two old blocks) and `{ config, componentArr }`
 * (typed entries); any two keys are read the same way: a config is kept, mobilesNav and banner blocks are converted,
 * componentArr entries are read in order (an old contents block becomes an activity-tab). Entries that no longer
 * validate are dropped. Current data passes through the schema, or keeps the components that still validate; what
 * cannot be read at all gives an empty page rather than an error, so a page always opens.
 */
export function convertLegacyPageData(raw: unknown): PageData {
  const object = record(raw);
  if (!object) return emptyPageData();
  if (!isLegacyPageData(object)) {
    const parsed = pageData.safeParse(object);
    if (parsed.success) return parsed.data;
    // Current data that no longer validates as a whole keeps what still does, an old contents block converted.
    const components = Array.isArray(object.components) ? object.components : [];
    return salvage(
      object.config,
      components.map((entry, index) => (record(entry)?.type === 'contents' ? legacyComponent(entry, index) : entry)),
    );
  }
  const candidates: unknown[] = [];
  if ('mobilesNav' in object) candidates.push(legacyMobilesNav(object.mobilesNav, 'legacy-nav'));
  if ('banner' in object) candidates.push(legacyBanner(object.banner, 'legacy-banner'));
  if (Array.isArray(object.componentArr)) candidates.push(...object.componentArr.map(legacyComponent));
  return salvage(object.config, candidates);
}

// ---------------------------------------------------------------------------------------------------------------
// Pages on the wire

export const pageName = z.string().trim().min(1, PAGE_ERRORS.nameRequired).max(PAGE_NAME_MAX, PAGE_ERRORS.nameTooLong);

/** A page as the list shows it (without its data). */
export const pageSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The agent's home page (seed 001 §4 "Home page"): served at the root of its custom host; one at most. */
  isHomepage: z.boolean(),
  /** When the page was last published; null while it never was or after it was taken offline. */
  publishedAt: isoDateTime.nullable(),
  /** Whether the draft was saved after the last publish (the public page shows the older version). */
  hasUnpublishedChanges: z.boolean(),
  /** The public page's path (pagePublicPath). */
  link: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type PageSummary = z.infer<typeof pageSummary>;
/** One page: its draft `data` (converted from a legacy form on read) and its bottom navigation. */
export const page = pageSummary.extend({ data: pageData, bottomNav });
export type Page = z.infer<typeof page>;
export const pageList = listOf(pageSummary);
export type PageList = z.infer<typeof pageList>;

export const pageListQuery = pageQuery(PAGE_PAGE_SIZE).extend({
  name: z.string().trim().max(PAGE_NAME_MAX).optional(),
});
export type PageListQuery = z.infer<typeof pageListQuery>;

/** POST /page: a name and, optionally, data to start from (an empty page otherwise). Idempotency-Key honoured. */
export const pageCreate = z.object({ name: pageName, data: pageData.optional() });
export type PageCreate = z.infer<typeof pageCreate>;
/**
 * PUT /page/{id}: the fields given. `publish: true` publishes the saved draft (after this save) so the public sees it;
 * `publish: false` takes the page offline; leaving it out only saves the draft.
 */
export const pageUpdate = z.object({
  name: pageName.optional(),
  data: pageData.optional(),
  publish: z.boolean().optional(),
});
export type PageUpdate = z.infer<typeof pageUpdate>;

// ---------------------------------------------------------------------------------------------------------------
// Columns (seed 001 §3 "Column (list) of a page: listId"): named lists of a page that its components show

export const pageListSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('group'), groupId: ref }),
  z.object({
    kind: z.literal('chosen'),
    activityIds: z.array(ref).max(MAX_CHOSEN_ACTIVITIES, `At most ${MAX_CHOSEN_ACTIVITIES} activities`),
  }),
]);
export type PageListSource = z.infer<typeof pageListSource>;
export const pageColumn = z.object({
  /** The listId of the paths. */
  id: z.number().int(),
  pageId: z.number().int(),
  title: z.string(),
  source: pageListSource,
  /** Columns are listed by sortOrder, then by id. */
  sortOrder: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type PageColumn = z.infer<typeof pageColumn>;
export const pageColumnList = listOf(pageColumn);
export type PageColumnList = z.infer<typeof pageColumnList>;
export const pageColumnQuery = pageQuery(PAGE_LIST_PAGE_SIZE, PAGE_LIST_PAGE_SIZE);
export const pageColumnInput = z.object({
  title: text(30).min(1, 'Title is required'),
  source: pageListSource,
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type PageColumnInput = z.infer<typeof pageColumnInput>;
export const pageColumnParams = z.object({ id, listId: id });

// ---------------------------------------------------------------------------------------------------------------
// Cards: what the lists answer, what a portal shows

export const activityCard = z.object({
  id: z.number().int(),
  name: z.string(),
  type: activityType,
  cover: z.string(),
  startedAt: isoDateTime.nullable(),
  status: z.string(),
  progress: activityProgress,
  isPushing: z.boolean(),
  /** Page views: the activity's visits so far. */
  pv: z.number().int(),
  /** The activity's watch page (activityWatchPath). */
  watchUrl: z.string(),
});
export type ActivityCard = z.infer<typeof activityCard>;
export const activityCardList = z.object({ items: z.array(activityCard) });
export type ActivityCardList = z.infer<typeof activityCardList>;
export const activityCardPage = listOf(activityCard);

export const catalogCard = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The catalog's share picture. */
  cover: z.string(),
  activityCount: z.number().int(),
  /** The catalog's public page. */
  link: z.string(),
});
export type CatalogCard = z.infer<typeof catalogCard>;
export const catalogCardList = z.object({ items: z.array(catalogCard) });

/** Seed 001 §9: the hot, new and live lists are fetched 99 at a time. */
const portalPageQuery = pageQuery(PORTAL_ACTIVITY_LIST_PAGE_SIZE, PORTAL_ACTIVITY_LIST_PAGE_SIZE);
export const liveActivitiesQuery = portalPageQuery;
/** GET /page/{id}/activities: hot is by visits (popular), new by start (latest). */
export const pageActivitiesQuery = portalPageQuery.extend({ orderBy: z.enum(['popular', 'latest']).default('latest') });
export type PageActivitiesQuery = z.infer<typeof pageActivitiesQuery>;

/** A comma-separated list of ids in the query (`1,2,3`), at most `max`, in the order given, repeats dropped. */
export function idListQuery(max: number) {
  return z
    .string()
    .trim()
    .max(max * 11)
    .regex(/^$|^\d{1,10}(,\d{1,10})*$/, 'Invalid id list')
    .transform((value) => [...new Set(value === '' ? [] : value.split(',').map(Number))])
    .pipe(z.array(ref).max(max, `At most ${max} ids`));
}
export const activityIdsQuery = z.object({ activityIds: idListQuery(MAX_CHOSEN_ACTIVITIES) });
export const catalogIdsQuery = z.object({ catalogIds: idListQuery(MAX_CHOSEN_CATALOGS) });
export const groupActivitiesQuery = portalPageQuery;

// ---------------------------------------------------------------------------------------------------------------
// Home page and bottom navigation

export const HOMEPAGE_ACTIONS = ['set', 'unset'] as const;
export const homepageParams = z.object({ id, action: z.enum(HOMEPAGE_ACTIONS) });
/** The agent's home page after the call: null when it has none. */
export const homepageState = z.object({ homepageId: z.number().int().nullable() });
export type HomepageState = z.infer<typeof homepageState>;

// ---------------------------------------------------------------------------------------------------------------
// The public page

/** Which list of a published page a source key names: an activity component's, or a tab's of an activity-tab. */
export const pageSourceKey = (componentIdValue: string, tabIndex?: number) =>
  tabIndex === undefined ? componentIdValue : `${componentIdValue}#${tabIndex}`;

/**
 * A published page with everything its public page shows, resolved by the server when it renders the page (so the
 * list calls below stay signed-in only: nothing about a draft or another agent's activity reaches a viewer). Only
 * the agent's own activities (enabled, of its groups, columns and choices) and catalogs appear.
 */
export const publicPage = z.object({
  id: z.number().int(),
  name: z.string(),
  agentId: z.number().int(),
  publishedAt: isoDateTime,
  /** The published data, not the draft. */
  data: pageData,
  bottomNav,
  /** Per source (pageSourceKey, plus menu entries as `${componentId}@${index}`): its activities' ids in order. */
  sources: z.record(z.string(), z.array(z.number().int())),
  /** Every activity a source, a video, a player or a link names, once. */
  activities: z.array(activityCard),
  /** Per catalog component: its catalogs' cards, in the order chosen. */
  catalogs: z.record(z.string(), z.array(catalogCard)),
});
export type PublicPage = z.infer<typeof publicPage>;
export const menuEntrySourceKey = (componentIdValue: string, entryIndex: number) => `${componentIdValue}@${entryIndex}`;

// ---------------------------------------------------------------------------------------------------------------
// The calls
//
// Every call is signed-in. The public page needs no call of its own: the server resolves a published page's lists,
// cards and catalogs when it renders it (publicPage, read by the pages feature's readPublishedPage and
// readAgentHomepage), so no list here is open to strangers and no draft, unpublished page or other agent's activity
// can be read through one.

export const pageCalls = defineCalls('pages', {
  listPages: {
    method: 'GET',
    path: '/page',
    summary: 'The agent’s pages, newest first, page by page',
    access: 'signedIn',
    query: pageListQuery,
    response: pageList,
  },
  getPage: {
    method: 'GET',
    path: '/page/:id',
    summary: 'One page with its draft data (a legacy page converted) and bottom navigation',
    access: 'signedIn',
    params: idParams,
    response: page,
  },
  createPage: {
    method: 'POST',
    path: '/page',
    summary: 'Create a page (a draft, not yet published); a repeat with the same Idempotency-Key makes one page',
    access: 'signedIn',
    body: pageCreate,
    response: page,
  },
  updatePage: {
    method: 'PUT',
    path: '/page/:id',
    summary: 'Save the page’s name and draft; publish it (publish: true) or take it offline (publish: false)',
    access: 'signedIn',
    params: idParams,
    body: pageUpdate,
    response: page,
  },
  deletePage: {
    method: 'DELETE',
    path: '/page/:id',
    summary: 'Delete a page with its columns; a home page stops being one',
    access: 'signedIn',
    params: idParams,
    response: ok,
  },
  listPageColumns: {
    method: 'GET',
    path: '/page/:id/list',
    summary: 'The page’s columns in order (the console asks for 9999 a page)',
    access: 'signedIn',
    params: idParams,
    query: pageColumnQuery,
    response: pageColumnList,
  },
  createPageColumn: {
    method: 'POST',
    path: '/page/:id/list',
    summary: 'Add a column to the page: a title and a group’s or chosen activities',
    access: 'signedIn',
    params: idParams,
    body: pageColumnInput,
    response: pageColumn,
  },
  updatePageColumn: {
    method: 'PUT',
    path: '/page/:id/list/:listId',
    summary: 'Change a column of the page',
    access: 'signedIn',
    params: pageColumnParams,
    body: pageColumnInput,
    response: pageColumn,
  },
  deletePageColumn: {
    method: 'DELETE',
    path: '/page/:id/list/:listId',
    summary: 'Delete a column of the page',
    access: 'signedIn',
    params: pageColumnParams,
    response: ok,
  },
  listPageLiveActivities: {
    method: 'GET',
    path: '/page/:id/activity/live',
    summary: 'The page agent’s activities live now (pageSize 99)',
    access: 'signedIn',
    params: idParams,
    query: liveActivitiesQuery,
    response: activityCardPage,
  },
  listPageActivities: {
    method: 'GET',
    path: '/page/:id/activities',
    summary: 'The page agent’s hot (orderBy popular: by visits) or new (orderBy latest: by start) activities',
    access: 'signedIn',
    params: idParams,
    query: pageActivitiesQuery,
    response: activityCardPage,
  },
  listPageChosenActivities: {
    method: 'GET',
    path: '/page/:id/activity/list',
    summary: 'Cards of chosen activities in the order given, skipping any not the page agent’s',
    access: 'signedIn',
    params: idParams,
    query: activityIdsQuery,
    response: activityCardList,
  },
  listPageChosenCatalogs: {
    method: 'GET',
    path: '/page/:id/catalog/list',
    summary: 'Cards of chosen catalogs in the order given, skipping any not the page agent’s',
    access: 'signedIn',
    params: idParams,
    query: catalogIdsQuery,
    response: catalogCardList,
  },
  listGroupActivities: {
    method: 'GET',
    path: '/v3/activity-group/:id/activities',
    summary: 'The cards of an activity group’s activities, newest first',
    access: 'signedIn',
    params: idParams,
    query: groupActivitiesQuery,
    response: activityCardPage,
  },
  setHomepage: {
    method: 'POST',
    path: '/page/:id/homepage/:action',
    summary: 'Make the page the agent’s home page (set; the previous one stops being it) or stop it being one (unset)',
    access: 'mainAccount',
    params: homepageParams,
    response: homepageState,
  },
  saveBottomNav: {
    method: 'POST',
    path: '/page/:id/homepage/bottom-nav',
    summary: 'Save the page’s bottom navigation (shown under the public page at once)',
    access: 'signedIn',
    params: idParams,
    body: bottomNav,
    response: bottomNav,
  },
  uploadPagePicture: {
    method: 'POST',
    path: '/agent/:id/upload',
    summary: 'Upload a picture (multipart field file) for the agent’s pages; the filepath keeps three segments',
    access: 'signedIn',
    params: idParams,
    response: uploaded,
  },
});
