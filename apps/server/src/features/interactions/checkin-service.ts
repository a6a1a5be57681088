import {
  type Checkin,
  type CheckinList,
  type CheckinUserList,
  type checkinInput,
  type checkinListQuery,
  type checkinUserQuery,
  INTERACTION_ERRORS,
  type WatchCheckin,
  type WatchCheckinState,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { page } from '../../platform/db/page.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { extensionSettings } from '../extensions/index.ts';
import {
  audienceActivity,
  consoleActivity,
  type InteractionActivity,
  requireParticipant,
  tellViewers,
  viewerNickname,
} from './interaction-scope.ts';

// Check-ins (签到; seed 001 §5 the check-in percentage, the check-in CSV, per-user check-ins): the console starts one
// for so many seconds, one at a time per activity; each viewer checks in once while it runs; the console sees who did
// and how many. A check-in is open until its endsAt, which ending it early moves to now. While the sign-in extension
// is switched on with 仅限手机号登录的观众, a check-in started takes only viewers signed in by SMS.

const checkinNotFound = () => notFound(INTERACTION_ERRORS.checkinNotFound);

const COLUMNS = ['id', 'title', 'durationSeconds', 'startedAt', 'endsAt', 'requireMobile', 'checkedIn'] as const;
interface Row {
  id: number;
  title: string;
  durationSeconds: number;
  startedAt: Date;
  endsAt: Date;
  requireMobile: boolean;
  checkedIn: number;
}

/** Open while its end is still ahead. */
export const isCheckinOpen = (endsAt: Date, now = new Date()) => endsAt.getTime() > now.getTime();

const toCheckin = (row: Row, now = new Date()): Checkin => ({
  id: row.id,
  title: row.title,
  durationSeconds: row.durationSeconds,
  startedAt: row.startedAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  isOpen: isCheckinOpen(row.endsAt, now),
  requireMobile: row.requireMobile,
  count: row.checkedIn,
});

const toWatchCheckin = (row: Row, checkedIn: boolean): WatchCheckin => {
  const { count: _, ...rest } = toCheckin(row);
  return { ...rest, checkedIn };
};

export async function listCheckins(
  db: Db,
  caller: Caller,
  activityId: number,
  query: z.output<typeof checkinListQuery>,
): Promise<CheckinList> {
  const activity = await consoleActivity(db, caller, activityId);
  const { items, pager } = await page(
    db.selectFrom('checkins').select(COLUMNS).where('activityId', '=', activity.id).orderBy('id', 'desc'),
    query,
  );
  const now = new Date();
  return { items: items.map((row) => toCheckin(row, now)), pager };
}

export async function startCheckin(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  body: z.output<typeof checkinInput>,
): Promise<Checkin> {
  const activity = await consoleActivity(ctx.db, caller, activityId);
  // The sign-in extension, switched on, is the check-ins' rules (仅限手机号登录的观众); the check-in keeps the rule
  // it started with.
  const signIn = await extensionSettings(ctx.db, activity.id, 'sign-in');
  const requireMobile = signIn.enabled && signIn.settings.requireMobile;
  const row = await ctx.db.transaction().execute(async (trx) => {
    // One check-in at a time: two consoles starting at once are told apart under the activity's lock.
    await sql`select pg_advisory_xact_lock(hashtext(${`checkin:${activity.id}`}))`.execute(trx);
    const open = await trx
      .selectFrom('checkins')
      .select('id')
      .where('activityId', '=', activity.id)
      .where('endsAt', '>', sql<Date>`now()`)
      .executeTakeFirst();
    if (open) throw conflict(INTERACTION_ERRORS.checkinOpen);
    return trx
      .insertInto('checkins')
      .values({
        activityId: activity.id,
        agentId: activity.agentId,
        title: body.title,
        durationSeconds: body.durationSeconds,
        requireMobile,
        endsAt: sql<Date>`now() + make_interval(secs => ${body.durationSeconds})`,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  });
  tellViewers(ctx, activity.id, { type: 'checkinStarted', checkin: toWatchCheckin(row, false) });
  return toCheckin(row);
}

async function checkinOf(db: Db, activity: InteractionActivity, checkinId: number): Promise<Row> {
  const row = await db
    .selectFrom('checkins')
    .select(COLUMNS)
    .where('activityId', '=', activity.id)
    .where('id', '=', checkinId)
    .executeTakeFirst();
  if (!row) throw checkinNotFound();
  return row;
}

export async function endCheckin(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  checkinId: number,
): Promise<Checkin> {
  const activity = await consoleActivity(ctx.db, caller, activityId);
  const current = await checkinOf(ctx.db, activity, checkinId);
  const row = await ctx.db
    .updateTable('checkins')
    .set({ endsAt: sql<Date>`now()` })
    .where('id', '=', current.id)
    .where('endsAt', '>', sql<Date>`now()`)
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) throw conflict(INTERACTION_ERRORS.checkinEnded);
  tellViewers(ctx, activity.id, { type: 'checkinEnded', checkinId: row.id });
  return toCheckin(row);
}

export async function listCheckinUsers(
  db: Db,
  caller: Caller,
  activityId: number,
  checkinId: number,
  query: z.output<typeof checkinUserQuery>,
): Promise<CheckinUserList> {
  const activity = await consoleActivity(db, caller, activityId);
  const current = await checkinOf(db, activity, checkinId);
  const { items, pager } = await page(
    db
      .selectFrom('checkinRecords')
      .select(['viewerId', 'nickname', 'createdAt'])
      .where('checkinId', '=', current.id)
      .orderBy('createdAt', 'asc')
      .orderBy('viewerId', 'asc'),
    query,
    Promise.resolve(current.checkedIn),
  );
  return {
    items: items.map((row) => ({
      userId: row.viewerId,
      nickname: row.nickname,
      createdAt: row.createdAt.toISOString(),
    })),
    pager,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The viewers' side.

export async function watchCheckin(
  db: Db,
  activityId: number,
  viewerId: string | undefined,
): Promise<WatchCheckinState> {
  const activity = await audienceActivity(db, activityId);
  const row = await db
    .selectFrom('checkins')
    .select(COLUMNS)
    .where('activityId', '=', activity.id)
    .where('endsAt', '>', sql<Date>`now()`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return { checkin: null };
  const mine = viewerId
    ? await db
        .selectFrom('checkinRecords')
        .select('checkinId')
        .where('checkinId', '=', row.id)
        .where('viewerId', '=', viewerId)
        .executeTakeFirst()
    : undefined;
  return { checkin: toWatchCheckin(row, mine !== undefined) };
}

export async function takeCheckin(
  ctx: AppContext,
  activityId: number,
  checkinId: number,
  viewer: string | undefined,
  nickname: string,
  browserId?: string,
  mobile?: string,
): Promise<WatchCheckin> {
  const activity = await audienceActivity(ctx.db, activityId);
  const viewerId = await requireParticipant(ctx.db, activity.id, viewer);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('checkins')
      .select(COLUMNS)
      .where('activityId', '=', activity.id)
      .where('id', '=', checkinId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw checkinNotFound();
    if (!isCheckinOpen(row.endsAt, new Date())) throw conflict(INTERACTION_ERRORS.checkinEnded);
    if (row.requireMobile && !mobile) throw forbidden(INTERACTION_ERRORS.checkinNeedsMobile);
    // A browser that checked in before its viewer signed in has checked the person in (the check-in row is locked).
    if (browserId && browserId !== viewerId) {
      const inBrowser = await trx
        .selectFrom('checkinRecords')
        .select('checkinId')
        .where('checkinId', '=', row.id)
        .where('viewerId', '=', browserId)
        .executeTakeFirst();
      if (inBrowser) throw conflict(INTERACTION_ERRORS.alreadyCheckedIn);
    }
    const taken = await trx
      .insertInto('checkinRecords')
      .values({
        checkinId: row.id,
        viewerId,
        activityId: activity.id,
        agentId: activity.agentId,
        nickname: viewerNickname(nickname, viewerId),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('checkinId')
      .executeTakeFirst();
    if (!taken) throw conflict(INTERACTION_ERRORS.alreadyCheckedIn);
    const updated = await trx
      .updateTable('checkins')
      .set({ checkedIn: sql<number>`checked_in + 1` })
      .where('id', '=', row.id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toWatchCheckin(updated, true);
  });
}
