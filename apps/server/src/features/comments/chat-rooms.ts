import { randomBytes } from 'node:crypto';
import {
  CHAT_CLOSE_CODES,
  CHAT_REFUSAL_MESSAGES,
  CHAT_REFUSALS,
  type ChatRefusal,
  type ChatServerMessage,
} from '@yanbo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../app-context.ts';
import type { RealtimeEvent } from '../../platform/realtime/hub.ts';
import { type ChatActivity, type ChatHubEvent, chatChannel, recordKick } from './chat-service.ts';

// The chat's rooms (issue 10): one per activity in each process, holding this process's viewers of it, and the way a
// room's messages reach their sockets. Writing one message to one socket costs ~10 µs whatever its size (a frame and
// a write to the socket), so a room writing each message to each socket on its own does 2 million writes a second for
// 200 comments/s to 10,000 viewers, where one core does ~100,000 (bench/README.md, live chat). So a room keeps a log
// of its messages, each serialised once, and sweeps its sockets: from the next turn of the event loop on, it visits
// them one after another, a slice at a time (yielding between slices so the process goes on reading comments and
// answering calls), and writes each socket, in one frame, everything logged since that socket's last visit (one
// message as itself, several as an array: chatServerMessage in contracts). It sweeps again while messages came during
// the last sweep, and stops when every socket has all. When the room is quiet a message leaves on the next turn; under
// load each socket gets one frame a sweep holding all that came since, within one sweep of its arrival. Sockets
// visited in a row mostly owe the same stretch of the log, so a frame is made once for them all. A message for one
// viewer (its own held comment, a refusal, what it missed) is in the same log, so it keeps its place among the room's.

/**
 * Presence is said again this often, and each socket pinged (one that answered no ping since the last round is gone);
 * a process not heard from for PRESENCE_STALE_MS no longer counts.
 */
const PRESENCE_EVERY_MS = 10_000;
export const PRESENCE_STALE_MS = 25_000;
/**
 * A change of a room's viewers is said after this long, or longer in a big room: the online count it leads to is a
 * write to every socket (~10 µs each), so 10,000 viewers arriving at once would otherwise spend most of a core
 * telling each other ten times a second. One per (viewers ÷ 10) ms keeps that to about a tenth of a core.
 */
const PRESENCE_DEBOUNCE_MS = 100;
const PRESENCE_DEBOUNCE_MAX_MS = 2_000;
export const presenceDebounceMs = (viewers: number) =>
  Math.min(PRESENCE_DEBOUNCE_MAX_MS, Math.max(PRESENCE_DEBOUNCE_MS, Math.round(viewers / 10)));
/** Sockets written to between two yields to the event loop (~5 ms of writes). */
const SOCKETS_PER_SLICE = 500;
/**
 * Bytes waiting to be written to one socket past which it is closed as too slow (CHAT_CLOSE_CODES.tooSlow) instead of
 * being given more: ~700 comments, seconds of a busy chat, beyond what the kernel already holds for it.
 */
export const CHAT_MAX_BUFFERED_BYTES = 256 * 1024;
/** A socket closed as too slow whose close does not get through (it reads nothing) is dropped after this long. */
const TOO_SLOW_GRACE_MS = 2_000;

const newId = (bytes: number) => randomBytes(bytes).toString('base64url');

export interface Viewer {
  socket: WebSocket;
  sid: string;
  userId: string;
  nickname: string;
  activity: ChatActivity;
  /** The number of the first message in the room's log this socket has not been written yet. */
  sent: number;
  /**
   * reading: joined, its missed comments being read (the room's messages wait for them); due: they are in the log, to
   * be written before what waited; done.
   */
  replay: 'reading' | 'due' | 'done';
  joined: boolean;
  alive: boolean;
}

/** A message in a room's log, serialised once however many sockets it goes to. */
interface Entry {
  message: ChatServerMessage;
  json: string;
  /** Only this viewer's sockets (its own held or refused comment). */
  onlyUser?: string;
  /** Only this socket (a refusal, the count on joining). */
  onlyViewer?: Viewer;
}

/** The end of one viewer's replay: what it missed and the sync, then what the room held back for it meanwhile. */
interface ReplayEnd {
  replayOf: Viewer;
  missed: Entry[];
}

type LogItem = Entry | ReplayEnd;

interface Room {
  activityId: number;
  viewers: Set<Viewer>;
  /** The room's sockets by viewer: where a message for one viewer goes. */
  byUser: Map<string, Set<Viewer>>;
  /** The messages some socket of the room has not been written yet, oldest first: log[i] is number logStart + i. */
  log: LogItem[];
  logStart: number;
  /** A sweep is running or about to: a message logged now is written by it. */
  sweeping: boolean;
  /** The last viewer left: the room is no longer in the map and writes nothing more. */
  gone: boolean;
  presence: Map<string, { count: number; at: number }>;
  online: number;
  /** The virtual audience's count and when it was heard: one not said again within PRESENCE_STALE_MS is over. */
  virtual: { count: number; at: number };
  announce: NodeJS.Timeout | undefined;
  unsubscribe: () => void;
}

export interface RoomOptions {
  socketsPerSlice?: number;
  maxBufferedBytes?: number;
  tooSlowGraceMs?: number;
}

const entry = (message: ChatServerMessage, to: Pick<Entry, 'onlyUser' | 'onlyViewer'> = {}): Entry => ({
  message,
  json: JSON.stringify(message),
  ...to,
});

/** One text frame's payload: a message alone as itself, several as an array. */
const frameOf = (jsons: string[]) => Buffer.from(jsons.length === 1 ? jsons[0] : `[${jsons.join(',')}]`);

const addressedTo = (item: Entry, viewer: Viewer) =>
  item.onlyViewer ? item.onlyViewer === viewer : item.onlyUser === undefined || item.onlyUser === viewer.userId;

const commentIdOf = (item: Entry) =>
  item.message.type === 'comment' || item.message.type === 'robotComment' ? item.message.comment.id : undefined;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A message to this socket now, outside the room's log: before it joins, or as it is being closed. */
export function send(viewer: Viewer, message: ChatServerMessage) {
  if (viewer.socket.readyState === viewer.socket.OPEN) viewer.socket.send(JSON.stringify(message));
}

export const refusal = (code: ChatRefusal): ChatServerMessage => ({
  type: 'refused',
  code,
  message: CHAT_REFUSAL_MESSAGES[code],
});

/** The number the next message logged in the room gets. */
const headOf = (room: Room) => room.logStart + room.log.length;

/** What a stretch of the log holds for sockets that are owed nothing of their own in it, and for whom it has more. */
interface Stretch {
  shared: Buffer | null;
  users: Set<string>;
  viewers: Set<Viewer>;
}

function stretchOf(items: LogItem[]): Stretch {
  const everyone: string[] = [];
  const users = new Set<string>();
  const viewers = new Set<Viewer>();
  for (const item of items) {
    if ('replayOf' in item) viewers.add(item.replayOf);
    else if (item.onlyViewer) viewers.add(item.onlyViewer);
    else if (item.onlyUser !== undefined) users.add(item.onlyUser);
    else everyone.push(item.json);
  }
  return { shared: everyone.length > 0 ? frameOf(everyone) : null, users, viewers };
}

/**
 * What one viewer gets of a stretch of the log, in order, when it is not simply everyone's frame: until its replay's
 * end its messages are held back; there it gets what it missed, then those held back but for the comments the replay
 * already had.
 */
function ownMessages(viewer: Viewer, log: LogItem[], start: number, end: number): string[] {
  const out: string[] = [];
  let held: Entry[] | undefined = viewer.replay === 'done' ? undefined : [];
  let replayed: Set<number> | undefined;
  const repeated = (item: Entry) => {
    const id = commentIdOf(item);
    return id !== undefined && replayed?.has(id) === true;
  };
  for (let at = start; at < end; at += 1) {
    const item = log[at] as LogItem;
    if ('replayOf' in item) {
      if (item.replayOf !== viewer) continue;
      replayed = new Set();
      for (const missed of item.missed) {
        const id = commentIdOf(missed);
        if (id !== undefined) replayed.add(id);
        out.push(missed.json);
      }
      for (const queued of held ?? []) if (!repeated(queued)) out.push(queued.json);
      held = undefined;
      viewer.replay = 'done';
    } else if (addressedTo(item, viewer)) {
      if (held) held.push(item);
      else if (!repeated(item)) out.push(item.json);
    }
  }
  return out;
}

export function createRooms(
  ctx: Pick<AppContext, 'db' | 'realtime'>,
  log: FastifyBaseLogger,
  options: RoomOptions = {},
) {
  const perSlice = options.socketsPerSlice ?? SOCKETS_PER_SLICE;
  const maxBuffered = options.maxBufferedBytes ?? CHAT_MAX_BUFFERED_BYTES;
  const tooSlowGrace = options.tooSlowGraceMs ?? TOO_SLOW_GRACE_MS;
  const processId = newId(6);
  const rooms = new Map<number, Room>();
  let tooSlowCount = 0;

  /** Writes a frame to a socket unless it fell behind, in which case it is closed instead (false). */
  const writeTo = (viewer: Viewer, frame: Buffer): boolean => {
    const socket = viewer.socket;
    if (socket.readyState !== socket.OPEN) return true;
    if (socket.bufferedAmount > maxBuffered) {
      socket.close(CHAT_CLOSE_CODES.tooSlow, 'too slow');
      setTimeout(() => socket.terminate(), tooSlowGrace).unref();
      return false;
    }
    socket.send(frame, { binary: false });
    return true;
  };

  /** One visit of every socket in the room: each is written what was logged since its last visit. */
  const sweepOnce = async (room: Room) => {
    const viewers = [...room.viewers];
    const stretches = new Map<string, Stretch>();
    let tooSlow = 0;
    for (let at = 0; at < viewers.length && !room.gone; at += 1) {
      if (at > 0 && at % perSlice === 0) await nextTurn();
      const viewer = viewers[at] as Viewer;
      const from = viewer.sent;
      const to = headOf(room);
      if (!viewer.joined || viewer.replay === 'reading' || from >= to) continue;
      viewer.sent = to;
      const own = () => {
        const jsons = ownMessages(viewer, room.log, from - room.logStart, to - room.logStart);
        return jsons.length > 0 ? frameOf(jsons) : null;
      };
      let frame: Buffer | null;
      if (viewer.replay === 'due') frame = own();
      else {
        const key = `${from}:${to}`;
        let stretch = stretches.get(key);
        if (!stretch) {
          stretch = stretchOf(room.log.slice(from - room.logStart, to - room.logStart));
          stretches.set(key, stretch);
        }
        frame = stretch.viewers.has(viewer) || stretch.users.has(viewer.userId) ? own() : stretch.shared;
      }
      if (frame && !writeTo(viewer, frame)) tooSlow += 1;
    }
    // What every socket has been written leaves the log.
    let oldest = headOf(room);
    for (const viewer of room.viewers) oldest = Math.min(oldest, viewer.sent);
    if (oldest > room.logStart) {
      room.log.splice(0, oldest - room.logStart);
      room.logStart = oldest;
    }
    if (tooSlow > 0) {
      tooSlowCount += tooSlow;
      log.warn(
        `chat: closed ${tooSlow} socket(s) of activity ${room.activityId} with more than ${maxBuffered} bytes waiting (${tooSlowCount} in all)`,
      );
    }
  };

  const sweep = async (room: Room) => {
    for (;;) {
      await nextTurn();
      const head = headOf(room);
      try {
        await sweepOnce(room);
      } catch (error) {
        log.error(`chat: a sweep of the room's sockets failed: ${error}`);
      }
      // Checked and cleared in one go: a message logged from here on starts a sweep of its own. Nothing logged during
      // this sweep: every socket it visited (and every one that joined meanwhile) has all.
      if (room.gone || headOf(room) === head) {
        room.sweeping = false;
        return;
      }
    }
  };

  const append = (room: Room, item: LogItem) => {
    if (room.gone) return;
    room.log.push(item);
    if (room.sweeping) return;
    room.sweeping = true;
    void sweep(room);
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
    append(room, entry({ type: 'online', count: total }));
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
      case 'chat.message':
        append(room, entry(event.message, event.onlyUser === undefined ? {} : { onlyUser: event.onlyUser }));
        return;
      // A kicked or blacklisted socket is told at once and closed: what the room still had for it does not matter.
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
          send(viewer, refusal(CHAT_REFUSALS.blacklisted));
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
    }, presenceDebounceMs(room.viewers.size));
  };

  /**
   * Puts a viewer in its room. Until replayed(viewer) the room holds back what it has for the viewer, so the missed
   * comments read after joining come first and nothing falls between them and the live ones.
   */
  const join = (viewer: Viewer) => {
    const activityId = viewer.activity.id;
    let room = rooms.get(activityId);
    if (!room) {
      const created: Room = {
        activityId,
        viewers: new Set(),
        byUser: new Map(),
        log: [],
        logStart: 0,
        sweeping: false,
        gone: false,
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
    viewer.sent = headOf(room);
    viewer.replay = 'reading';
    room.viewers.add(viewer);
    const sockets = room.byUser.get(viewer.userId);
    if (sockets) sockets.add(viewer);
    else room.byUser.set(viewer.userId, new Set([viewer]));
    viewer.joined = true;
    // The count as it stands: a viewer coming back at once (a reload) changes no count, so would otherwise hear none.
    if (room.online >= 0) append(room, entry({ type: 'online', count: room.online }, { onlyViewer: viewer }));
    scheduleAnnounce(activityId, room);
  };

  /** Ends a viewer's replay: these messages (what it missed, the sync), then what the room held back for it. */
  const replayed = (viewer: Viewer, missed: ChatServerMessage[]) => {
    const room = rooms.get(viewer.activity.id);
    if (!room || !viewer.joined || viewer.replay !== 'reading') return;
    viewer.replay = 'due';
    append(room, { replayOf: viewer, missed: missed.map((message) => entry(message)) });
  };

  /** A message for this socket alone, in its place among the room's (sent at once when it is in no room). */
  const sendTo = (viewer: Viewer, message: ChatServerMessage) => {
    const room = viewer.joined ? rooms.get(viewer.activity.id) : undefined;
    if (room) append(room, entry(message, { onlyViewer: viewer }));
    else send(viewer, message);
  };

  const leave = (viewer: Viewer) => {
    if (!viewer.joined) return;
    viewer.joined = false;
    const activityId = viewer.activity.id;
    const room = rooms.get(activityId);
    if (!room) return;
    room.viewers.delete(viewer);
    const sockets = room.byUser.get(viewer.userId);
    sockets?.delete(viewer);
    if (sockets?.size === 0) room.byUser.delete(viewer.userId);
    if (room.viewers.size > 0) {
      scheduleAnnounce(activityId, room);
      return;
    }
    clearTimeout(room.announce);
    announce(activityId, room);
    room.unsubscribe();
    room.gone = true;
    room.log = [];
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
    replayed,
    sendTo,
    leave,
    /** Sockets closed as too slow since the process started. */
    tooSlowCount: () => tooSlowCount,
    close() {
      clearInterval(beat);
      for (const room of rooms.values()) {
        clearTimeout(room.announce);
        room.unsubscribe();
        room.gone = true;
        room.log = [];
      }
      rooms.clear();
    },
  };
}
