import { randomBytes } from 'node:crypto';
import {
  CHAT_CLOSE_CODES,
  CHAT_HANDSHAKE_MS,
  CHAT_MAX_MESSAGE_BYTES,
  CHAT_NICKNAME_MAX_LENGTH,
  CHAT_REFUSAL_MESSAGES,
  CHAT_REFUSALS,
  CHAT_SOCKET_PATH,
  type ChatRefusal,
  type ChatServerMessage,
  chatClientMessage,
  ERROR_MESSAGES,
  idParams,
  type MobileGate,
  maskMobile,
  VIEWER_MOBILE_COOKIE,
} from '@yanbo/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { cookieValue } from '../../platform/cookies.ts';
import { notFound } from '../../platform/errors.ts';
import { acquireAll } from '../../platform/rate-limit.ts';
import type { RealtimeEvent } from '../../platform/realtime/hub.ts';
import { mobileViewerId, viewerAccess, viewerIdOf } from '../watch/index.ts';
import {
  type ChatActivity,
  type ChatHubEvent,
  chatActivity,
  chatChannel,
  commentMessage,
  isKicked,
  missedComments,
  postViewerComment,
  readFilter,
  reconnectSync,
  recordKick,
  restrictionsOf,
} from './chat-service.ts';

// The viewers' chat socket (issue 10): GET /api/watch/{id}/chat upgrades to a WebSocket, one room per activity. Bounded
// before anything is trusted (issue 8): a message is at most 4 KiB (a longer one closes the socket, 1009), hello must
// come within CHAT_HANDSHAKE_MS, an address holds so many sockets per activity and in all and the process so many in
// all (as the watch page's event streams), and a socket sending more than MESSAGES_PER_WINDOW is closed. Each process
// keeps its own viewers; the rooms' messages, kicks and online counts travel on the realtime hub.

/** Sockets per address on one activity, per address in all, and in the process (the watch event streams' caps). */
const SOCKETS_PER_IP_PER_ACTIVITY = 50;
const SOCKETS_PER_IP = 100;
const SOCKETS_TOTAL = 20_000;
/** Any messages one socket may send per window (comments have their own, lower, limit per viewer). */
const MESSAGES_PER_WINDOW = 20;
const MESSAGE_WINDOW_MS = 10_000;
/**
 * Presence is said again this often, and each socket pinged (one that answered no ping since the last round is gone);
 * a process not heard from for PRESENCE_STALE_MS no longer counts.
 */
const PRESENCE_EVERY_MS = 10_000;
export const PRESENCE_STALE_MS = 25_000;
const PRESENCE_DEBOUNCE_MS = 100;

const newId = (bytes: number) => randomBytes(bytes).toString('base64url');

const chatQuery = z.object({ after: z.coerce.number().int().min(0).max(2_147_483_647).optional() });

interface Viewer {
  socket: WebSocket;
  sid: string;
  userId: string;
  nickname: string;
  activity: ChatActivity;
  /** Messages heard while the missed ones are being sent, sent after them (each with its frame). */
  queue: Outgoing[] | null;
  joined: boolean;
  alive: boolean;
}

interface Room {
  viewers: Set<Viewer>;
  presence: Map<string, { count: number; at: number }>;
  online: number;
  /** The virtual audience's count and when it was heard: one not said again within PRESENCE_STALE_MS is over. */
  virtual: { count: number; at: number };
  announce: NodeJS.Timeout | undefined;
  unsubscribe: () => void;
}

/** A message and its text frame's payload, serialised once however many viewers it goes to. */
interface Outgoing {
  message: ChatServerMessage;
  frame: Buffer;
}

const outgoing = (message: ChatServerMessage): Outgoing => ({ message, frame: Buffer.from(JSON.stringify(message)) });

function sendFrame(viewer: Viewer, frame: Buffer) {
  if (viewer.socket.readyState === viewer.socket.OPEN) viewer.socket.send(frame, { binary: false });
}

function send(viewer: Viewer, message: ChatServerMessage) {
  if (viewer.socket.readyState === viewer.socket.OPEN) viewer.socket.send(JSON.stringify(message));
}

function refuse(viewer: Viewer, code: ChatRefusal) {
  send(viewer, { type: 'refused', code, message: CHAT_REFUSAL_MESSAGES[code] });
}

function createRooms(ctx: AppContext, log: FastifyBaseLogger) {
  const processId = newId(6);
  const rooms = new Map<number, Room>();

  // A room's messages are serialised once and the same bytes sent to every socket (bench/README.md, live chat).
  const deliver = (viewer: Viewer, out: Outgoing) => {
    if (viewer.queue) viewer.queue.push(out);
    else sendFrame(viewer, out.frame);
  };

  const recount = (room: Room) => {
    const now = Date.now();
    let total = 0;
    for (const [process, seen] of room.presence) {
      if (now - seen.at > PRESENCE_STALE_MS) room.presence.delete(process);
      else total += seen.count;
    }
    // Viewers are shown real and virtual together; the console gets them apart (features/live-ops).
    if (now - room.virtual.at <= PRESENCE_STALE_MS) total += room.virtual.count;
    if (total === room.online) return;
    room.online = total;
    const out = outgoing({ type: 'online', count: total });
    for (const viewer of room.viewers) deliver(viewer, out);
  };

  const announce = (activityId: number, room: Room) => {
    ctx.realtime.publish(chatChannel(activityId), {
      type: 'chat.presence',
      process: processId,
      count: room.viewers.size,
    } satisfies ChatHubEvent);
  };

  const onEvent = (room: Room, event: ChatHubEvent) => {
    switch (event.type) {
      case 'chat.message': {
        const out = outgoing(event.message);
        for (const viewer of room.viewers) {
          if (event.onlyUser === undefined || event.onlyUser === viewer.userId) deliver(viewer, out);
        }
        return;
      }
      case 'chat.kick':
        for (const viewer of room.viewers) {
          if (viewer.sid !== event.sid) continue;
          // The process holding the socket knows whose it is: that viewer stays out for a while, whatever tab it opens.
          recordKick(ctx.db, viewer.activity, viewer.userId)
            .catch((error) => log.warn(`chat kick: ${error}`))
            .finally(() => {
              send(viewer, { type: 'kicked' });
              viewer.socket.close(CHAT_CLOSE_CODES.kicked, 'kicked');
            });
        }
        return;
      case 'chat.block':
        for (const viewer of room.viewers) {
          if (viewer.userId !== event.userId) continue;
          refuse(viewer, CHAT_REFUSALS.blacklisted);
          viewer.socket.close(CHAT_CLOSE_CODES.blacklisted, 'blacklisted');
        }
        return;
      case 'chat.presence':
        room.presence.set(event.process, { count: event.count, at: Date.now() });
        recount(room);
        return;
      case 'chat.virtual':
        room.virtual = { count: event.count, at: Date.now() };
        recount(room);
        return;
    }
  };

  const scheduleAnnounce = (activityId: number, room: Room) => {
    if (room.announce) return;
    room.announce = setTimeout(() => {
      room.announce = undefined;
      announce(activityId, room);
    }, PRESENCE_DEBOUNCE_MS);
  };

  const join = (viewer: Viewer) => {
    const activityId = viewer.activity.id;
    let room = rooms.get(activityId);
    if (!room) {
      const created: Room = {
        viewers: new Set(),
        presence: new Map(),
        online: -1,
        virtual: { count: 0, at: 0 },
        announce: undefined,
        unsubscribe: () => {},
      };
      created.unsubscribe = ctx.realtime.subscribe(chatChannel(activityId), (event: RealtimeEvent) =>
        onEvent(created, event as ChatHubEvent),
      );
      rooms.set(activityId, created);
      room = created;
    }
    room.viewers.add(viewer);
    viewer.joined = true;
    // The count as it stands: a viewer coming back at once (a reload) changes no count, so would otherwise hear none.
    if (room.online >= 0) deliver(viewer, outgoing({ type: 'online', count: room.online }));
    scheduleAnnounce(activityId, room);
  };

  const leave = (viewer: Viewer) => {
    if (!viewer.joined) return;
    viewer.joined = false;
    const activityId = viewer.activity.id;
    const room = rooms.get(activityId);
    if (!room) return;
    room.viewers.delete(viewer);
    if (room.viewers.size > 0) {
      scheduleAnnounce(activityId, room);
      return;
    }
    clearTimeout(room.announce);
    announce(activityId, room);
    room.unsubscribe();
    rooms.delete(activityId);
  };

  const beat = setInterval(() => {
    for (const [activityId, room] of rooms) {
      announce(activityId, room);
      recount(room);
      for (const viewer of room.viewers) {
        if (!viewer.alive) {
          viewer.socket.terminate();
          continue;
        }
        viewer.alive = false;
        viewer.socket.ping();
      }
    }
  }, PRESENCE_EVERY_MS);
  beat.unref();

  return {
    join,
    leave,
    close() {
      clearInterval(beat);
      for (const room of rooms.values()) {
        clearTimeout(room.announce);
        room.unsubscribe();
      }
      rooms.clear();
    },
  };
}

export function registerChatSocket(server: FastifyInstance, ctx: AppContext) {
  const rooms = createRooms(ctx, server.log);
  server.addHook('onClose', async () => rooms.close());
  const opening = new WeakMap<
    FastifyRequest,
    { activity: ChatActivity; mobile: string | undefined; mobileGate: MobileGate }
  >();

  server.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: CHAT_SOCKET_PATH,
    schema: { params: idParams, querystring: chatQuery, hide: true },
    // Public: the audience has no session; the viewer is its cookie.
    config: { auth: false },
    // An activity that does not exist is answered 404 before the upgrade.
    preHandler: async (request) => {
      const activity = await chatActivity(ctx.db, request.params.id);
      if (!activity) throw notFound(ERROR_MESSAGES.activityNotFound);
      // A viewer signed in by SMS is known by its mobile; an activity listing allowed mobiles admits only those.
      const access = await viewerAccess(ctx, activity, cookieValue(request.headers.cookie, VIEWER_MOBILE_COOKIE));
      opening.set(request, { activity, ...access });
    },
    handler: async (_request, reply) => reply.code(404).send(),
    wsHandler: (socket, request) => {
      const open = opening.get(request);
      if (!open) {
        socket.close(1011);
        return;
      }
      const { activity, mobile, mobileGate } = open;
      const known = viewerIdOf(ctx, request);
      const viewer: Viewer = {
        socket,
        sid: newId(12),
        // A signed-in mobile names the viewer; else the watch page's signed viewer cookie (a forged or unsigned one is
        // none); else this socket is its own viewer.
        userId: mobile ? mobileViewerId(ctx.secretKey, mobile) : (known ?? newId(16)),
        nickname: '',
        activity,
        queue: null,
        joined: false,
        alive: true,
      };
      const after = (request.query as z.output<typeof chatQuery>).after;
      let release: (() => void) | null = null;
      let closed = false;
      let helloDone = false;
      let sent = 0;
      let windowEnds = Date.now() + MESSAGE_WINDOW_MS;
      // Messages are handled one after another, in order, from the first (listeners are in place before any await).
      let chain: Promise<void> = Promise.resolve();

      const deadline = setTimeout(() => {
        if (!helloDone) socket.close(CHAT_CLOSE_CODES.handshakeTimeout, 'hello expected');
      }, CHAT_HANDSHAKE_MS);

      socket.on('pong', () => {
        viewer.alive = true;
      });
      socket.once('close', () => {
        closed = true;
        clearTimeout(deadline);
        rooms.leave(viewer);
        release?.();
      });
      socket.on('message', (data, isBinary) => {
        // The server reads messages up to the largest any socket takes; a chat message is at most 4 KiB.
        const size = Array.isArray(data)
          ? data.reduce((sum, part) => sum + part.length, 0)
          : (data as Buffer | ArrayBuffer).byteLength;
        if (size > CHAT_MAX_MESSAGE_BYTES) {
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
          socket.close(CHAT_CLOSE_CODES.flood, 'too many messages');
          return;
        }
        const text = isBinary ? '' : String(data);
        chain = chain
          .then(() => (closed ? undefined : handle(text)))
          .catch((error) => {
            request.log.warn(`chat message: ${error}`);
          });
      });

      const ready = (async () => {
        release = await acquireAll(ctx.limits, [
          { key: `chat:ip-activity:${request.ip}:${activity.id}`, max: SOCKETS_PER_IP_PER_ACTIVITY },
          { key: `chat:ip:${request.ip}`, max: SOCKETS_PER_IP },
          { key: 'chat:total', max: SOCKETS_TOTAL },
        ]);
        if (closed) release?.();
        else if (!release) socket.close(CHAT_CLOSE_CODES.full, 'too many connections');
        return release !== null && !closed;
      })();

      async function hello(nickname: string) {
        if (!(await ready)) return;
        if (mobileGate !== 'open') {
          refuse(viewer, CHAT_REFUSALS.signInRequired);
          socket.close(CHAT_CLOSE_CODES.signInRequired, 'sign in with an allowed mobile');
          return;
        }
        const [restrictions, kicked] = await Promise.all([
          restrictionsOf(ctx.db, activity!.id, viewer.userId),
          isKicked(ctx.db, activity!.id, viewer.userId),
        ]);
        if (restrictions.has('blacklist')) {
          refuse(viewer, CHAT_REFUSALS.blacklisted);
          socket.close(CHAT_CLOSE_CODES.blacklisted, 'blacklisted');
          return;
        }
        if (kicked) {
          refuse(viewer, CHAT_REFUSALS.kicked);
          socket.close(CHAT_CLOSE_CODES.kicked, 'kicked');
          return;
        }
        helloDone = true;
        clearTimeout(deadline);
        viewer.nickname = nickname.trim().slice(0, CHAT_NICKNAME_MAX_LENGTH) || `观众${viewer.sid.slice(0, 4)}`;
        const filter = await readFilter(ctx.db, activity!.id);
        if (closed) return;
        // Joined before the missed comments are read, so nothing falls between them; what is heard meanwhile waits.
        viewer.queue = [];
        rooms.join(viewer);
        send(viewer, {
          type: 'welcome',
          sid: viewer.sid,
          userId: viewer.userId,
          nickname: viewer.nickname,
          mobile: mobile ? maskMobile(mobile) : null,
          ...filter,
        });
        const [missed, sync] =
          after === undefined
            ? [[], undefined]
            : await Promise.all([
                missedComments(ctx.db, activity!.id, after),
                reconnectSync(ctx.db, activity!.id, after, viewer.userId),
              ]);
        const replayed = new Set(missed.map((comment) => comment.id));
        for (const comment of missed) send(viewer, commentMessage(comment));
        if (sync) send(viewer, { type: 'sync', ...sync });
        const queued = viewer.queue ?? [];
        viewer.queue = null;
        for (const { message, frame } of queued) {
          const repeated =
            (message.type === 'comment' || message.type === 'robotComment') && replayed.has(message.comment.id);
          if (!repeated) sendFrame(viewer, frame);
        }
      }

      async function handle(text: string) {
        let raw: unknown;
        try {
          raw = JSON.parse(text);
        } catch {
          raw = undefined;
        }
        const parsed = chatClientMessage.safeParse(raw);
        if (!parsed.success) {
          refuse(viewer, CHAT_REFUSALS.badMessage);
          return;
        }
        const message = parsed.data;
        if (message.type === 'ping') return;
        if (message.type === 'hello') {
          if (!helloDone) await hello(message.nickname);
          return;
        }
        if (!helloDone) {
          refuse(viewer, CHAT_REFUSALS.notReady);
          return;
        }
        const result = await postViewerComment(ctx, activity!, viewer, message.text);
        if ('refused' in result) {
          refuse(viewer, result.refused);
          if (result.refused === CHAT_REFUSALS.blacklisted) socket.close(CHAT_CLOSE_CODES.blacklisted, 'blacklisted');
        }
      }
    },
  });
}
