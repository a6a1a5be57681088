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
/** One participant's time in a meeting's room: first entered, last left (null while in it), and the seconds in it. */
export const meetingAttendee = z.object({
  nickname: z.string(),
  role: z.enum(['host', 'guest']),
  joinedAt: isoDateTime,
  leftAt: isoDateTime.nullable(),
  durationSeconds: z.number().int(),
  /** In the room now. */
  online: z.boolean(),
});
export type MeetingAttendee = z.infer<typeof meetingAttendee>;
/** The attendees listed with each meeting, the earliest first; attendeeCount says how many there are in all. */
export const MEETING_ATTENDEES_SHOWN = 50;
export const meetingSession = z.object({
  id: z.number().int(),
  state: z.enum(['ongoing', 'ended']),
  startedAt: isoDateTime,
  endedAt: isoDateTime.nullable(),
  /** Join links made for it (each 加入会议 or invitation is one participant). */
  participantCount: z.number().int(),
  /** Who entered its room and for how long (at most MEETING_ATTENDEES_SHOWN). */
  attendees: z.array(meetingAttendee),
  attendeeCount: z.number().int(),
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

// The meeting room's signalling socket (issue 10): GET /api/meeting/{id}/signal upgrades to a WebSocket. The first
// message is hello with the join link's token; the server answers welcome (who is in the room) or refused and closes.
// Each pair of participants then holds one RTCPeerConnection (a mesh): the newcomer offers to everyone already in the
// room, the server relays offers, answers and ICE candidates between them, and says who joins and leaves. Ending the
// meeting (结束会议) sends everyone `ended` and closes every socket; the ended meeting's links never enter again.

/** The signalling socket's path under /api. */
export const MEETING_SIGNAL_PATH = '/meeting/:id/signal';
/** Participants in one room at once (a mesh: each sends its media to every other). */
export const MEETING_ROOM_CAPACITY = 6;
/** One message on the socket, at most (bytes): a session description is several KiB; a longer message closes it. */
export const MEETING_MAX_MESSAGE_BYTES = 64 * 1024;
/** A new socket says hello within this long or is closed. */
export const MEETING_HANDSHAKE_MS = 5_000;
export const MEETING_CLOSE_CODES = {
  ended: 4000,
  replaced: 4001,
  refused: 4003,
  full: 4013,
  flood: 4029,
  handshakeTimeout: 4408,
} as const;

export const MEETING_REFUSALS = {
  linkInvalid: 'MEETING_LINK_INVALID',
  ended: 'MEETING_ENDED',
  full: 'MEETING_FULL',
  busy: 'MEETING_BUSY',
  badMessage: 'MEETING_BAD_MESSAGE',
  notReady: 'MEETING_NOT_READY',
} as const;
export type MeetingRefusal = (typeof MEETING_REFUSALS)[keyof typeof MEETING_REFUSALS];
/** What the room page shows for each refusal (the socket sends it as the refusal's message). */
export const MEETING_REFUSAL_TEXTS: Record<MeetingRefusal, string> = {
  MEETING_LINK_INVALID: '会议链接无效或已过期',
  MEETING_ENDED: '会议已结束',
  MEETING_FULL: `会议室已满（最多 ${MEETING_ROOM_CAPACITY} 人），请稍后再试`,
  MEETING_BUSY: '连接过多，请稍后再试',
  MEETING_BAD_MESSAGE: '无法识别的消息',
  MEETING_NOT_READY: '请先加入会议',
};
/** The notice every participant gets when the meeting is ended. */
export const MEETING_ENDED_NOTICE = '会议已结束';

const peerId = z.number().int().positive();
/** What one peer sends another through the server: its session description, or one ICE candidate. */
export const meetingSignal = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('offer'), sdp: z.string().max(MEETING_MAX_MESSAGE_BYTES) }),
  z.object({ kind: z.literal('answer'), sdp: z.string().max(MEETING_MAX_MESSAGE_BYTES) }),
  z.object({
    kind: z.literal('candidate'),
    candidate: z.object({
      candidate: z.string().max(2000),
      sdpMid: z.string().max(100).nullish(),
      sdpMLineIndex: z.number().int().min(0).max(1000).nullish(),
      usernameFragment: z.string().max(256).nullish(),
    }),
  }),
]);
export type MeetingSignal = z.infer<typeof meetingSignal>;
const mediaState = { audio: z.boolean(), video: z.boolean() };

export const meetingClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), token: z.string().min(1).max(2000), ...mediaState }),
  z.object({ type: z.literal('signal'), to: peerId, signal: meetingSignal }),
  /** The sender's microphone or camera was turned on or off. */
  z.object({ type: z.literal('media'), ...mediaState }),
  z.object({ type: z.literal('ping') }),
]);
export type MeetingClientMessage = z.infer<typeof meetingClientMessage>;

export const meetingPeer = z.object({
  peerId,
  nickname: z.string(),
  role: z.enum(['host', 'guest']),
  ...mediaState,
});
export type MeetingPeer = z.infer<typeof meetingPeer>;
export const meetingIceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type MeetingIceServer = z.infer<typeof meetingIceServer>;

export const meetingServerMessage = z.discriminatedUnion('type', [
  /** The answer to hello: who this socket is, who is already in the room (offer to each), the ICE servers to use. */
  z.object({
    type: z.literal('welcome'),
    you: meetingPeer,
    peers: z.array(meetingPeer),
    iceServers: z.array(meetingIceServer),
  }),
  z.object({ type: z.literal('joined'), peer: meetingPeer }),
  z.object({ type: z.literal('left'), peerId }),
  /** A peer's signal, with who it is (an offer may come before its joined). */
  z.object({ type: z.literal('signal'), from: peerId, peer: meetingPeer, signal: meetingSignal }),
  z.object({ type: z.literal('media'), peerId, ...mediaState }),
  z.object({
    type: z.literal('refused'),
    code: z.enum(Object.values(MEETING_REFUSALS) as [MeetingRefusal]),
    message: z.string(),
  }),
  z.object({ type: z.literal('ended'), message: z.string() }),
]);
export type MeetingServerMessage = z.infer<typeof meetingServerMessage>;
