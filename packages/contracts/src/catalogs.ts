import { z } from 'zod';
import { activityProgress, activityType } from './activities.ts';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, ok, pageQuery } from './common.ts';
import { WATCH_PATH } from './constants.ts';

// Catalogs (合辑, seed 001 §3 "Catalog", §5, §7 "Catalogs", §8, §9): an agent's named collection of activities in
// chapters, with its own share card, description (abstract) and appearance, and a public page that lists the chapters
// and links to each activity's watch page. The rules below are run by the console before it sends and by the server.

/** Seed 001 §5, §9: a catalog name is at most 60 characters (and unique within the agent). */
export const CATALOG_NAME_MAX = 60;
/** Seed 001 §5, §9: a chapter title is at most 15 characters. */
export const CHAPTER_TITLE_MAX = 15;
/** Seed 001 §5, §9: an appearance heading is required and at most 4 characters. */
export const APPEARANCE_HEADING_MAX = 4;
export const CATALOG_PAGE_SIZE = 10;
export const MAX_CHAPTERS = 50;
export const MAX_CHAPTER_ACTIVITIES = 200;
/** A description is rich text; this bounds what one save may store. */
export const CATALOG_ABSTRACT_MAX = 100_000;

/** The public page of a catalog: beside the watch pages, outside the console. */
export const catalogPagePath = (catalogId: number) => `${WATCH_PATH}/catalog/${catalogId}`;

/**
 * The server's messages (English, exact) for the seed's conditions; the console shows the seed's Chinese texts for
 * them (seed 001 §8), the name clash differently on create and on edit.
 */
export const CATALOG_ERRORS = {
  catalogNotFound: 'Catalog Not Found',
  nameTaken: 'Catalog name already existed',
  nameTooLong: 'Catalog String is too long',
  nameRequired: 'Catalog name is required',
  chapterTitleTooLong: 'Chapters string too long',
  chapterTitleRequired: 'Chapter title is required',
  activityInOtherCatalog: 'Activity is already used in another catalog',
  activityInOtherSeries: 'Activity is already used in another series',
  activityInOtherRegistration: 'Activity is already bound to another registration',
  activityTwice: 'An activity can be in only one chapter',
  headingRequired: 'Appearance heading is required',
  headingTooLong: 'Appearance heading too long',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The rules

/** Seed 001 §5: a catalog name, 1 to 60 characters after trimming. */
export const catalogName = z
  .string()
  .trim()
  .min(1, CATALOG_ERRORS.nameRequired)
  .max(CATALOG_NAME_MAX, CATALOG_ERRORS.nameTooLong);

/** Seed 001 §5: a chapter title, 1 to 15 characters after trimming. */
export const chapterTitle = z
  .string()
  .trim()
  .min(1, CATALOG_ERRORS.chapterTitleRequired)
  .max(CHAPTER_TITLE_MAX, CATALOG_ERRORS.chapterTitleTooLong);

/** Seed 001 §5: an appearance heading, required, at most 4 characters. */
export const appearanceHeading = z
  .string()
  .trim()
  .min(1, CATALOG_ERRORS.headingRequired)
  .max(APPEARANCE_HEADING_MAX, CATALOG_ERRORS.headingTooLong);

/** Where an activity is already used, as far as the chapter rule cares. */
export interface ChapterActivityUsage {
  catalogId: number | null;
  seriesId: number | null;
  registrationId: number | null;
}

/**
 * Seed 001 §8: an activity added to a chapter is refused when another catalog, another series (多会场) or another
 * registration already holds it, in that order; its own catalog's, series' or registration's hold is no clash.
 * `own` names what the catalog being edited is tied to.
 */
export function chapterActivityRefusal(
  usage: ChapterActivityUsage,
  own: { catalogId: number; seriesId?: number | null; registrationId?: number | null },
): (typeof CATALOG_ERRORS)[keyof typeof CATALOG_ERRORS] | null {
  if (usage.catalogId !== null && usage.catalogId !== own.catalogId) return CATALOG_ERRORS.activityInOtherCatalog;
  if (usage.seriesId !== null && usage.seriesId !== (own.seriesId ?? null)) return CATALOG_ERRORS.activityInOtherSeries;
  if (usage.registrationId !== null && usage.registrationId !== (own.registrationId ?? null))
    return CATALOG_ERRORS.activityInOtherRegistration;
  return null;
}

/** The first activity that appears in two chapters (or twice in one), or null. */
export function repeatedChapterActivity(chapters: readonly { activityIds: readonly number[] }[]): number | null {
  const seen = new Set<number>();
  for (const chapter of chapters) {
    for (const activityId of chapter.activityIds) {
      if (seen.has(activityId)) return activityId;
      seen.add(activityId);
    }
  }
  return null;
}

/** A picture address: empty, http(s), or a path of this site (an upload under /files/). */
export const catalogPicture = z
  .string()
  .trim()
  .max(500, 'At most 500 characters')
  .regex(/^$|^https?:\/\/[^\s"'<>]+$|^\/[^\s"'<>]*$/i, 'Invalid picture address');

const themeColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Invalid color');

// ---------------------------------------------------------------------------------------------------------------
// Shapes

export const catalog = z.object({
  id: z.number().int(),
  name: z.string(),
  chapterCount: z.number().int(),
  activityCount: z.number().int(),
  /** The public page's path (catalogPagePath). */
  link: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Catalog = z.infer<typeof catalog>;
export const catalogList = listOf(catalog);
export type CatalogList = z.infer<typeof catalogList>;

/** GET /v3/catalog?query: newest first, 10 a page, name contains. */
export const catalogListQuery = pageQuery(CATALOG_PAGE_SIZE).extend({ name: z.string().trim().max(60).optional() });
export type CatalogListQuery = z.infer<typeof catalogListQuery>;
export const catalogInput = z.object({ name: catalogName });
export type CatalogInput = z.infer<typeof catalogInput>;

/** An activity as a chapter shows it. */
export const chapterActivity = z.object({
  id: z.number().int(),
  name: z.string(),
  type: activityType,
  cover: z.string(),
  progress: activityProgress,
  isPushing: z.boolean(),
  startedAt: isoDateTime.nullable(),
});
export type ChapterActivity = z.infer<typeof chapterActivity>;
export const chapter = z.object({ id: z.number().int(), title: z.string(), activities: z.array(chapterActivity) });
export type Chapter = z.infer<typeof chapter>;
export const chapterList = z.object({ items: z.array(chapter) });
export type ChapterList = z.infer<typeof chapterList>;

/** PUT /v3/catalog/{id}/chapters: the whole list, in order; each activity in one chapter only. */
export const chaptersInput = z.object({
  chapters: z
    .array(
      z.object({
        title: chapterTitle,
        activityIds: z.array(id).max(MAX_CHAPTER_ACTIVITIES, `At most ${MAX_CHAPTER_ACTIVITIES} activities a chapter`),
      }),
    )
    .max(MAX_CHAPTERS, `At most ${MAX_CHAPTERS} chapters`),
});
export type ChaptersInput = z.infer<typeof chaptersInput>;

/** The catalog's share card: og: tags of its public page; empty fields fall back to the catalog's name. */
export const catalogShare = z.object({
  title: z.string().trim().max(60, 'Title must be at most 60 characters'),
  description: z.string().trim().max(200, 'Description must be at most 200 characters'),
  picture: catalogPicture,
});
export type CatalogShare = z.infer<typeof catalogShare>;
export const CATALOG_SHARE_DEFAULTS: CatalogShare = { title: '', description: '', picture: '' };

/** The description (abstract): rich text, sanitised by the server before it is stored. */
export const catalogAbstract = z.object({
  description: z.string().max(CATALOG_ABSTRACT_MAX, `At most ${CATALOG_ABSTRACT_MAX} characters`),
});
export type CatalogAbstract = z.infer<typeof catalogAbstract>;

/** The public page's look: the headings of its two sections and its colour. */
export const catalogAppearance = z.object({
  chaptersHeading: appearanceHeading,
  abstractHeading: appearanceHeading,
  themeColor,
});
export type CatalogAppearance = z.infer<typeof catalogAppearance>;
export const CATALOG_APPEARANCE_DEFAULTS: CatalogAppearance = {
  chaptersHeading: '目录',
  abstractHeading: '简介',
  themeColor: '#1677ff',
};

export const catalogCalls = defineCalls('catalogs', {
  createCatalog: {
    method: 'POST',
    path: '/v3/catalog',
    summary: 'Create a catalog; its name is unique within the agent',
    access: 'signedIn',
    body: catalogInput,
    response: catalog,
  },
  listCatalogs: {
    method: 'GET',
    path: '/v3/catalog',
    summary: 'The caller’s catalogs, newest first, page by page',
    access: 'signedIn',
    query: catalogListQuery,
    response: catalogList,
  },
  getCatalog: {
    method: 'GET',
    path: '/v3/catalog/:id',
    summary: 'One catalog',
    access: 'signedIn',
    params: idParams,
    response: catalog,
  },
  updateCatalog: {
    method: 'PUT',
    path: '/v3/catalog/:id',
    summary: 'Rename a catalog',
    access: 'signedIn',
    params: idParams,
    body: catalogInput,
    response: catalog,
  },
  deleteCatalog: {
    method: 'DELETE',
    path: '/v3/catalog/:id',
    summary: 'Delete a catalog; its activities are free for another',
    access: 'signedIn',
    params: idParams,
    response: ok,
  },
  getCatalogChapters: {
    method: 'GET',
    path: '/v3/catalog/:id/chapters',
    summary: 'The catalog’s chapters in order, each with its activities',
    access: 'signedIn',
    params: idParams,
    response: chapterList,
  },
  updateCatalogChapters: {
    method: 'PUT',
    path: '/v3/catalog/:id/chapters',
    summary: 'Replace the chapters; an activity used by another catalog, series or registration is refused',
    access: 'signedIn',
    params: idParams,
    body: chaptersInput,
    response: chapterList,
  },
  getCatalogShare: {
    method: 'GET',
    path: '/v3/catalog/:id/share',
    summary: 'The catalog’s share card',
    access: 'signedIn',
    params: idParams,
    response: catalogShare,
  },
  saveCatalogShare: {
    method: 'POST',
    path: '/v3/catalog/:id/share',
    summary: 'Save the catalog’s share card',
    access: 'signedIn',
    params: idParams,
    body: catalogShare,
    response: catalogShare,
  },
  getCatalogAbstract: {
    method: 'GET',
    path: '/v3/catalog/:id/abstract',
    summary: 'The catalog’s description (rich text)',
    access: 'signedIn',
    params: idParams,
    response: catalogAbstract,
  },
  saveCatalogAbstract: {
    method: 'POST',
    path: '/v3/catalog/:id/abstract',
    summary: 'Save the catalog’s description; the rich text is sanitised',
    access: 'signedIn',
    params: idParams,
    body: catalogAbstract,
    response: catalogAbstract,
  },
  getCatalogAppearance: {
    method: 'GET',
    path: '/v3/catalog/:id/appearance',
    summary: 'The catalog page’s headings and colour',
    access: 'signedIn',
    params: idParams,
    response: catalogAppearance,
  },
  saveCatalogAppearance: {
    method: 'POST',
    path: '/v3/catalog/:id/appearance',
    summary: 'Save the catalog page’s headings (required, at most 4 characters) and colour',
    access: 'signedIn',
    params: idParams,
    body: catalogAppearance,
    response: catalogAppearance,
  },
});
