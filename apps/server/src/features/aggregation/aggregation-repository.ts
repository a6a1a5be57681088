import { type AggregationValues, progressAt, type Venue } from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { ownRows, scopeActivities } from '../../platform/tenancy.ts';

// The aggregations' SQL. A sub-account sees only the aggregations it made (ARCHITECTURE.md "Tenancy"); the main
// account sees every aggregation of the agent.

export interface AggregationRow {
  id: number;
  name: string;
  cover: string;
  description: string;
  subagentId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = [
  'aggregations.id',
  'aggregations.name',
  'aggregations.cover',
  'aggregations.description',
  'aggregations.subagentId',
  'aggregations.createdAt',
  'aggregations.updatedAt',
] as const;

export function scopeAggregations(db: Db, caller: Caller) {
  const base = ownRows(db, 'aggregations', caller).select(COLUMNS);
  return caller.subagentId === null ? base : base.where('aggregations.subagentId', '=', caller.subagentId);
}

export function findOwnAggregation(db: Db, caller: Caller, aggregationId: number, lock = false) {
  const query = scopeAggregations(db, caller).where('aggregations.id', '=', aggregationId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function findAggregation(db: Db, aggregationId: number): Promise<AggregationRow | undefined> {
  return db.selectFrom('aggregations').select(COLUMNS).where('id', '=', aggregationId).executeTakeFirst();
}

/** The venues of each aggregation in order; deleted activities are gone from them. */
export async function venuesOf(db: Db, aggregationIds: readonly number[]): Promise<Map<number, Venue[]>> {
  const byAggregation = new Map<number, Venue[]>(aggregationIds.map((id) => [id, []]));
  if (aggregationIds.length === 0) return byAggregation;
  const rows = await db
    .selectFrom('aggregationVenues')
    .innerJoin('activities', 'activities.id', 'aggregationVenues.activityId')
    .select([
      'aggregationVenues.aggregationId',
      'aggregationVenues.label',
      'activities.id',
      'activities.name',
      'activities.type',
      'activities.cover',
      'activities.isPushing',
      'activities.startedAt',
      'activities.endedAt',
    ])
    .where('aggregationVenues.aggregationId', 'in', aggregationIds)
    .where('activities.deletedAt', 'is', null)
    .orderBy('aggregationVenues.aggregationId')
    .orderBy('aggregationVenues.position')
    .execute();
  for (const row of rows) {
    byAggregation.get(row.aggregationId)?.push({
      activityId: row.id,
      label: row.label,
      name: row.name,
      type: row.type,
      cover: row.cover,
      progress: progressAt(row.startedAt, row.endedAt),
      isPushing: row.isPushing,
      startedAt: row.startedAt?.toISOString() ?? null,
    });
  }
  return byAggregation;
}

/**
 * The given activities the caller may make venues (its own, and in a sub-account's aggregation that sub-account's),
 * each with the catalog that holds it, locked until the transaction ends so a catalog's save waits for this one.
 */
export function venueActivities(db: Db, caller: Caller, activityIds: readonly number[], subagentId: number | null) {
  let query = scopeActivities(
    db.selectFrom('activities').select(['activities.id', 'activities.catalogId']),
    caller,
  ).where('activities.id', 'in', activityIds);
  if (subagentId !== null) query = query.where('activities.subagentId', '=', subagentId);
  return query.forUpdate().execute();
}

/**
 * Which aggregation holds each of the activities (those in none are absent). In a transaction, the activities' rows
 * are locked first: an aggregation's save locks them too before it reads their catalogs, so of a catalog and an
 * aggregation taking the same activity at once, the second sees the first's hold.
 */
export async function aggregationsOfActivities(db: Db, activityIds: readonly number[]): Promise<Map<number, number>> {
  if (activityIds.length === 0) return new Map();
  if (db.isTransaction) {
    await db.selectFrom('activities').select('id').where('id', 'in', activityIds).forUpdate().execute();
  }
  const rows = await db
    .selectFrom('aggregationVenues')
    .select(['activityId', 'aggregationId'])
    .where('activityId', 'in', activityIds)
    .execute();
  return new Map(rows.map((row) => [row.activityId, row.aggregationId]));
}

export interface AggregationFields {
  name: string;
  cover: string;
  description: string;
}

export function insertAggregation(db: Db, caller: Caller, fields: AggregationFields) {
  return db
    .insertInto('aggregations')
    .values({ agentId: caller.agentId, subagentId: caller.subagentId, ...fields })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateAggregation(db: Db, aggregationId: number, fields: AggregationFields) {
  return db
    .updateTable('aggregations')
    .set({ ...fields, updatedAt: new Date() })
    .where('id', '=', aggregationId)
    .execute();
}

/** The venues replaced by the list given, in its order. */
export async function replaceVenues(
  db: Db,
  agentId: number,
  aggregationId: number,
  venues: AggregationValues['venues'],
) {
  await db.deleteFrom('aggregationVenues').where('aggregationId', '=', aggregationId).execute();
  if (venues.length === 0) return;
  await db
    .insertInto('aggregationVenues')
    .values(
      venues.map((venue, position) => ({
        activityId: venue.activityId,
        aggregationId,
        agentId,
        label: venue.label,
        position,
      })),
    )
    .execute();
}

export async function deleteAggregation(db: Db, aggregationId: number) {
  await db.deleteFrom('aggregations').where('id', '=', aggregationId).execute();
}
