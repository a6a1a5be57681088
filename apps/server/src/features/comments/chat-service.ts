import {
  CHAT_COMMENT_RATE,
  CHAT_ERRORS,
  CHAT_KICK_SECONDS,
  CHAT_NOTICES,
  CHAT_REFUSALS,
  CHAT_REPLAY_MAX,
  type ChatComment,
  type ChatRefusal,
  type ChatReport,
  type ChatServerMessage,
  COMMENT_MAX_LENGTH,
  type CommentFilter,
  type CommentList,
  type commentFilterUpdate,
  type commentListQuery,
  type commentReview,
  DEFAULT_LIVE_TEMPLATE,
  ERROR_MESSAGES,
  liveTemplate,
  PINNED_COMMENT_PAGE_SIZE,
  type pinnedCommentQuery,
  type robotCommentBody,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { take } from '../../platform/rate-limit.ts';
import { agentChannel } from '../../platform/realtime/hub.ts';
import { readActivitySection, writeActivitySection } from '../../platform/settings-store.ts';
import { ownRows, scopeActivities } from '../../platform/tenancy.ts';
import { isBlockedOnActivity } from '../audience/index.ts';
import { agentMatcher } from '../sensitive-words/index.ts';

// The live chat's rules and its moderation (seed 001 §4 "Comments", §7; issue 10). A comment is stored before anyone
// hears of it; then it goes out on the activity's chat channel of the realtime hub, which every process's sockets
// listen on, and on the agent's console channel. What a viewer may say passes, in order: the blacklist, a comment ban
// (禁言), its length, the rate limit, the agent's sensitive word lists (text and nickname: mask, hold for review or
// refuse) and check mode (held as pending until the staff approve it).

/** The activity's chat channel on the realtime hub. */
export const chatChannel = (activityId: number) => `chat:${activityId}`;

/** What travels on a chat channel between processes. */
export type ChatHubEvent =
  /** A message for the room's viewers, or only for one viewer's sockets (its own held or refused comment). */
  | { type: 'chat.message'; message: ChatServerMessage; onlyUser?: string }
  | { type: 'chat.kick'; sid: string }
  | { type: 'chat.block'; userId: string }
  /** How many viewers one process holds in the room, so every process can tell the room's online count. */
  | { type: 'chat.presence'; process: string; count: number }
  /** The virtual audience's count now (issue 10): added to what the room's viewers are shown, never to `real`. */
  | { type: 'chat.virtual'; count: number };

export interface ChatActivity {
  id: number;
  agentId: number;
  subagentId: number | null;
}

export function publishChat(ctx: AppContext, activityId: number, event: ChatHubEvent): void {
  ctx.realtime.publish(chatChannel(activityId), event);
}

/** A message for every viewer in the activity's room, from another feature (the text live tab's posts). */
export function publishToViewers(ctx: AppContext, activityId: number, message: ChatServerMessage): void {
  publishChat(ctx, activityId, { type: 'chat.message', message });
}

/** An activity's chat as the audience reaches it: any activity that exists. */
export async function chatActivity(db: Db, activityId: number): Promise<ChatActivity | undefined> {
  return db
    .selectFrom('activities')
    .select(['id', 'agentId', 'subagentId'])
    .where('id', '=', activityId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** The caller's activity (a sub-account's only when assigned to it), or 404. */
async function moderated(db: Db, caller: Caller, activityId: number): Promise<ChatActivity> {
  const row = await scopeActivities(
    db.selectFrom('activities').select(['activities.id', 'activities.agentId', 'activities.subagentId']),
    caller,
  )
    .where('activities.id', '=', activityId)
    .executeTakeFirst();
  if (!row) throw notFound(ERROR_MESSAGES.activityNotFound);
  return row;
}

const COLUMNS = [
  'id',
  'text',
  'nickname',
  'viewerId',
  'sid',
  'status',
  'isRobot',
  'avatar',
  'pinnedAt',
  'createdAt',
] as const;
type Row = {
  id: number;
  text: string;
  nickname: string;
  viewerId: string | null;
  sid: string | null;
  status: ChatComment['status'];
  isRobot: boolean;
  avatar: string | null;
  pinnedAt: Date | null;
  createdAt: Date;
};

const toComment = (row: Row): ChatComment => ({
  id: row.id,
  text: row.text,
  nickname: row.nickname,
  userId: row.viewerId,
  sid: row.sid,
  status: row.status,
  isRobot: row.isRobot,
  avatar: row.avatar,
  isPinned: row.pinnedAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** A comment as the viewers get it: a robot's is its own kind. */
export const commentMessage = (comment: ChatComment): ChatServerMessage =>
  comment.isRobot ? { type: 'robotComment', comment } : { type: 'comment', comment };

/** The console hears of every new comment, pending ones included, without polling. */
function tellConsole(ctx: AppContext, activity: ChatActivity, comment: ChatComment) {
  ctx.realtime.publish(agentChannel(activity.agentId), {
    type: 'comment',
    activityId: activity.id,
    subagentId: activity.subagentId,
    comment,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The user filter: check mode is the chat's own setting; real-time display is the page template's flag.

const checkModeSection = z.object({ checkMode: z.boolean() });

async function checkMode(db: Db, activityId: number): Promise<boolean> {
  return (await readActivitySection(db, activityId, 'commentFilter', checkModeSection, { checkMode: false })).value
    .checkMode;
}

async function readTemplate(db: Db, activityId: number) {
  return (await readActivitySection(db, activityId, 'template', liveTemplate, structuredClone(DEFAULT_LIVE_TEMPLATE)))
    .value;
}

export async function readFilter(db: Db, activityId: number): Promise<CommentFilter> {
  const [mode, template] = await Promise.all([checkMode(db, activityId), readTemplate(db, activityId)]);
  return { checkMode: mode, isCommentRTDisplayDisabled: template.isCommentRTDisplayDisabled };
}

export async function getCommentFilter(db: Db, caller: Caller, activityId: number): Promise<CommentFilter> {
  await moderated(db, caller, activityId);
  return readFilter(db, activityId);
}

export async function setCommentFilter(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  body: z.output<typeof commentFilterUpdate>,
): Promise<CommentFilter> {
  const activity = await moderated(ctx.db, caller, activityId);
  const before = await readFilter(ctx.db, activity.id);
  if (body.checkMode !== undefined && body.checkMode !== before.checkMode) {
    await writeActivitySection(ctx.db, activity.agentId, activity.id, 'commentFilter', { checkMode: body.checkMode });
    publishChat(ctx, activity.id, {
      type: 'chat.message',
      message: { type: 'notice', text: body.checkMode ? CHAT_NOTICES.checkModeOn : CHAT_NOTICES.checkModeOff },
    });
  }
  if (
    body.isCommentRTDisplayDisabled !== undefined &&
    body.isCommentRTDisplayDisabled !== before.isCommentRTDisplayDisabled
  ) {
    const template = await readTemplate(ctx.db, activity.id);
    await writeActivitySection(ctx.db, activity.agentId, activity.id, 'template', {
      ...template,
      isCommentRTDisplayDisabled: body.isCommentRTDisplayDisabled,
    });
  }
  return readFilter(ctx.db, activity.id);
}

// ---------------------------------------------------------------------------------------------------------------
// Viewers' comments.

export interface Author {
  userId: string;
  sid: string;
  nickname: string;
}

export type PostResult = { refused: ChatRefusal } | { comment: ChatComment };

/**
 * The restrictions on a viewer in an activity: a comment ban, the blacklist. The activity's blacklist names one
 * viewer id on one activity; a person the agent blocked in the CRM (seed 001 §6 block management) is on the blacklist
 * of every activity of the agent, under its mobile's id and the browsers merged into it.
 */
export async function restrictionsOf(db: Db, activityId: number, userId: string): Promise<Set<'ban' | 'blacklist'>> {
  const [rows, blocked] = await Promise.all([
    db
      .selectFrom('chatRestrictions')
      .select('kind')
      .where('activityId', '=', activityId)
      .where('viewerId', '=', userId)
      .execute(),
    isBlockedOnActivity(db, activityId, userId),
  ]);
  const kinds = new Set(rows.map((row) => row.kind as 'ban' | 'blacklist'));
  if (blocked) kinds.add('blacklist');
  return kinds;
}

export async function postViewerComment(
  ctx: AppContext,
  activity: ChatActivity,
  author: Author,
  rawText: string,
): Promise<PostResult> {
  const text = rawText.trim();
  if (!text) return { refused: CHAT_REFUSALS.empty };
  if (text.length > COMMENT_MAX_LENGTH) return { refused: CHAT_REFUSALS.tooLong };
  const restrictions = await restrictionsOf(ctx.db, activity.id, author.userId);
  if (restrictions.has('blacklist')) return { refused: CHAT_REFUSALS.blacklisted };
  if (restrictions.has('ban')) return { refused: CHAT_REFUSALS.banned };
  if (await take(ctx.limits, CHAT_COMMENT_RATE, `chat-comment:${activity.id}:${author.userId}`)) {
    return { refused: CHAT_REFUSALS.rateLimited };
  }
  const matcher = await agentMatcher(ctx.db, activity.agentId);
  const body = matcher.check(text);
  const name = matcher.check(author.nickname);
  if (body.verdict === 'reject' || name.verdict === 'reject') return { refused: CHAT_REFUSALS.sensitiveWord };
  const held = body.verdict === 'review' || name.verdict === 'review' || (await checkMode(ctx.db, activity.id));
  const row = await ctx.db
    .insertInto('comments')
    .values({
      activityId: activity.id,
      agentId: activity.agentId,
      viewerId: author.userId,
      sid: author.sid,
      nickname: name.masked,
      text: body.masked,
      status: held ? 'pending' : 'passed',
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  const comment = toComment(row);
  // Stored first, then heard: everyone hears a passed comment, only its author a held one.
  publishChat(ctx, activity.id, {
    type: 'chat.message',
    message: commentMessage(comment),
    ...(held ? { onlyUser: author.userId } : {}),
  });
  tellConsole(ctx, activity, comment);
  return { comment };
}

/** What a viewer reconnecting after comment `after` missed: the latest CHAT_REPLAY_MAX passed ones, oldest first. */
export async function missedComments(db: Db, activityId: number, after: number): Promise<ChatComment[]> {
  const rows = await db
    .selectFrom('comments')
    .select(COLUMNS)
    .where('activityId', '=', activityId)
    .where('id', '>', after)
    .where('status', '=', 'passed')
    .where('deletedAt', 'is', null)
    .orderBy('id', 'desc')
    .limit(CHAT_REPLAY_MAX)
    .execute();
  return rows.reverse().map(toComment);
}

/**
 * What a reconnecting viewer needs besides the comments it missed: the pinned comments as they stand (in the order
 * they were pinned; a pin or unpin while it was away would otherwise be lost), and which of the comments it may hold
 * (the last CHAT_REPLAY_MAX up to `after`) are gone meanwhile: deleted, or no longer passed, except the viewer's own,
 * which it keeps seeing while held or refused.
 */
export async function reconnectSync(
  db: Db,
  activityId: number,
  after: number,
  userId: string,
): Promise<{ pins: ChatComment[]; removedIds: number[] }> {
  const [pins, held] = await Promise.all([
    db
      .selectFrom('comments')
      .select(COLUMNS)
      .where('activityId', '=', activityId)
      .where('pinnedAt', 'is not', null)
      .where('deletedAt', 'is', null)
      .orderBy('pinnedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(PINNED_COMMENT_PAGE_SIZE)
      .execute(),
    db
      .selectFrom('comments')
      .select(['id', 'status', 'deletedAt', 'viewerId'])
      .where('activityId', '=', activityId)
      .where('id', '<=', after)
      .orderBy('id', 'desc')
      .limit(CHAT_REPLAY_MAX)
      .execute(),
  ]);
  const removedIds = held
    .filter((row) => row.deletedAt !== null || (row.status !== 'passed' && row.viewerId !== userId))
    .map((row) => row.id)
    .reverse();
  return { pins: pins.reverse().map(toComment), removedIds };
}

/** Whether a viewer is kicked out of an activity's chat (踢出) right now. */
export async function isKicked(db: Db, activityId: number, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('chatKicks')
    .select('until')
    .where('activityId', '=', activityId)
    .where('viewerId', '=', userId)
    .where('until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Keeps a kicked viewer out of the chat for CHAT_KICK_SECONDS from now (a later kick moves the end on). */
export async function recordKick(db: Db, activity: ChatActivity, userId: string): Promise<void> {
  const until = sql<Date>`now() + make_interval(secs => ${CHAT_KICK_SECONDS})`;
  await db
    .insertInto('chatKicks')
    .values({ activityId: activity.id, viewerId: userId, agentId: activity.agentId, until })
    .onConflict((oc) => oc.columns(['activityId', 'viewerId']).doUpdateSet({ until }))
    .execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Moderation.

const commentNotFound = () => notFound(CHAT_ERRORS.commentNotFound);

export async function listComments(
  db: Db,
  caller: Caller,
  activityId: number,
  query: z.output<typeof commentListQuery>,
): Promise<CommentList> {
  await moderated(db, caller, activityId);
  const shown = db.selectFrom('comments').where('activityId', '=', activityId).where('deletedAt', 'is', null);
  const filtered = query.status ? shown.where('status', '=', query.status) : shown;
  // Pending comments are worked through oldest first; the rest read newest first (seed 001 §4).
  const direction = query.status === 'pending' ? 'asc' : 'desc';
  const [rows, counts] = await Promise.all([
    filtered
      .select(COLUMNS)
      .orderBy('createdAt', direction)
      .orderBy('id', direction)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    shown
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute(),
  ]);
  const count = { pending: 0, passed: 0, failed: 0 };
  for (const row of counts) count[row.status] = Number(row.n);
  const total = query.status ? count[query.status] : count.pending + count.passed + count.failed;
  return {
    items: rows.map(toComment),
    pager: { page: query.page, pageSize: query.pageSize, total },
    counts: count,
  };
}

/** The activity's comments of these ids (not deleted), or 404 when one of them is not. */
async function commentsOf(db: Db, activityId: number, ids: number[]): Promise<Row[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .selectFrom('comments')
    .select(COLUMNS)
    .where('activityId', '=', activityId)
    .where('id', 'in', unique)
    .where('deletedAt', 'is', null)
    .execute();
  if (rows.length !== unique.length) throw commentNotFound();
  return rows;
}

export async function deleteComments(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  ids: number[],
): Promise<{ ok: true }> {
  const activity = await moderated(ctx.db, caller, activityId);
  const rows = await commentsOf(ctx.db, activity.id, ids);
  const gone = rows.map((row) => row.id);
  await ctx.db
    .updateTable('comments')
    .set({ deletedAt: sql<Date>`now()`, pinnedAt: null })
    .where('activityId', '=', activity.id)
    .where('id', 'in', gone)
    .execute();
  publishChat(ctx, activity.id, { type: 'chat.message', message: { type: 'deleted', ids: gone } });
  return { ok: true };
}

export async function reviewComments(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  body: z.output<typeof commentReview>,
): Promise<{ ok: true }> {
  const activity = await moderated(ctx.db, caller, activityId);
  const before = await commentsOf(ctx.db, activity.id, body.ids);
  const changed = before.filter((row) => row.status !== body.status);
  if (changed.length === 0) return { ok: true };
  const after = await ctx.db
    .updateTable('comments')
    .set({ status: body.status, ...(body.status === 'passed' ? {} : { pinnedAt: null }) })
    .where('activityId', '=', activity.id)
    .where(
      'id',
      'in',
      changed.map((row) => row.id),
    )
    .returning(COLUMNS)
    .execute();
  // Refused or back on the check list: viewers who saw it (it had passed) drop it first, then its author is told.
  const wasPassed = changed.filter((row) => row.status === 'passed').map((row) => row.id);
  if (body.status !== 'passed' && wasPassed.length > 0) {
    publishChat(ctx, activity.id, { type: 'chat.message', message: { type: 'deleted', ids: wasPassed } });
  }
  for (const row of after.sort((a, b) => a.id - b.id)) {
    const comment = toComment(row);
    if (body.status === 'passed') {
      // Approved: now every viewer hears it.
      publishChat(ctx, activity.id, { type: 'chat.message', message: commentMessage(comment) });
    } else if (row.viewerId) {
      publishChat(ctx, activity.id, { type: 'chat.message', message: commentMessage(comment), onlyUser: row.viewerId });
    }
  }
  return { ok: true };
}

export async function sendRobotComment(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  body: z.output<typeof robotCommentBody>,
): Promise<ChatComment> {
  const activity = await moderated(ctx.db, caller, activityId);
  const robot = await ownRows(ctx.db, 'robots', caller)
    .select(['id', 'nickname', 'avatar'])
    .where('id', '=', body.robotId)
    .executeTakeFirst();
  if (!robot) throw notFound(CHAT_ERRORS.robotNotFound);
  return postRobotComment(ctx, activity, robot, body.text);
}

/**
 * A comment in a robot's name, stored and heard like a viewer's (the staff's manual one, and the virtual audience's
 * own from a library). Robots are the agent's staff: what they say is passed as it is.
 */
export async function postRobotComment(
  ctx: AppContext,
  activity: ChatActivity,
  robot: { id: number; nickname: string; avatar: string },
  text: string,
): Promise<ChatComment> {
  const row = await ctx.db
    .insertInto('comments')
    .values({
      activityId: activity.id,
      agentId: activity.agentId,
      robotId: robot.id,
      isRobot: true,
      nickname: robot.nickname,
      avatar: robot.avatar,
      text,
      status: 'passed',
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  const comment = toComment(row);
  publishChat(ctx, activity.id, { type: 'chat.message', message: commentMessage(comment) });
  tellConsole(ctx, activity, comment);
  return comment;
}

export async function listPinnedComments(
  db: Db,
  caller: Caller,
  activityId: number,
  query: z.output<typeof pinnedCommentQuery>,
) {
  await moderated(db, caller, activityId);
  const pinned = db
    .selectFrom('comments')
    .where('activityId', '=', activityId)
    .where('pinnedAt', 'is not', null)
    .where('deletedAt', 'is', null);
  const [rows, count] = await Promise.all([
    pinned
      .select(COLUMNS)
      .orderBy('pinnedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    pinned.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(toComment),
    pager: { page: query.page, pageSize: query.pageSize, total: Number(count.total) },
  };
}

export async function setPinned(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  commentId: number,
  isPinned: boolean,
): Promise<ChatComment> {
  const activity = await moderated(ctx.db, caller, activityId);
  const [current] = await commentsOf(ctx.db, activity.id, [commentId]);
  if (isPinned && current?.status !== 'passed') throw badRequest(CHAT_ERRORS.pinNeedsPassed, undefined, 'commentId');
  const row = await ctx.db
    .updateTable('comments')
    .set({ pinnedAt: isPinned ? sql<Date>`coalesce(pinned_at, now())` : null })
    .where('id', '=', commentId)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  const comment = toComment(row);
  publishChat(ctx, activity.id, { type: 'chat.message', message: { type: 'pinned', comment, isPinned } });
  return comment;
}

// Comment bans (禁言) and the blacklist: one row per viewer and kind.

type Kind = 'ban' | 'blacklist';

export async function listRestricted(db: Db, caller: Caller, activityId: number, kind: Kind) {
  await moderated(db, caller, activityId);
  const rows = await db
    .selectFrom('chatRestrictions')
    .select(['viewerId', 'createdAt'])
    .where('activityId', '=', activityId)
    .where('kind', '=', kind)
    .orderBy('createdAt', 'desc')
    .limit(1_000)
    .execute();
  return { items: rows.map((row) => ({ userId: row.viewerId, createdAt: row.createdAt.toISOString() })) };
}

export async function restrict(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  kind: Kind,
  userId: string,
): Promise<{ ok: true }> {
  const activity = await moderated(ctx.db, caller, activityId);
  await ctx.db
    .insertInto('chatRestrictions')
    .values({ activityId: activity.id, viewerId: userId, kind, agentId: activity.agentId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  // A blacklisted viewer leaves the chat at once, on whichever process it is connected.
  if (kind === 'blacklist') publishChat(ctx, activity.id, { type: 'chat.block', userId });
  return { ok: true };
}

export async function lift(
  db: Db,
  caller: Caller,
  activityId: number,
  kind: Kind,
  userId: string,
): Promise<{ ok: true }> {
  await moderated(db, caller, activityId);
  await db
    .deleteFrom('chatRestrictions')
    .where('activityId', '=', activityId)
    .where('kind', '=', kind)
    .where('viewerId', '=', userId)
    .execute();
  return { ok: true };
}

export async function kickViewer(ctx: AppContext, caller: Caller, activityId: number, sid: string) {
  const activity = await moderated(ctx.db, caller, activityId);
  publishChat(ctx, activity.id, { type: 'chat.kick', sid });
  return { ok: true as const };
}

export async function chatReport(db: Db, caller: Caller, activityId: number): Promise<ChatReport> {
  await moderated(db, caller, activityId);
  const [statuses, hours] = await Promise.all([
    db
      .selectFrom('comments')
      .select([
        'status',
        'isRobot',
        sql<boolean>`deleted_at is not null`.as('deleted'),
        (eb) => eb.fn.countAll<string>().as('n'),
      ])
      .where('activityId', '=', activityId)
      .groupBy(['status', 'isRobot', sql`deleted_at is not null`])
      .execute(),
    sql<{ hour: Date; comments: string; robotComments: string }>`
      select date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour,
             count(*) filter (where not is_robot) as comments,
             count(*) filter (where is_robot) as robot_comments
      from comments
      where activity_id = ${activityId} and deleted_at is null
      group by 1 order by 1`.execute(db),
  ]);
  const counts = { pending: 0, passed: 0, failed: 0, deleted: 0, robot: 0 };
  for (const row of statuses) {
    const n = Number(row.n);
    if (row.deleted) counts.deleted += n;
    else if (row.isRobot) counts.robot += n;
    else counts[row.status] += n;
  }
  return {
    counts,
    hours: hours.rows.map((row) => ({
      hour: new Date(row.hour).toISOString(),
      comments: Number(row.comments),
      robotComments: Number(row.robotComments),
    })),
  };
}
