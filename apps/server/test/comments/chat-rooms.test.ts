import {
  CHAT_CLOSE_CODES,
  CHAT_REFUSALS,
  type ChatComment,
  type ChatServerMessage,
  chatFrameMessages,
} from '@yanbo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { createRooms, presenceDebounceMs, refusal, type Viewer } from '../../src/features/comments/chat-rooms.ts';
import { chatChannel } from '../../src/features/comments/chat-service.ts';
import { createLocalHub, type RealtimeHub } from '../../src/platform/realtime/hub.ts';

// How a room's messages reach its sockets (chat-rooms.ts), with sockets that record what is written to them: in
// rounds, one frame a round per socket, in order, nothing lost or repeated, a viewer's own messages in their place,
// a reconnecting viewer's replay before the live messages, and a socket that falls behind closed instead of fed.

const ACTIVITY = { id: 7, agentId: 1, subagentId: null };

class RecordingSocket {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  frames: string[] = [];
  closedWith: number | undefined;
  terminated = false;
  send(data: Buffer | string) {
    this.frames.push(String(data));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 2;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
  ping() {}
  /** Everything received, frames unpacked, in order. */
  messages(): ChatServerMessage[] {
    return this.frames.flatMap((frame) => chatFrameMessages(frame) as ChatServerMessage[]);
  }
  /** The ids of the comments received, in order. */
  commentIds(): number[] {
    return this.messages().flatMap((m) => (m.type === 'comment' || m.type === 'robotComment' ? [m.comment.id] : []));
  }
}

const comment = (id: number, fields: Partial<ChatComment> = {}): ChatServerMessage => ({
  type: 'comment',
  comment: {
    id,
    text: `评论${id}`,
    nickname: '观众',
    userId: 'viewer-0000000000000000',
    sid: 'sid-00000000',
    status: 'passed',
    isRobot: false,
    avatar: null,
    isPinned: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...fields,
  },
});

/** Lets every round queued so far run to its end. */
const settle = async () => {
  for (let turn = 0; turn < 50; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};
const oneTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('chat rooms: writing a room’s messages in rounds', () => {
  const hub = createLocalHub();
  // Without the rooms' presence: its online counts would come, 100 ms after a join, as frames of their own.
  const realtime: RealtimeHub = {
    ...hub,
    publish: (channel, event) => {
      if (event.type !== 'chat.presence') hub.publish(channel, event);
    },
  };
  const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() };
  let rooms: ReturnType<typeof createRooms> | undefined;

  afterEach(() => {
    rooms?.close();
    log.warn.mockClear();
    log.error.mockClear();
  });

  function start(options: Parameters<typeof createRooms>[2] = {}) {
    rooms = createRooms({ realtime, db: undefined as never }, log as unknown as FastifyBaseLogger, options);
    return rooms;
  }

  let sids = 0;
  /** A viewer in the room, its (empty) replay sent; its socket's frames start empty once the room settled. */
  function viewer(userId = `viewer-${String(sids).padStart(16, '0')}`, join = true) {
    sids += 1;
    const socket = new RecordingSocket();
    const one: Viewer = {
      socket: socket as unknown as WebSocket,
      sid: `sid-${sids}`,
      userId,
      nickname: '观众',
      activity: ACTIVITY,
      sent: 0,
      replay: 'reading',
      joined: false,
      alive: true,
    };
    if (join) {
      rooms?.join(one);
      rooms?.replayed(one, []);
    }
    return { viewer: one, socket };
  }

  const publish = (message: ChatServerMessage, onlyUser?: string) =>
    hub.publish(chatChannel(ACTIVITY.id), { type: 'chat.message', message, ...(onlyUser ? { onlyUser } : {}) });

  it('sends what arrives in one turn as one frame to every socket, in order; a message alone as itself', async () => {
    start();
    const viewers = Array.from({ length: 3 }, () => viewer());
    await settle();
    publish(comment(1));
    await settle();
    for (const { socket } of viewers) {
      expect(socket.frames).toHaveLength(1);
      expect(JSON.parse(socket.frames[0] as string)).toEqual(comment(1));
    }

    for (let id = 2; id <= 301; id += 1) publish(comment(id));
    await settle();
    const all = Array.from({ length: 301 }, (_, index) => index + 1);
    for (const { socket } of viewers) {
      expect(socket.frames).toHaveLength(2);
      expect(Array.isArray(JSON.parse(socket.frames[1] as string))).toBe(true);
      expect(socket.commentIds()).toEqual(all);
    }
    // The frame is made once and the same bytes go to every socket.
    expect(new Set(viewers.map(({ socket }) => socket.frames[1])).size).toBe(1);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('writes a slice of sockets at a time; a socket visited later gets what came meanwhile in the same frame', async () => {
    start({ socketsPerSlice: 2 });
    const viewers = Array.from({ length: 7 }, () => viewer());
    await settle();
    publish(comment(1));
    // The sweep has started: the first slice is written, the rest wait for the next turn.
    await oneTurn();
    expect(viewers.map(({ socket }) => socket.frames.length)).toEqual([1, 1, 0, 0, 0, 0, 0]);
    // A viewer joining and one leaving meanwhile, then two more comments.
    const late = viewer();
    const leaving = viewers[5] as (typeof viewers)[number];
    rooms?.leave(leaving.viewer);
    publish(comment(2));
    publish(comment(3));
    await settle();

    // The first slice gets the two in a frame of their own on the next sweep; the others all three in one frame.
    expect(viewers.map(({ socket }) => socket.frames.length)).toEqual([2, 2, 1, 1, 1, 0, 1]);
    for (const [index, { socket }] of viewers.entries()) {
      if (index !== 5) expect(socket.commentIds()).toEqual([1, 2, 3]);
    }
    expect(viewers[2]?.socket.frames[0]).toBe(viewers[6]?.socket.frames[0]);
    expect(leaving.socket.frames).toEqual([]);
    // Joined after the first was said: only what came after is for it.
    expect(late.socket.commentIds()).toEqual([2, 3]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('gives a held comment to its author’s sockets only and a refusal to its socket, each in its place', async () => {
    start();
    const author = viewer('author-0000000000000000');
    const authorsOtherTab = viewer('author-0000000000000000');
    const watcher = viewer();
    await settle();
    publish(comment(1));
    rooms?.sendTo(watcher.viewer, refusal(CHAT_REFUSALS.rateLimited));
    publish(comment(2, { status: 'pending' }), 'author-0000000000000000');
    publish(comment(3));
    await settle();

    for (const { socket } of [author, authorsOtherTab]) {
      expect(socket.frames).toHaveLength(1);
      expect(socket.commentIds()).toEqual([1, 2, 3]);
      expect(socket.messages()[1]).toMatchObject({ comment: { id: 2, status: 'pending' } });
    }
    expect(watcher.socket.frames).toHaveLength(1);
    expect(watcher.socket.messages().map((m) => (m.type === 'comment' ? m.comment.id : m.type))).toEqual([
      1,
      'refused',
      3,
    ]);

    // A round with nothing for everyone reaches only those it is for, each once.
    rooms?.sendTo(author.viewer, refusal(CHAT_REFUSALS.rateLimited));
    publish(comment(4, { status: 'pending' }), 'author-0000000000000000');
    await settle();
    expect(author.socket.frames).toHaveLength(2);
    expect(author.socket.messages().slice(3)).toMatchObject([{ type: 'refused' }, { comment: { id: 4 } }]);
    expect(authorsOtherTab.socket.frames).toHaveLength(2);
    expect(authorsOtherTab.socket.commentIds()).toEqual([1, 2, 3, 4]);
    expect(watcher.socket.frames).toHaveLength(1);
  });

  it('sends a joining viewer what it missed first, then what the room had for it meanwhile, each comment once', async () => {
    start({ socketsPerSlice: 1 });
    const other = viewer();
    const back = viewer('back-00000000000000000', false);
    rooms?.join(back.viewer);
    // While its missed comments are being read: the room's messages wait for them.
    publish(comment(5));
    publish({ type: 'notice', text: '评论审核已关闭' });
    await settle();
    publish(comment(6));
    await settle();
    expect(back.socket.frames).toEqual([]);
    expect(other.socket.commentIds()).toEqual([5, 6]);

    // The replay (4 and 5, read after 5 was stored) ends in the same turn as 7 arrives.
    rooms?.replayed(back.viewer, [comment(4), comment(5), { type: 'sync', pins: [], removedIds: [3] }]);
    publish(comment(7));
    publish(comment(5));
    await settle();
    expect(back.socket.frames).toHaveLength(1);
    expect(back.socket.messages().map((m) => (m.type === 'comment' ? m.comment.id : m.type))).toEqual([
      4,
      5,
      'sync',
      'notice',
      6,
      7,
    ]);
    // From then on, everyone's frame.
    publish(comment(8));
    await settle();
    expect(back.socket.frames.at(-1)).toBe(other.socket.frames.at(-1));
  });

  it('closes a socket with more than its share waiting to be written instead of giving it more, and counts it', async () => {
    start({ maxBufferedBytes: 1_000, tooSlowGraceMs: 10 });
    const fine = viewer();
    const slow = viewer();
    await settle();
    slow.socket.bufferedAmount = 1_001;
    publish(comment(1));
    await settle();
    expect(fine.socket.commentIds()).toEqual([1]);
    expect(slow.socket.frames).toEqual([]);
    expect(slow.socket.closedWith).toBe(CHAT_CLOSE_CODES.tooSlow);
    expect(rooms?.tooSlowCount()).toBe(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
    // Its close could not get through: it is dropped, and given nothing meanwhile.
    publish(comment(2));
    await new Promise((resolve) => setTimeout(resolve, 30));
    await settle();
    expect(slow.socket.terminated).toBe(true);
    expect(slow.socket.frames).toEqual([]);
    expect(fine.socket.commentIds()).toEqual([1, 2]);
    expect(rooms?.tooSlowCount()).toBe(1);
  });
});

describe('how often a room says its viewers changed', () => {
  it('is 100 ms in a small room and slower in a big one, so telling every socket stays a small share of a core', () => {
    expect([0, 1, 1_000, 5_000, 10_000, 50_000].map(presenceDebounceMs)).toEqual([100, 100, 100, 500, 1_000, 2_000]);
  });
});
