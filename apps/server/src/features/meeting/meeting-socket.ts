import {
  idParams,
  MEETING_CLOSE_CODES,
  MEETING_ENDED_NOTICE,
  MEETING_HANDSHAKE_MS,
  MEETING_MAX_MESSAGE_BYTES,
  MEETING_REFUSAL_TEXTS,
  MEETING_REFUSALS,
  MEETING_ROOM_CAPACITY,
  MEETING_SIGNAL_PATH,
  type MeetingPeer,
  type MeetingRefusal,
  type MeetingServerMessage,
  type MeetingSignal,
  meetingClientMessage,
} from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../app-context.ts';
import { acquireAll } from '../../platform/rate-limit.ts';
import type { RealtimeEvent } from '../../platform/realtime/hub.ts';
import { verifyToken } from '../../platform/signed-token.ts';
import { MEETING_TOKEN_PURPOSE, type MeetingTokenPayload, meetingChannel } from './meeting-service.ts';

// The meeting room's signalling socket (issue 10): GET /api/meeting/{id}/signal upgrades; hello carries the join link's
// token. The room's truth is the database: the open meeting_attendances rows are who is in it (MEETING_ROOM_CAPACITY at
// most, checked under the meeting row's lock), so processes agree; each process keeps its own sockets and the room's
// joins, leaves, signals and end travel on the realtime hub (meetingChannel). Bounded before anything is trusted: a
// message is at most MEETING_MAX_MESSAGE_BYTES (a longer one is closed 1009), hello within MEETING_HANDSHAKE_MS, so
// many sockets per address and in all, so many messages per window, and a socket that answers no ping is dropped.

const SOCKETS_PER_IP_PER_ACTIVITY = 12;
const SOCKETS_PER_IP = 30;
const SOCKETS_TOTAL = 3_000;
/** Joining a full mesh sends an offer and a few ICE candidates to each peer: well under this. */
const MESSAGES_PER_WINDOW = 300;
const MESSAGE_WINDOW_MS = 10_000;
const PING_EVERY_MS = 10_000;

type HubEvent =
  | { type: 'meeting.joined'; peer: MeetingPeer }
  | { type: 'meeting.left'; peerId: number }
  | { type: 'meeting.signal'; from: MeetingPeer; to: number; signal: MeetingSignal }
  | { type: 'meeting.media'; peerId: number; audio: boolean; video: boolean }
  | { type: 'meeting.replaced'; peerId: number }
  | { type: 'meeting.ended' };

interface Participant {
  socket: WebSocket;
  peer: MeetingPeer | null;
  meetingId: number;
  alive: boolean;
}

interface Room {
  participants: Set<Participant>;
  unsubscribe: () => void;
}

function send(participant: Participant, message: MeetingServerMessage) {
  if (participant.socket.readyState === participant.socket.OPEN) participant.socket.send(JSON.stringify(message));
}

function refuse(socket: WebSocket, code: MeetingRefusal, closeCode?: number) {
  if (socket.readyState !== socket.OPEN) return;
  socket.send(
    JSON.stringify({ type: 'refused', code, message: MEETING_REFUSAL_TEXTS[code] } satisfies MeetingServerMessage),
  );
  if (closeCode) socket.close(closeCode, code);
}

function createRooms(ctx: AppContext) {
  const rooms = new Map<number, Room>();

  const onEvent = (room: Room, event: HubEvent) => {
    for (const participant of room.participants) {
      const self = participant.peer?.peerId;
      if (self === undefined) continue;
      switch (event.type) {
        case 'meeting.joined':
          if (event.peer.peerId !== self) send(participant, { type: 'joined', peer: event.peer });
          break;
        case 'meeting.left':
          if (event.peerId !== self) send(participant, { type: 'left', peerId: event.peerId });
          break;
        case 'meeting.signal':
          if (event.to === self)
            send(participant, { type: 'signal', from: event.from.peerId, peer: event.from, signal: event.signal });
          break;
        case 'meeting.media':
          if (event.peerId !== self)
            send(participant, { type: 'media', peerId: event.peerId, audio: event.audio, video: event.video });
          break;
        case 'meeting.replaced':
          if (event.peerId === self) participant.socket.close(MEETING_CLOSE_CODES.replaced, 'replaced');
          break;
        case 'meeting.ended':
          send(participant, { type: 'ended', message: MEETING_ENDED_NOTICE });
          participant.socket.close(MEETING_CLOSE_CODES.ended, 'ended');
          break;
      }
    }
  };

  /** The process listens to the meeting's channel while it holds one of its sockets (before the socket is admitted). */
  const enter = (participant: Participant) => {
    let room = rooms.get(participant.meetingId);
    if (!room) {
      const created: Room = { participants: new Set(), unsubscribe: () => {} };
      created.unsubscribe = ctx.realtime.subscribe(meetingChannel(participant.meetingId), (event: RealtimeEvent) =>
        onEvent(created, event as HubEvent),
      );
      rooms.set(participant.meetingId, created);
      room = created;
    }
    room.participants.add(participant);
  };

  const exit = (participant: Participant) => {
    const room = rooms.get(participant.meetingId);
    if (!room?.participants.delete(participant)) return;
    if (room.participants.size > 0) return;
    room.unsubscribe();
    rooms.delete(participant.meetingId);
  };

  const beat = setInterval(() => {
    for (const room of rooms.values()) {
      for (const participant of room.participants) {
        if (!participant.alive) {
          participant.socket.terminate();
          continue;
        }
        participant.alive = false;
        participant.socket.ping();
      }
    }
  }, PING_EVERY_MS);
  beat.unref();

  return {
    enter,
    exit,
    publish: (meetingId: number, event: HubEvent) => ctx.realtime.publish(meetingChannel(meetingId), event),
    close() {
      clearInterval(beat);
      for (const room of rooms.values()) room.unsubscribe();
      rooms.clear();
    },
  };
}

type Admission = { refused: MeetingRefusal } | { you: MeetingPeer; peers: MeetingPeer[]; replaced: number[] };

/**
 * Admits a link's participant into its meeting's room, under the meeting row's lock: the meeting must be going on,
 * the room hold fewer than MEETING_ROOM_CAPACITY others. A participant already in the room (another tab) is replaced.
 */
async function admit(
  ctx: AppContext,
  payload: MeetingTokenPayload,
  media: { audio: boolean; video: boolean },
): Promise<Admission> {
  return ctx.db.transaction().execute(async (trx): Promise<Admission> => {
    const meeting = await trx
      .selectFrom('meetings')
      .select(['id', 'state'])
      .where('id', '=', payload.meetingId)
      .where('activityId', '=', payload.activityId)
      .forUpdate()
      .executeTakeFirst();
    if (!meeting) return { refused: MEETING_REFUSALS.linkInvalid };
    if (meeting.state !== 'ongoing') return { refused: MEETING_REFUSALS.ended };
    const participant = await trx
      .selectFrom('meetingParticipants')
      .select(['id', 'nickname', 'role'])
      .where('id', '=', payload.participantId)
      .where('meetingId', '=', meeting.id)
      .executeTakeFirst();
    if (!participant) return { refused: MEETING_REFUSALS.linkInvalid };
    const open = await trx
      .selectFrom('meetingAttendances as a')
      .innerJoin('meetingParticipants as p', 'p.id', 'a.participantId')
      .select(['a.id', 'a.participantId', 'a.audio', 'a.video', 'p.nickname', 'p.role'])
      .where('a.meetingId', '=', meeting.id)
      .where('a.leftAt', 'is', null)
      .orderBy('a.id')
      .execute();
    const others = open.filter((row) => row.participantId !== participant.id);
    if (others.length >= MEETING_ROOM_CAPACITY) return { refused: MEETING_REFUSALS.full };
    const replaced = open.filter((row) => row.participantId === participant.id).map((row) => row.id);
    if (replaced.length > 0) {
      await trx.updateTable('meetingAttendances').set({ leftAt: new Date() }).where('id', 'in', replaced).execute();
    }
    const row = await trx
      .insertInto('meetingAttendances')
      .values({ meetingId: meeting.id, participantId: participant.id, ...media })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      you: { peerId: row.id, nickname: participant.nickname, role: participant.role, ...media },
      peers: others.map((other) => ({
        peerId: other.id,
        nickname: other.nickname,
        role: other.role,
        audio: other.audio,
        video: other.video,
      })),
      replaced,
    };
  });
}

export function registerMeetingSocket(server: FastifyInstance, ctx: AppContext) {
  const rooms = createRooms(ctx);
  server.addHook('onClose', async () => rooms.close());

  server.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: MEETING_SIGNAL_PATH,
    schema: { params: idParams, hide: true },
    // Public: guests have no console session; hello's token is the permission.
    config: { auth: false },
    handler: async (_request, reply) => reply.code(404).send(),
    wsHandler: (socket, request) => {
      const activityId = request.params.id;
      let participant: Participant | null = null;
      let release: (() => void) | null = null;
      let closed = false;
      let helloStarted = false;
      let sent = 0;
      let windowEnds = Date.now() + MESSAGE_WINDOW_MS;
      let chain: Promise<void> = Promise.resolve();

      const deadline = setTimeout(() => {
        if (!participant?.peer) socket.close(MEETING_CLOSE_CODES.handshakeTimeout, 'hello expected');
      }, MEETING_HANDSHAKE_MS);

      socket.on('pong', () => {
        if (participant) participant.alive = true;
      });
      socket.once('close', () => {
        closed = true;
        clearTimeout(deadline);
        release?.();
        const leaving = participant;
        if (!leaving) return;
        rooms.exit(leaving);
        const peer = leaving.peer;
        if (!peer) return;
        // The leave is recorded (unless the meeting's end or a newer socket of the same link already closed it).
        chain = chain
          .then(async () => {
            const left = await ctx.db
              .updateTable('meetingAttendances')
              .set({ leftAt: new Date() })
              .where('id', '=', peer.peerId)
              .where('leftAt', 'is', null)
              .returning('id')
              .executeTakeFirst();
            if (left) rooms.publish(leaving.meetingId, { type: 'meeting.left', peerId: peer.peerId });
          })
          .catch((error) => request.log.warn(`meeting leave: ${error}`));
      });
      socket.on('message', (data, isBinary) => {
        const size = Array.isArray(data)
          ? data.reduce((sum, part) => sum + part.length, 0)
          : (data as Buffer | ArrayBuffer).byteLength;
        if (size > MEETING_MAX_MESSAGE_BYTES) {
          socket.close(1009, 'message too big');
          return;
        }
        const now = Date.now();
        if (now > windowEnds) {
          sent = 0;
          windowEnds = now + MESSAGE_WINDOW_MS;
        }
        sent += 1;
        if (sent > MESSAGES_PER_WINDOW) {
          socket.close(MEETING_CLOSE_CODES.flood, 'too many messages');
          return;
        }
        const text = isBinary ? '' : String(data);
        chain = chain
          .then(() => (closed ? undefined : handle(text)))
          .catch((error) => {
            request.log.warn(`meeting message: ${error}`);
            if (!participant?.peer) socket.close(1011, 'try again');
          });
      });

      const ready = (async () => {
        release = await acquireAll(ctx.limits, [
          { key: `meeting:ip-activity:${request.ip}:${activityId}`, max: SOCKETS_PER_IP_PER_ACTIVITY },
          { key: `meeting:ip:${request.ip}`, max: SOCKETS_PER_IP },
          { key: 'meeting:total', max: SOCKETS_TOTAL },
        ]);
        if (closed) release?.();
        else if (!release) refuse(socket, MEETING_REFUSALS.busy, MEETING_CLOSE_CODES.full);
        return release !== null && !closed;
      })();

      async function hello(token: string, media: { audio: boolean; video: boolean }) {
        helloStarted = true;
        if (!(await ready)) return;
        const payload = verifyToken<MeetingTokenPayload & { exp: number }>(ctx.secretKey, MEETING_TOKEN_PURPOSE, token);
        if (!payload || payload.activityId !== activityId) {
          refuse(socket, MEETING_REFUSALS.linkInvalid, MEETING_CLOSE_CODES.refused);
          return;
        }
        // Listening before the admission, so nothing said to the new peer after it is admitted is missed.
        const entering: Participant = { socket, peer: null, meetingId: payload.meetingId, alive: true };
        participant = entering;
        rooms.enter(entering);
        const admission = await admit(ctx, payload, media);
        if ('refused' in admission) {
          rooms.exit(entering);
          participant = null;
          const code =
            admission.refused === MEETING_REFUSALS.full ? MEETING_CLOSE_CODES.full : MEETING_CLOSE_CODES.ended;
          refuse(socket, admission.refused, code);
          return;
        }
        entering.peer = admission.you;
        clearTimeout(deadline);
        for (const peerId of admission.replaced) {
          rooms.publish(payload.meetingId, { type: 'meeting.replaced', peerId });
          rooms.publish(payload.meetingId, { type: 'meeting.left', peerId });
        }
        if (closed) {
          // Gone during the admission: the close handler saw no peer yet, so the leave is recorded here.
          await ctx.db
            .updateTable('meetingAttendances')
            .set({ leftAt: new Date() })
            .where('id', '=', admission.you.peerId)
            .where('leftAt', 'is', null)
            .execute();
          return;
        }
        send(entering, {
          type: 'welcome',
          you: admission.you,
          peers: admission.peers,
          iceServers: ctx.config.meetingIceServers,
        });
        rooms.publish(payload.meetingId, { type: 'meeting.joined', peer: admission.you });
      }

      async function handle(text: string) {
        let raw: unknown;
        try {
          raw = JSON.parse(text);
        } catch {
          raw = undefined;
        }
        const parsed = meetingClientMessage.safeParse(raw);
        if (!parsed.success) {
          refuse(socket, MEETING_REFUSALS.badMessage);
          return;
        }
        const message = parsed.data;
        if (message.type === 'ping') return;
        if (message.type === 'hello') {
          if (!helloStarted) await hello(message.token, { audio: message.audio, video: message.video });
          return;
        }
        const self = participant?.peer;
        if (!participant || !self) {
          refuse(socket, MEETING_REFUSALS.notReady);
          return;
        }
        if (message.type === 'signal') {
          if (message.to === self.peerId) return;
          rooms.publish(participant.meetingId, {
            type: 'meeting.signal',
            from: self,
            to: message.to,
            signal: message.signal,
          });
          return;
        }
        self.audio = message.audio;
        self.video = message.video;
        await ctx.db
          .updateTable('meetingAttendances')
          .set({ audio: message.audio, video: message.video })
          .where('id', '=', self.peerId)
          .execute();
        rooms.publish(participant.meetingId, {
          type: 'meeting.media',
          peerId: self.peerId,
          audio: message.audio,
          video: message.video,
        });
      }
    },
  });
}
