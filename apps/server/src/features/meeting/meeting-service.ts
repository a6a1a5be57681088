import {
  ERROR_MESSAGES,
  MEETING_ATTENDEES_SHOWN,
  MEETING_ERRORS,
  MEETING_ROOM_PARTICIPANTS,
  MEETING_TOKEN_TTL_SECONDS,
  type MeetingAttendee,
  type MeetingDetails,
  type MeetingJoin,
  type MeetingJoinBody,
  type MeetingRoom,
  type MeetingSession,
} from '@yanbo/contracts';
import { sql } from 'kysely';
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

type SessionWithCount = SessionRow & { participantCount: string | number | null };

/** The hub channel of one meeting's room: joins, leaves, relayed signals, and its end (see meeting-socket.ts). */
export const meetingChannel = (meetingId: number) => `meeting:${meetingId}`;

/**
 * Who entered each meeting's room and for how long, the earliest first, at most MEETING_ATTENDEES_SHOWN each: one line
 * per participant over its attendances (a participant may leave and come back), still-open ones counted until now.
 */
async function attendeesOf(db: Db, meetingIds: number[]) {
  const byMeeting = new Map<number, { attendees: MeetingAttendee[]; count: number }>();
  for (const id of meetingIds) byMeeting.set(id, { attendees: [], count: 0 });
  if (meetingIds.length === 0) return byMeeting;
  const rows = await sql<{
    meetingId: number;
    nickname: string;
    role: 'host' | 'guest';
    joinedAt: Date;
    leftAt: Date | null;
    online: boolean;
    seconds: string | number;
    rank: string | number;
    total: string | number;
  }>`
    select * from (
      select a.meeting_id as "meetingId", p.nickname, p.role,
             min(a.joined_at) as "joinedAt",
             case when bool_or(a.left_at is null) then null else max(a.left_at) end as "leftAt",
             bool_or(a.left_at is null) as online,
             floor(sum(extract(epoch from (coalesce(a.left_at, now()) - a.joined_at)))) as seconds,
             row_number() over (partition by a.meeting_id order by min(a.joined_at), a.participant_id) as rank,
             count(*) over (partition by a.meeting_id) as total
        from meeting_attendances a
        join meeting_participants p on p.id = a.participant_id
       where a.meeting_id in (${sql.join(meetingIds)})
       group by a.meeting_id, a.participant_id, p.nickname, p.role
    ) ranked
    where rank <= ${MEETING_ATTENDEES_SHOWN}
    order by "meetingId", rank`.execute(db);
  for (const row of rows.rows) {
    const entry = byMeeting.get(row.meetingId);
    if (!entry) continue;
    entry.count = Number(row.total);
    entry.attendees.push({
      nickname: row.nickname,
      role: row.role,
      joinedAt: new Date(row.joinedAt).toISOString(),
      leftAt: row.leftAt ? new Date(row.leftAt).toISOString() : null,
      durationSeconds: Math.max(0, Number(row.seconds)),
      online: Boolean(row.online),
    });
  }
  return byMeeting;
}

async function toSessions(db: Db, rows: SessionWithCount[]): Promise<MeetingSession[]> {
  const attendance = await attendeesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    state: row.state,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    participantCount: Number(row.participantCount ?? 0),
    attendees: attendance.get(row.id)?.attendees ?? [],
    attendeeCount: attendance.get(row.id)?.count ?? 0,
  }));
}

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

/**
 * 结束会议: the meeting ends for everyone. Who is in its room leaves now (their attendance closes with it), every socket
 * hears MEETING_ENDED_NOTICE and is closed, and its links never enter again; the activity is idle until the next
 * 加入会议 starts a new meeting.
 */
export async function endMeeting(
  ctx: Pick<AppContext, 'db' | 'realtime'>,
  caller: Caller,
  activityId: number,
): Promise<MeetingSession> {
  await ownActivity(ctx.db, caller, activityId);
  const now = new Date();
  const ended = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('meetings')
      .set({ state: 'ended', endedAt: now })
      .where('activityId', '=', activityId)
      .where('state', '=', 'ongoing')
      .returning('id')
      .executeTakeFirst();
    if (row) {
      await trx
        .updateTable('meetingAttendances')
        .set({ leftAt: now })
        .where('meetingId', '=', row.id)
        .where('leftAt', 'is', null)
        .execute();
    }
    return row;
  });
  if (!ended) throw badRequest(MEETING_ERRORS.meetingNotStarted);
  ctx.realtime.publish(meetingChannel(ended.id), { type: 'meeting.ended' });
  const [session] = await toSessions(ctx.db, [
    await sessions(ctx.db, activityId).where('meetings.id', '=', ended.id).executeTakeFirstOrThrow(),
  ]);
  return session as MeetingSession;
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
  const [items, [currentSession]] = await Promise.all([
    toSessions(db, rows),
    current ? toSessions(db, [current]) : Promise.resolve([]),
  ]);
  return {
    state: current ? 'ongoing' : 'idle',
    current: currentSession ?? null,
    items,
    pager: { page: query.page, pageSize: query.pageSize, total: Number(count.total) },
  };
}

export type MeetingTokenPayload = {
  activityId: number;
  meetingId: number;
  participantId: number;
  role: 'host' | 'guest';
};

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
