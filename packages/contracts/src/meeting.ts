import { z } from 'zod';
import { defineCalls } from './call.ts';
import { idParams, isoDateTime, pageQuery, pager } from './common.ts';
import { MEETING_PAGE_SIZE } from './constants.ts';

// The meeting of one activity: its interactive room, idle until someone joins and ongoing until it is ended (seed 000
// §3, seed 001 §3), each run kept with who joined it, and the join link's room.

export const MEETING_ERRORS = {
  meetingNotStarted: 'Meeting Not Started',
  meetingLinkInvalid: 'Meeting link invalid or expired',
} as const;

export const meetingState = z.enum(['idle', 'ongoing']);
/** POST /v3/activity/{id}/meeting/join: the body may be left out (a host joins under the caller's name). */
export const meetingJoinBody = z
  .object({
    nickname: z.string().trim().min(1, 'Nickname is required').max(30).optional(),
    role: z.enum(['host', 'guest']).default('host'),
  })
  .nullish();
export type MeetingJoinBody = z.infer<typeof meetingJoinBody>;
export const meetingJoin = z.object({
  meetingId: z.number().int(),
  role: z.enum(['host', 'guest']),
  token: z.string(),
  url: z.string(),
  expiresAt: isoDateTime,
});
export type MeetingJoin = z.infer<typeof meetingJoin>;
export const meetingSession = z.object({
  id: z.number().int(),
  state: z.enum(['ongoing', 'ended']),
  startedAt: isoDateTime,
  endedAt: isoDateTime.nullable(),
  participantCount: z.number().int(),
});
export type MeetingSession = z.infer<typeof meetingSession>;
export const meetingQuery = pageQuery(MEETING_PAGE_SIZE);
/** GET /activity/{id}/meeting: the state, the meeting in progress, and past meetings newest first. */
export const meetingDetails = z.object({
  state: meetingState,
  current: meetingSession.nullable(),
  items: z.array(meetingSession),
  pager,
});
export type MeetingDetails = z.infer<typeof meetingDetails>;

/**
 * POST /api/meeting/{id}/room: what the join link (/meeting/{id}?token=…) opens, for whoever holds the token, with no
 * console session. The token travels in the body so it stays out of request logs.
 */
export const meetingRoomBody = z.object({ token: z.string().trim().min(1, 'Token is required').max(2000) });
export type MeetingRoomBody = z.infer<typeof meetingRoomBody>;
export const meetingParticipant = z.object({
  nickname: z.string(),
  role: z.enum(['host', 'guest']),
  joinedAt: isoDateTime,
});
export const meetingRoom = z.object({
  activity: z.object({
    id: z.number().int(),
    name: z.string(),
    startedAt: isoDateTime.nullable(),
    endedAt: isoDateTime.nullable(),
  }),
  meeting: z.object({
    id: z.number().int(),
    state: z.enum(['ongoing', 'ended']),
    startedAt: isoDateTime,
    endedAt: isoDateTime.nullable(),
  }),
  /** Who this link joined as. */
  you: meetingParticipant,
  /** Who joined this meeting, first first, at most MEETING_ROOM_PARTICIPANTS. */
  participants: z.array(meetingParticipant),
  participantCount: z.number().int(),
  /** When the link stops opening the room. */
  expiresAt: isoDateTime,
});
export type MeetingRoom = z.infer<typeof meetingRoom>;
export const MEETING_ROOM_PARTICIPANTS = 200;

export const meetingCalls = defineCalls('meeting', {
  joinMeeting: {
    method: 'POST',
    path: '/v3/activity/:id/meeting/join',
    summary: 'Join the activity’s meeting (starting it when idle) and get a signed join link',
    access: 'signedIn',
    params: idParams,
    body: meetingJoinBody,
    response: meetingJoin,
  },
  endMeeting: {
    method: 'POST',
    path: '/activity/:id/meeting/end',
    summary: 'End the meeting in progress',
    access: 'signedIn',
    params: idParams,
    response: meetingSession,
  },
  getMeetingDetails: {
    method: 'GET',
    path: '/activity/:id/meeting',
    summary: 'The meeting’s state, the run in progress and past runs, newest first',
    access: 'signedIn',
    params: idParams,
    query: meetingQuery,
    response: meetingDetails,
  },
  getMeetingRoom: {
    method: 'POST',
    path: '/meeting/:id/room',
    summary: 'The room a join link opens; the link’s signed token is the permission',
    access: 'public',
    params: idParams,
    body: meetingRoomBody,
    response: meetingRoom,
  },
});
