import {
  ERROR_MESSAGES,
  MEETING_ERRORS,
  MEETING_ROOM_PARTICIPANTS,
  MEETING_TOKEN_TTL_SECONDS,
  type MeetingDetails,
  type MeetingJoin,
  type MeetingJoinBody,
  type MeetingRoom,
  type MeetingSession,
} from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { signToken, verifyToken } from '../../platform/signed-token.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { toEndedAt } from '../activities/index.ts';

// A meeting is the interactive room of an activity: idle until someone joins, ongoing until it is ended (seed 000
// §3, seed 001 §4). Each run is a row, with who joined it.

export const MEETING_TOKEN_PURPOSE = 'meeting';

type SessionRow = { id: number; state: 'ongoing' | 'ended'; startedAt: Date; endedAt: Date | null };

function sessions(db: Db, activityId: number) {
  return db
    .selectFrom('meetings')
    .select((eb) => [
      'meetings.id',
      'meetings.state',
      'meetings.startedAt',
      'meetings.endedAt',
      eb
        .selectFrom('meetingParticipants')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('meetingParticipants.meetingId', '=', 'meetings.id')
        .as('participantCount'),
    ])
    .where('meetings.activityId', '=', activityId);
}

const toSession = (row: SessionRow & { participantCount: string | number | null }): MeetingSession => ({
  id: row.id,
  state: row.state,
  startedAt: row.startedAt.toISOString(),
  endedAt: row.endedAt?.toISOString() ?? null,
  participantCount: Number(row.participantCount ?? 0),
});

async function ongoingMeeting(db: Db, activityId: number) {
  return db
    .selectFrom('meetings')
    .select('id')
    .where('activityId', '=', activityId)
    .where('state', '=', 'ongoing')
    .executeTakeFirst();
}

/** Joins the meeting in progress, or starts one: answers the address and token a meeting client opens. */
export async function joinMeeting(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  body: MeetingJoinBody,
): Promise<MeetingJoin> {
  await ownActivity(ctx.db, caller, activityId);
  let meeting = await ongoingMeeting(ctx.db, activityId);
  // Two joins at once may both start one; the unique index keeps one and the other joins it.
  for (let attempt = 0; !meeting && attempt < 3; attempt++) {
    meeting = await ctx.db
      .insertInto('meetings')
      .values({ activityId, agentId: caller.agentId, state: 'ongoing' })
      .onConflict((oc) => oc.column('activityId').where('state', '=', 'ongoing').doNothing())
      .returning('id')
      .executeTakeFirst();
    meeting ??= await ongoingMeeting(ctx.db, activityId);
  }
  if (!meeting) throw conflict('The meeting is changing, try again');
  const meetingId = meeting.id;
  const role = body?.role ?? 'host';
  const nickname =
    body?.nickname ??
    (caller.subagent?.remark || caller.subagent?.username || caller.agent.contact || caller.agent.mobile);
  const participant = await ctx.db
    .insertInto('meetingParticipants')
    .values({ meetingId, nickname, role })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token, expiresAt } = signToken(
    ctx.secretKey,
    MEETING_TOKEN_PURPOSE,
    { activityId, meetingId, participantId: participant.id, role },
    MEETING_TOKEN_TTL_SECONDS * 1000,
  );
  return {
    meetingId,
    role,
    token,
    url: `/meeting/${activityId}?token=${encodeURIComponent(token)}`,
    expiresAt: expiresAt.toISOString(),
  };
}

export async function endMeeting(db: Db, caller: Caller, activityId: number): Promise<MeetingSession> {
  await ownActivity(db, caller, activityId);
  const ended = await db
    .updateTable('meetings')
    .set({ state: 'ended', endedAt: new Date() })
    .where('activityId', '=', activityId)
    .where('state', '=', 'ongoing')
    .returning('id')
    .executeTakeFirst();
  if (!ended) throw badRequest(MEETING_ERRORS.meetingNotStarted);
  return toSession(await sessions(db, activityId).where('meetings.id', '=', ended.id).executeTakeFirstOrThrow());
}

/** The state, the meeting in progress, and the meetings of the activity newest first, a page at a time. */
export async function getMeetingDetails(
  db: Db,
  caller: Caller,
  activityId: number,
  query: { page: number; pageSize: number },
): Promise<MeetingDetails> {
  await ownActivity(db, caller, activityId);
  const [rows, count, current] = await Promise.all([
    sessions(db, activityId)
      .orderBy('meetings.startedAt', 'desc')
      .orderBy('meetings.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom('meetings')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('activityId', '=', activityId)
      .executeTakeFirstOrThrow(),
    sessions(db, activityId).where('meetings.state', '=', 'ongoing').executeTakeFirst(),
  ]);
  return {
    state: current ? 'ongoing' : 'idle',
    current: current ? toSession(current) : null,
    items: rows.map(toSession),
    pager: { page: query.page, pageSize: query.pageSize, total: Number(count.total) },
  };
}

type MeetingTokenPayload = { activityId: number; meetingId: number; participantId: number; role: 'host' | 'guest' };

/**
 * POST /api/meeting/{id}/room: the room a join link opens, for whoever holds its token (no console session): the
 * activity, the meeting's state, who the link joined as and who else joined. A token that is forged, expired or made
 * for another activity is refused alike, so a link says nothing about activities it was not made for.
 */
export async function getMeetingRoom(
  ctx: Pick<AppContext, 'db' | 'secretKey'>,
  activityId: number,
  token: string,
): Promise<MeetingRoom> {
  const payload = verifyToken<MeetingTokenPayload & { exp: number }>(ctx.secretKey, MEETING_TOKEN_PURPOSE, token);
  if (!payload || payload.activityId !== activityId) throw forbidden(MEETING_ERRORS.meetingLinkInvalid);
  const { db } = ctx;
  const [activity, meeting, participants, count] = await Promise.all([
    db
      .selectFrom('activities')
      .select(['id', 'name', 'startedAt', 'endedAt'])
      .where('id', '=', activityId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst(),
    db
      .selectFrom('meetings')
      .select(['id', 'state', 'startedAt', 'endedAt'])
      .where('id', '=', payload.meetingId)
      .where('activityId', '=', activityId)
      .executeTakeFirst(),
    db
      .selectFrom('meetingParticipants')
      .select(['id', 'nickname', 'role', 'joinedAt'])
      .where('meetingId', '=', payload.meetingId)
      .orderBy('joinedAt')
      .orderBy('id')
      .limit(MEETING_ROOM_PARTICIPANTS)
      .execute(),
    db
      .selectFrom('meetingParticipants')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('meetingId', '=', payload.meetingId)
      .executeTakeFirstOrThrow(),
  ]);
  if (!activity || !meeting) throw notFound(ERROR_MESSAGES.activityNotFound);
  const you =
    participants.find((row) => row.id === payload.participantId) ??
    (await db
      .selectFrom('meetingParticipants')
      .select(['id', 'nickname', 'role', 'joinedAt'])
      .where('id', '=', payload.participantId)
      .where('meetingId', '=', payload.meetingId)
      .executeTakeFirst());
  if (!you) throw forbidden(MEETING_ERRORS.meetingLinkInvalid);
  const toParticipant = (row: { nickname: string; role: 'host' | 'guest'; joinedAt: Date }) => ({
    nickname: row.nickname,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
  });
  return {
    activity: {
      id: activity.id,
      name: activity.name,
      startedAt: activity.startedAt?.toISOString() ?? null,
      endedAt: toEndedAt(activity.endedAt),
    },
    meeting: {
      id: meeting.id,
      state: meeting.state,
      startedAt: meeting.startedAt.toISOString(),
      endedAt: meeting.endedAt?.toISOString() ?? null,
    },
    you: toParticipant(you),
    participants: participants.map(toParticipant),
    participantCount: Number(count.n),
    expiresAt: new Date(payload.exp).toISOString(),
  };
}
