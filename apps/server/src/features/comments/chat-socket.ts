import { randomBytes } from 'node:crypto';
// The route options' wsHandler comes from the plugin's type augmentation, wherever this file is compiled from.
import type {} from '@fastify/websocket';
import {
  CHAT_CLOSE_CODES,
  CHAT_HANDSHAKE_MS,
  CHAT_MAX_MESSAGE_BYTES,
  CHAT_NICKNAME_MAX_LENGTH,
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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { cookieValue } from '../../platform/cookies.ts';
import { notFound } from '../../platform/errors.ts';
import { acquireAll } from '../../platform/rate-limit.ts';
import { mobileViewerId, viewerAccess, viewerIdOf } from '../watch/index.ts';
import { createRooms, refusal, send, type Viewer } from './chat-rooms.ts';
import {
  type ChatActivity,
  chatActivity,
  commentMessage,
  isKicked,
  missedComments,
  postViewerComment,
  readFilter,
  reconnectSync,
  restrictionsOf,
} from './chat-service.ts';

// The viewers' chat socket (issue 10): GET /api/watch/{id}/chat upgrades to a WebSocket, one room per activity. Bounded
// before anything is trusted (issue 8): a message is at most 4 KiB (a longer one closes the socket, 1009), hello must
// come within CHAT_HANDSHAKE_MS, an address holds so many sockets per activity and in all and the process so many in
// all (as the watch page's event streams), and a socket sending more than MESSAGES_PER_WINDOW is closed. Each process
// keeps its own viewers in its rooms (chat-rooms.ts); the rooms' messages, kicks and online counts travel on the
// realtime hub.

/** Sockets per address on one activity, per address in all, and in the process (the watch event streams' caps). */
const SOCKETS_PER_IP_PER_ACTIVITY = 50;
const SOCKETS_PER_IP = 100;
const SOCKETS_TOTAL = 20_000;
/** Any messages one socket may send per window (comments have their own, lower, limit per viewer). */
const MESSAGES_PER_WINDOW = 20;
const MESSAGE_WINDOW_MS = 10_000;

const newId = (bytes: number) => randomBytes(bytes).toString('base64url');

const chatQuery = z.object({ after: z.coerce.number().int().min(0).max(2_147_483_647).optional() });

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
        sent: 0,
        replay: 'reading',
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

      /** A refusal that ends the socket: told at once, whatever the room still had for it, and closed. */
      const refuseAndClose = (code: ChatRefusal, closeCode: number, reason: string) => {
        send(viewer, refusal(code));
        socket.close(closeCode, reason);
      };

      async function hello(nickname: string) {
        if (!(await ready)) return;
        if (mobileGate !== 'open') {
          refuseAndClose(
            CHAT_REFUSALS.signInRequired,
            CHAT_CLOSE_CODES.signInRequired,
            'sign in with an allowed mobile',
          );
          return;
        }
        const [restrictions, kicked] = await Promise.all([
          restrictionsOf(ctx.db, activity!.id, viewer.userId),
          isKicked(ctx.db, activity!.id, viewer.userId),
        ]);
        if (restrictions.has('blacklist')) {
          refuseAndClose(CHAT_REFUSALS.blacklisted, CHAT_CLOSE_CODES.blacklisted, 'blacklisted');
          return;
        }
        if (kicked) {
          refuseAndClose(CHAT_REFUSALS.kicked, CHAT_CLOSE_CODES.kicked, 'kicked');
          return;
        }
        helloDone = true;
        clearTimeout(deadline);
        viewer.nickname = nickname.trim().slice(0, CHAT_NICKNAME_MAX_LENGTH) || `观众${viewer.sid.slice(0, 4)}`;
        const filter = await readFilter(ctx.db, activity!.id);
        if (closed) return;
        // Joined before the missed comments are read, so nothing falls between them: the room holds back what it has
        // for this viewer until they are sent, so welcome comes first, then what it missed, then the live ones.
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
        const replay: ChatServerMessage[] = missed.map(commentMessage);
        if (sync) replay.push({ type: 'sync', ...sync });
        rooms.replayed(viewer, replay);
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
          rooms.sendTo(viewer, refusal(CHAT_REFUSALS.badMessage));
          return;
        }
        const message = parsed.data;
        if (message.type === 'ping') return;
        if (message.type === 'hello') {
          if (!helloDone) await hello(message.nickname);
          return;
        }
        if (!helloDone) {
          rooms.sendTo(viewer, refusal(CHAT_REFUSALS.notReady));
          return;
        }
        const result = await postViewerComment(ctx, activity!, viewer, message.text);
        if (!('refused' in result)) return;
        if (result.refused === CHAT_REFUSALS.blacklisted) {
          refuseAndClose(CHAT_REFUSALS.blacklisted, CHAT_CLOSE_CODES.blacklisted, 'blacklisted');
        } else {
          // In its place among the room's messages: after the comments this viewer was sent before it.
          rooms.sendTo(viewer, refusal(result.refused));
        }
      }
    },
  });
}
