import { type ActivityCard, activityWatchPath, type CatalogCard, catalogPagePath, progressAt } from '@yanbo/contracts';
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { type PageQuery, page } from '../../platform/db/page.ts';
import type { DB } from '../../platform/db/schema.ts';

// The cards a portal shows, read for one page's owner: its agent's activities and catalogs, and when a sub-account
// made the page, only that sub-account's (as a sub-account's catalog holds only its own activities). A card is an
// activity a viewer can open: not deleted and enabled.

export interface CardScope {
  agentId: number;
  subagentId: number | null;
}

type ActivityQuery = SelectQueryBuilder<DB, 'activities' | 'activityVisitStats', object>;

function shownActivities(db: Db, scope: CardScope): ActivityQuery {
  let query = db
    .selectFrom('activities')
    .leftJoin('activityVisitStats', 'activityVisitStats.activityId', 'activities.id')
    .where('activities.agentId', '=', scope.agentId)
    .where('activities.deletedAt', 'is', null)
    .where('activities.status', '=', 'enabled') as unknown as ActivityQuery;
  if (scope.subagentId !== null) query = query.where('activities.subagentId', '=', scope.subagentId);
  return query;
}

function withCardColumns(query: ActivityQuery) {
  return query.select((eb) => [
    'activities.id',
    'activities.name',
    'activities.type',
    'activities.cover',
    'activities.startedAt',
    'activities.endedAt',
    'activities.status',
    'activities.isPushing',
    eb.fn.coalesce('activityVisitStats.visits', eb.val('0')).as('visits'),
  ]);
}

interface CardRow {
  id: number;
  name: string;
  type: 'live' | 'video';
  cover: string;
  startedAt: Date | null;
  endedAt: Date | null;
  status: string;
  isPushing: boolean;
  visits: string | number | bigint;
}

function toCard(row: CardRow): ActivityCard {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    cover: row.cover,
    startedAt: row.startedAt?.toISOString() ?? null,
    status: row.status,
    progress: progressAt(row.startedAt, row.endedAt),
    isPushing: row.isPushing,
    pv: Number(row.visits),
    watchUrl: activityWatchPath(row.id),
  };
}

async function pagedCards(query: ReturnType<typeof withCardColumns>, pageQuery: PageQuery) {
  const { items, pager } = await page(query, pageQuery);
  return { items: (items as CardRow[]).map(toCard), pager };
}

/** The cards of the ids, in the order given; ids that are not shown for the scope are skipped. */
export async function activityCardsByIds(db: Db, scope: CardScope, ids: readonly number[]): Promise<ActivityCard[]> {
  if (ids.length === 0) return [];
  const rows = (await withCardColumns(shownActivities(db, scope))
    .where('activities.id', 'in', [...ids])
    .execute()) as CardRow[];
  const byId = new Map(rows.map((row) => [row.id, toCard(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The activities live now (the stream is being pushed), the latest start first. */
export function liveActivityCards(db: Db, scope: CardScope, pageQuery: PageQuery) {
  return pagedCards(
    withCardColumns(shownActivities(db, scope))
      .where('activities.isArchived', '=', false)
      .where('activities.isPushing', '=', true)
      .orderBy('activities.startedAt', (ob) => ob.desc().nullsLast())
      .orderBy('activities.id', 'desc'),
    pageQuery,
  );
}

/** Hot (popular: by visits) or new (latest: by start) activities, archived ones left out. */
export function rankedActivityCards(db: Db, scope: CardScope, orderBy: 'popular' | 'latest', pageQuery: PageQuery) {
  const base = withCardColumns(shownActivities(db, scope)).where('activities.isArchived', '=', false);
  const ordered =
    orderBy === 'popular'
      ? base.orderBy('visits', 'desc').orderBy('activities.id', 'desc')
      : base
          .orderBy('activities.startedAt', (ob) => ob.desc().nullsLast())
          .orderBy('activities.createdAt', 'desc')
          .orderBy('activities.id', 'desc');
  return pagedCards(ordered, pageQuery);
}

/** A group's activities, newest first. */
export function groupActivityCards(db: Db, scope: CardScope, groupId: number, pageQuery: PageQuery) {
  return pagedCards(
    withCardColumns(shownActivities(db, scope))
      .where('activities.groupId', '=', groupId)
      .orderBy('activities.createdAt', 'desc')
      .orderBy('activities.id', 'desc'),
    pageQuery,
  );
}

/** A group's first `limit` activities' ids, newest first (the public page's group lists). */
export async function groupActivityIds(db: Db, scope: CardScope, groupId: number, limit: number): Promise<number[]> {
  const rows = await shownActivities(db, scope)
    .select('activities.id')
    .where('activities.groupId', '=', groupId)
    .orderBy('activities.createdAt', 'desc')
    .orderBy('activities.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The catalog cards of the ids, in the order given; catalogs not the scope's are skipped. */
export async function catalogCardsByIds(db: Db, scope: CardScope, ids: readonly number[]): Promise<CatalogCard[]> {
  if (ids.length === 0) return [];
  let query = db
    .selectFrom('catalogs')
    .select((eb) => [
      'catalogs.id',
      'catalogs.name',
      'catalogs.share',
      eb
        .selectFrom('catalogActivities')
        .innerJoin('activities', 'activities.id', 'catalogActivities.activityId')
        .select((inner) => inner.fn.countAll<string>().as('count'))
        .whereRef('catalogActivities.catalogId', '=', 'catalogs.id')
        .where('activities.deletedAt', 'is', null)
        .as('activityCount'),
    ])
    .where('catalogs.agentId', '=', scope.agentId)
    .where('catalogs.id', 'in', [...ids]);
  if (scope.subagentId !== null) query = query.where('catalogs.subagentId', '=', scope.subagentId);
  const rows = await query.execute();
  const byId = new Map(
    rows.map((row) => {
      const share = row.share as { picture?: unknown } | null;
      const card: CatalogCard = {
        id: row.id,
        name: row.name,
        cover: typeof share?.picture === 'string' ? share.picture : '',
        activityCount: Number(row.activityCount ?? 0),
        link: catalogPagePath(row.id),
      };
      return [row.id, card];
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// ---------------------------------------------------------------------------------------------------------------
// Which ids of a save are the scope's (a page may name only its owner's activities, groups and catalogs)

export async function activityIdsOf(db: Db, scope: CardScope, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  let query = db
    .selectFrom('activities')
    .select('id')
    .where('agentId', '=', scope.agentId)
    .where('deletedAt', 'is', null)
    .where('id', 'in', [...ids]);
  if (scope.subagentId !== null) query = query.where('subagentId', '=', scope.subagentId);
  return new Set((await query.execute()).map((row) => row.id));
}

export async function groupIdsOf(db: Db, agentId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('activityGroups')
    .select('id')
    .where('agentId', '=', agentId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function catalogIdsOf(db: Db, scope: CardScope, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  let query = db
    .selectFrom('catalogs')
    .select('id')
    .where('agentId', '=', scope.agentId)
    .where('id', 'in', [...ids]);
  if (scope.subagentId !== null) query = query.where('subagentId', '=', scope.subagentId);
  return new Set((await query.execute()).map((row) => row.id));
}
