import { z } from 'zod';
import { activityProgress, activityType } from './activities.ts';
import { defineCalls } from './call.ts';
import { CATALOG_ERRORS, catalogPicture } from './catalogs.ts';
import { id, idParams, isoDateTime, listOf, ok, pageQuery } from './common.ts';
import { AGGREGATION_PAGE_SIZE, WATCH_PATH } from './constants.ts';

// Aggregation pages (多会场, seed 000 §2 /aggregation, §3 "Aggregation list item", §4, §9): one public entry page
// grouping several of the agent's activities as venues of one event — a name, a cover, a description, and the venues
// in order, each with its label (主会场, 分会场一, ...). An activity is a venue of one aggregation at most, and is not
// at the same time a chapter of a catalog (seed 001 §8: 添加失败，活动已被应用在其它多会场中 / 其它合辑中).

export const AGGREGATION_NAME_MAX = 60;
export const AGGREGATION_DESCRIPTION_MAX = 500;
export const VENUE_LABEL_MAX = 15;
export const MAX_VENUES = 50;

/** The public page of an aggregation: beside the watch pages and the catalogs' pages. */
export const aggregationPagePath = (aggregationId: number) => `${WATCH_PATH}/aggregation/${aggregationId}`;

/** The server's messages (English, exact); the console shows the seeds' Chinese texts for the venue clashes. */
export const AGGREGATION_ERRORS = {
  aggregationNotFound: 'Aggregation Not Found',
  nameRequired: 'Aggregation name is required',
  nameTooLong: `Aggregation name must be at most ${AGGREGATION_NAME_MAX} characters`,
  labelTooLong: `Venue label must be at most ${VENUE_LABEL_MAX} characters`,
  venuesRequired: 'An aggregation needs at least one venue',
  tooManyVenues: `An aggregation has at most ${MAX_VENUES} venues`,
  venueTwice: 'An activity can be one venue only',
  /** The same condition as the catalogs' (seed 001 §8): one message, one Chinese text. */
  activityInOtherSeries: CATALOG_ERRORS.activityInOtherSeries,
  activityInCatalog: CATALOG_ERRORS.activityInOtherCatalog,
} as const;

export const venueInput = z.object({
  activityId: id,
  /** What the public page calls the venue (主会场, 分会场一); the activity's own name when empty. */
  label: z.string().trim().max(VENUE_LABEL_MAX, AGGREGATION_ERRORS.labelTooLong).default(''),
});
export type VenueInput = z.input<typeof venueInput>;

export const aggregationInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, AGGREGATION_ERRORS.nameRequired)
    .max(AGGREGATION_NAME_MAX, AGGREGATION_ERRORS.nameTooLong),
  // The same picture address as a catalog's share picture: empty, http(s), or a path of this site.
  cover: catalogPicture.default(''),
  description: z
    .string()
    .trim()
    .max(AGGREGATION_DESCRIPTION_MAX, `At most ${AGGREGATION_DESCRIPTION_MAX} characters`)
    .default(''),
  venues: z
    .array(venueInput)
    .min(1, AGGREGATION_ERRORS.venuesRequired)
    .max(MAX_VENUES, AGGREGATION_ERRORS.tooManyVenues)
    .refine(
      (venues) => new Set(venues.map((venue) => venue.activityId)).size === venues.length,
      AGGREGATION_ERRORS.venueTwice,
    ),
});
export type AggregationInput = z.input<typeof aggregationInput>;
export type AggregationValues = z.output<typeof aggregationInput>;

/** A venue as the console and the public page show it: its label and its activity's state. */
export const venue = z.object({
  activityId: z.number().int(),
  label: z.string(),
  name: z.string(),
  type: activityType,
  cover: z.string(),
  progress: activityProgress,
  isPushing: z.boolean(),
  startedAt: isoDateTime.nullable(),
});
export type Venue = z.infer<typeof venue>;

/** Seed 000 §3 "Aggregation list item": id (the rest is this product's own). */
export const aggregation = z.object({
  id: z.number().int(),
  name: z.string(),
  cover: z.string(),
  description: z.string(),
  venues: z.array(venue),
  /** The public page's path (aggregationPagePath). */
  link: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Aggregation = z.infer<typeof aggregation>;
export const aggregationList = listOf(aggregation);
export type AggregationList = z.infer<typeof aggregationList>;

/** Seed 000 §4, §9: the list loads 10 at a time; a page of fewer than 10 means all are loaded. */
export const aggregationListQuery = pageQuery(AGGREGATION_PAGE_SIZE).extend({
  name: z.string().trim().max(AGGREGATION_NAME_MAX).optional(),
});
export type AggregationListQuery = z.infer<typeof aggregationListQuery>;

/** Seed 000 §4: loading more marks all loaded when a page returns fewer than the page size. */
export const aggregationAllLoaded = (pageItems: number, pageSize = AGGREGATION_PAGE_SIZE) => pageItems < pageSize;

export const aggregationCalls = defineCalls('aggregation', {
  listAggregations: {
    method: 'GET',
    path: '/v3/aggregation',
    summary: 'The caller’s aggregation pages (多会场), newest first, 10 a page',
    access: 'signedIn',
    query: aggregationListQuery,
    response: aggregationList,
  },
  createAggregation: {
    method: 'POST',
    path: '/v3/aggregation',
    summary: 'Create an aggregation of venues; an activity already a venue elsewhere or in a catalog is refused',
    access: 'signedIn',
    body: aggregationInput,
    response: aggregation,
  },
  getAggregation: {
    method: 'GET',
    path: '/v3/aggregation/:id',
    summary: 'One aggregation with its venues in order',
    access: 'signedIn',
    params: idParams,
    response: aggregation,
  },
  updateAggregation: {
    method: 'PUT',
    path: '/v3/aggregation/:id',
    summary: 'Replace an aggregation’s name, cover, description and venues',
    access: 'signedIn',
    params: idParams,
    body: aggregationInput,
    response: aggregation,
  },
  deleteAggregation: {
    method: 'DELETE',
    path: '/v3/aggregation/:id',
    summary: 'Delete an aggregation; its activities are free for another',
    access: 'signedIn',
    params: idParams,
    response: ok,
  },
});
