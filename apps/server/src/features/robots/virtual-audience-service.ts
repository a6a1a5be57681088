import {
  DEFAULT_COMMENT_LIBRARY,
  DEFAULT_COMMENT_LIBRARY_ID,
  DEFAULT_VIRTUAL_AUDIENCE,
  ERROR_MESSAGES,
  VIRTUAL_AUDIENCE_ERRORS,
  type VirtualAudience,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { ownRows, scopeActivities } from '../../platform/tenancy.ts';
import { postRobotComment, publishChat } from '../comments/index.ts';
import { virtualOnline } from './virtual-curve.ts';

// An activity's virtual audience (issue 10). Its settings are the activity's (a sub-account runs its own activities'
// audience, as it runs their chat). While the activity pushes, each sample period the server tells the activity's
// chat rooms the virtual count (they add it to what viewers are shown) and, when comments are on and their time has
// come, one robot of the agent's says one line of the chosen library. Robots never make visits: statistics never
// see them.

const COLUMNS = [
  'enabled',
  'target',
  'rampMinutes',
  'jitterPercent',
  'commentsEnabled',
  'libraryId',
  'commentIntervalSeconds',
] as const;

/** The caller's activity (a sub-account's only when assigned to it), or 404. */
async function ownedActivity(db: Db, caller: Caller, activityId: number) {
  const row = await scopeActivities(
    db
      .selectFrom('activities')
      .select(['activities.id', 'activities.agentId', 'activities.subagentId', 'activities.isPushing']),
    caller,
  )
    .where('activities.id', '=', activityId)
    .executeTakeFirst();
  if (!row) throw notFound(ERROR_MESSAGES.activityNotFound);
  return row;
}

async function readSettings(db: Db, activityId: number): Promise<VirtualAudience> {
  const row = await db
    .selectFrom('virtualAudiences')
    .select(COLUMNS)
    .where('activityId', '=', activityId)
    .executeTakeFirst();
  return row ?? { ...DEFAULT_VIRTUAL_AUDIENCE };
}

export async function getVirtualAudience(db: Db, caller: Caller, activityId: number): Promise<VirtualAudience> {
  const activity = await ownedActivity(db, caller, activityId);
  return readSettings(db, activity.id);
}

export async function setVirtualAudience(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  body: VirtualAudience,
): Promise<VirtualAudience> {
  const activity = await ownedActivity(ctx.db, caller, activityId);
  if (body.libraryId !== DEFAULT_COMMENT_LIBRARY_ID) {
    const library = await ownRows(ctx.db, 'commentLibraries', caller)
      .select('id')
      .where('id', '=', body.libraryId)
      .executeTakeFirst();
    if (!library) throw notFound(VIRTUAL_AUDIENCE_ERRORS.libraryNotFound);
  }
  const values = { ...body, agentId: activity.agentId, updatedAt: new Date() };
  await ctx.db
    .insertInto('virtualAudiences')
    .values({ activityId: activity.id, ...values })
    // A new interval starts now: the next robot comment comes at the next sample.
    .onConflict((oc) => oc.column('activityId').doUpdateSet({ ...values, nextCommentAt: null }))
    .execute();
  // A live activity's viewers hear the new count at once rather than at the next sample.
  if (activity.isPushing) {
    const pushStartedAt = await openPushStart(ctx.db, activity.id);
    await applyVirtualAudience(ctx, [{ ...activity, pushStartedAt }], new Date());
  }
  return readSettings(ctx.db, activity.id);
}

async function openPushStart(db: Db, activityId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('ingestSessions')
    .select('startedAt')
    .where('activityId', '=', activityId)
    .where('endedAt', 'is', null)
    .executeTakeFirst();
  return row?.startedAt ?? null;
}

export interface LiveActivity {
  id: number;
  agentId: number;
  subagentId: number | null;
  /** The open push's start; null when the push has no ingest session (its curve then shows nothing). */
  pushStartedAt: Date | null;
}

/**
 * One sample period of the virtual audience for the live activities: tells each one's chat rooms its virtual count
 * and posts the robot comments that are due. Answers each activity's virtual count.
 */
export async function applyVirtualAudience(
  ctx: AppContext,
  live: LiveActivity[],
  now: Date,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (live.length === 0) return counts;
  const rows = await ctx.db
    .selectFrom('virtualAudiences')
    .select(['activityId', ...COLUMNS])
    .where(
      'activityId',
      'in',
      live.map((activity) => activity.id),
    )
    .execute();
  const settings = new Map(rows.map((row) => [row.activityId, row]));
  for (const activity of live) {
    const audience = settings.get(activity.id) ?? DEFAULT_VIRTUAL_AUDIENCE;
    const count = virtualOnline(audience, activity.id, activity.pushStartedAt, now);
    counts.set(activity.id, count);
    publishChat(ctx, activity.id, { type: 'chat.virtual', count });
    if (audience.enabled && audience.commentsEnabled) await robotSpeaks(ctx, activity, now);
  }
  return counts;
}

/** When the activity's next robot comment is due, one process claims it and one robot says a line of the library. */
async function robotSpeaks(ctx: AppContext, activity: LiveActivity, now: Date) {
  const claimed = await ctx.db
    .updateTable('virtualAudiences')
    .set({ nextCommentAt: sql<Date>`${now}::timestamptz + make_interval(secs => comment_interval_seconds)` })
    .where('activityId', '=', activity.id)
    .where((eb) => eb.or([eb('nextCommentAt', 'is', null), eb('nextCommentAt', '<=', now)]))
    .returning('libraryId')
    .executeTakeFirst();
  if (!claimed) return;
  const lines =
    claimed.libraryId === DEFAULT_COMMENT_LIBRARY_ID
      ? [...DEFAULT_COMMENT_LIBRARY.items]
      : ((
          await ctx.db
            .selectFrom('commentLibraries')
            .select('items')
            .where('id', '=', claimed.libraryId)
            .where('agentId', '=', activity.agentId)
            .executeTakeFirst()
        )?.items ?? []);
  const text = lines[Math.floor(Math.random() * lines.length)]?.trim();
  if (!text) return;
  const robot = await ctx.db
    .selectFrom('robots')
    .select(['id', 'nickname', 'avatar'])
    .where('agentId', '=', activity.agentId)
    .orderBy(sql`random()`)
    .limit(1)
    .executeTakeFirst();
  if (!robot) return;
  await postRobotComment(ctx, activity, robot, text);
}
