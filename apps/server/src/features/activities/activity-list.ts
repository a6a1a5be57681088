import {
  type ActivityList,
  type ActivityListQuery,
  type ActivitySummary,
  activityStatusFilter,
  FAR_FUTURE_ENDED_AT,
  progressAt,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { containing } from '../../platform/db/like.ts';
import { page } from '../../platform/db/page.ts';
import { ownRows, scopeActivities } from '../../platform/tenancy.ts';
import { passwordForOwner } from '../subaccounts/index.ts';

/** The synthetic groups of the list (seed 001 §3): -1 全部, -2 归档活动; sub-account -1 所属子账号 means all. */
const ALL_GROUPS = -1;
const ARCHIVED_GROUP = -2;
const ALL_SUBAGENTS = -1;

const progress = sql<ActivitySummary['progress']>`case
  when activities.started_at is null or activities.started_at > now() then 'NotStart'
  when activities.ended_at is not null and activities.ended_at <= now() then 'Ended'
  else 'OnGoing' end`;

/**
 * GET /activity: the caller's activities, isPushing DESC, status ASC, createdAt DESC (seed 001 §9), each with its
 * sub-account's credentials (seed 001 §3), the password for the main account only.
 */
export async function listActivities(
  ctx: Pick<AppContext, 'db' | 'secretKey'>,
  caller: Caller,
  query: ActivityListQuery,
): Promise<ActivityList> {
  const { db } = ctx;
  let base = scopeActivities(db.selectFrom('activities'), caller);
  const archived = query.isArchived === true || query.groupId === ARCHIVED_GROUP;
  base = base.where('activities.isArchived', '=', archived);
  if (query.groupId !== undefined && query.groupId !== ALL_GROUPS && query.groupId !== ARCHIVED_GROUP) {
    base = base.where('activities.groupId', '=', query.groupId);
  }
  if (query.subagentId !== undefined && query.subagentId !== ALL_SUBAGENTS) {
    base = base.where('activities.subagentId', '=', query.subagentId);
  }
  if (query.catalogId !== undefined) base = base.where('activities.catalogId', '=', query.catalogId);
  if (query.activityId !== undefined) base = base.where('activities.id', '=', query.activityId);
  if (query.type) base = base.where('activities.type', '=', query.type);
  if (query.name) base = base.where('activities.name', 'ilike', containing(query.name));
  const statusFilter = activityStatusFilter(query.status);
  if (statusFilter) {
    base = base.where('activities.status', '=', statusFilter.status).where(progress, '=', statusFilter.progress);
  }

  // The unfiltered list of a main account takes its total from the trigger-kept rollup instead of counting rows.
  const unfiltered =
    caller.subagentId === null &&
    (query.groupId === undefined || query.groupId === ALL_GROUPS || query.groupId === ARCHIVED_GROUP) &&
    (query.subagentId === undefined || query.subagentId === ALL_SUBAGENTS) &&
    query.catalogId === undefined &&
    query.activityId === undefined &&
    !query.type &&
    !query.name &&
    !statusFilter;
  const rollup = unfiltered
    ? ownRows(db, 'agentActivityCounts', caller)
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('count'), eb.lit(0)).as('total'))
        .where('isArchived', '=', archived)
        .executeTakeFirstOrThrow()
        .then((row) => row.total)
    : undefined;

  const { items, pager } = await page(
    base
      .leftJoin('subagents', (join) =>
        join.onRef('subagents.id', '=', 'activities.subagentId').on('subagents.deletedAt', 'is', null),
      )
      .select([
        'subagents.username as subagentUsername',
        'subagents.passwordSealed as subagentPasswordSealed',
        'activities.id',
        'activities.name',
        'activities.type',
        'activities.status',
        'activities.isPushing',
        'activities.isArchived',
        'activities.groupId',
        'activities.subagentId',
        'activities.catalogId',
        'activities.categoryId',
        'activities.cover',
        'activities.spend',
        'activities.startedAt',
        'activities.endedAt',
        'activities.createdAt',
        progress.as('progress'),
      ])
      .orderBy('activities.isPushing', 'desc')
      .orderBy('activities.status', 'asc')
      .orderBy('activities.createdAt', 'desc')
      .orderBy('activities.id', 'desc'),
    query,
    rollup,
  );
  return {
    items: items.map(({ subagentUsername, subagentPasswordSealed, ...row }) => ({
      ...row,
      subagent:
        row.subagentId !== null && subagentUsername !== null
          ? {
              id: row.subagentId,
              username: subagentUsername,
              cleartextPassword: passwordForOwner(ctx.secretKey, caller, subagentPasswordSealed),
            }
          : null,
      spend: Number(row.spend),
      startedAt: row.startedAt?.toISOString() ?? null,
      endedAt: toEndedAt(row.endedAt),
      createdAt: row.createdAt.toISOString(),
    })),
    pager,
  };
}

/** The same rule as the SQL above, for one row in hand: the contracts' rule, which the console and watch page use. */
export function progressOf(
  startedAt: Date | null,
  endedAt: Date | null,
  now = new Date(),
): ActivitySummary['progress'] {
  return progressAt(startedAt, endedAt, now.getTime());
}

/** The far-future endedAt means "no end date" and is shown as null (seed 001 §3). */
export function toEndedAt(endedAt: Date | null): string | null {
  if (!endedAt) return null;
  const iso = endedAt.toISOString();
  return iso === FAR_FUTURE_ENDED_AT ? null : iso;
}

export async function listCategories(db: Db) {
  const items = await db
    .selectFrom('categories')
    .select(['id', 'name', 'parentId'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return { items };
}
