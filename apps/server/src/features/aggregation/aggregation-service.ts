import {
  AGGREGATION_ERRORS,
  type Aggregation,
  type AggregationList,
  type AggregationListQuery,
  type AggregationValues,
  aggregationPagePath,
  ERROR_MESSAGES,
  type Venue,
} from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { containing } from '../../platform/db/like.ts';
import { page } from '../../platform/db/page.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import * as repo from './aggregation-repository.ts';

// Aggregation pages (多会场, seed 000 §2, §4): add, update, delete, and the list loaded 10 at a time. Each save writes
// the aggregation and its venues in one transaction, after every venue was found to be the caller's, in no other
// aggregation and in no catalog; nothing is written when one is refused.

function shape(row: repo.AggregationRow, venues: Venue[]): Aggregation {
  return {
    id: row.id,
    name: row.name,
    cover: row.cover,
    description: row.description,
    venues,
    link: aggregationPagePath(row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withVenues(db: Db, row: repo.AggregationRow): Promise<Aggregation> {
  return shape(row, (await repo.venuesOf(db, [row.id])).get(row.id) ?? []);
}

async function ownAggregation(db: Db, caller: Caller, aggregationId: number, lock = false) {
  const row = await repo.findOwnAggregation(db, caller, aggregationId, lock);
  if (!row) throw notFound(AGGREGATION_ERRORS.aggregationNotFound);
  return row;
}

/**
 * Seed 001 §8: a venue must be the caller's activity (another agent's answers 404), not a venue of another
 * aggregation (添加失败，活动已被应用在其它多会场中) and not a chapter of a catalog (其它合辑中).
 */
async function checkVenues(
  trx: Db,
  caller: Caller,
  values: AggregationValues,
  own: { aggregationId: number | null; subagentId: number | null },
) {
  const activityIds = values.venues.map((venue) => venue.activityId);
  const found = new Map(
    (await repo.venueActivities(trx, caller, activityIds, own.subagentId)).map((row) => [row.id, row]),
  );
  const held = await repo.aggregationsOfActivities(trx, activityIds);
  for (const activityId of activityIds) {
    const activity = found.get(activityId);
    if (!activity) throw notFound(ERROR_MESSAGES.activityNotFound);
    const holder = held.get(activityId);
    if (holder !== undefined && holder !== own.aggregationId) {
      throw badRequest(AGGREGATION_ERRORS.activityInOtherSeries, undefined, 'venues');
    }
    if (activity.catalogId !== null) throw badRequest(AGGREGATION_ERRORS.activityInCatalog, undefined, 'venues');
  }
}

const fieldsOf = (values: AggregationValues): repo.AggregationFields => ({
  name: values.name,
  cover: values.cover,
  description: values.description,
});

/** Another aggregation took one of the activities between the check and the write: the same refusal. */
function venueRace(error: unknown): never {
  if (isUniqueViolation(error, 'aggregation_venues_pkey')) {
    throw badRequest(AGGREGATION_ERRORS.activityInOtherSeries, undefined, 'venues');
  }
  throw error;
}

export async function createAggregation(db: Db, caller: Caller, values: AggregationValues): Promise<Aggregation> {
  try {
    const id = await db.transaction().execute(async (trx) => {
      await checkVenues(trx, caller, values, { aggregationId: null, subagentId: caller.subagentId });
      const { id } = await repo.insertAggregation(trx, caller, fieldsOf(values));
      await repo.replaceVenues(trx, caller.agentId, id, values.venues);
      return id;
    });
    return getAggregation(db, caller, id);
  } catch (error) {
    return venueRace(error);
  }
}

/** GET /v3/aggregation: newest first, 10 a page (seed 000 §9), the name containing the query's. */
export async function listAggregations(db: Db, caller: Caller, query: AggregationListQuery): Promise<AggregationList> {
  let base = repo.scopeAggregations(db, caller);
  if (query.name) base = base.where('aggregations.name', 'ilike', containing(query.name));
  const { items, pager } = await page(
    base.orderBy('aggregations.createdAt', 'desc').orderBy('aggregations.id', 'desc'),
    query,
  );
  const venues = await repo.venuesOf(
    db,
    items.map((row) => row.id),
  );
  return { items: items.map((row) => shape(row, venues.get(row.id) ?? [])), pager };
}

export async function getAggregation(db: Db, caller: Caller, aggregationId: number): Promise<Aggregation> {
  return withVenues(db, await ownAggregation(db, caller, aggregationId));
}

export async function updateAggregation(
  db: Db,
  caller: Caller,
  aggregationId: number,
  values: AggregationValues,
): Promise<Aggregation> {
  try {
    await db.transaction().execute(async (trx) => {
      // Two saves of the same aggregation take turns, so neither deletes the venues the other is writing.
      const row = await ownAggregation(trx, caller, aggregationId, true);
      await checkVenues(trx, caller, values, { aggregationId, subagentId: row.subagentId });
      await repo.updateAggregation(trx, aggregationId, fieldsOf(values));
      await repo.replaceVenues(trx, caller.agentId, aggregationId, values.venues);
    });
  } catch (error) {
    venueRace(error);
  }
  return getAggregation(db, caller, aggregationId);
}

/** Deleting an aggregation frees its activities for another one (its venues go with it). */
export async function deleteAggregation(db: Db, caller: Caller, aggregationId: number) {
  await ownAggregation(db, caller, aggregationId);
  await repo.deleteAggregation(db, aggregationId);
  return { ok: true as const };
}

export interface AggregationPageData {
  id: number;
  name: string;
  cover: string;
  description: string;
  venues: Venue[];
}

/** What the public page shows (no caller: the page is public, its id alone names it). */
export async function aggregationPage(db: Db, aggregationId: number): Promise<AggregationPageData | null> {
  const row = await repo.findAggregation(db, aggregationId);
  if (!row) return null;
  const { id, name, cover, description } = row;
  return { id, name, cover, description, venues: (await repo.venuesOf(db, [id])).get(id) ?? [] };
}
