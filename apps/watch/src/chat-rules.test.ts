import type { ChatComment } from '@yanbo/contracts/comments';
import { describe, expect, it } from 'vitest';
import {
  CHAT_KEPT_ITEMS,
  type ChatItem,
  type ChatState,
  chatReducer,
  chatSocketUrl,
  defaultNickname,
  initialChatState,
  mergeComments,
  parseServerMessages,
  reconnectDelay,
} from './chat-rules';

const comment = (id: number, fields: Partial<ChatComment> = {}): ChatComment => ({
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
});

const ids = (items: readonly ChatItem[]) =>
  items.map((item) => (item.kind === 'comment' ? item.comment.id : `notice@${item.afterId}`));

const apply = (state: ChatState, ...messages: Parameters<typeof chatReducer>[1][]) =>
  messages.reduce(chatReducer, state);

describe('chat room rules', () => {
  it('merges replayed and live comments in id order, each once', () => {
    // Live comments heard before the replay of what was missed, with one of them in both.
    const live = mergeComments([], [comment(5), comment(7)]);
    const merged = mergeComments(live, [comment(3), comment(4), comment(5), comment(6)]);
    expect(ids(merged)).toEqual([3, 4, 5, 6, 7]);
    expect(ids(mergeComments(merged, [comment(7), comment(8)]))).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('updates a comment in place when it comes again (a held comment approved)', () => {
    const held = mergeComments([], [comment(1), comment(2, { status: 'pending' }), comment(3)]);
    const approved = mergeComments(held, [comment(2, { status: 'passed' })]);
    expect(ids(approved)).toEqual([1, 2, 3]);
    expect(approved[1]).toMatchObject({ comment: { id: 2, status: 'passed' } });
  });

  it('keeps a notice after the comment it followed, and replayed comments after it', () => {
    const state = apply(
      initialChatState,
      { type: 'comment', comment: comment(1) },
      { type: 'notice', text: '评论需审核后显示' },
      { type: 'comment', comment: comment(3) },
      { type: 'comment', comment: comment(2) },
    );
    expect(ids(state.items)).toEqual([1, 'notice@1', 2, 3]);
    expect(state.lastId).toBe(3);
  });

  it('keeps at most the newest 300 messages', () => {
    const many = Array.from({ length: CHAT_KEPT_ITEMS + 50 }, (_, index) => comment(index + 1));
    const kept = mergeComments([], many);
    expect(kept).toHaveLength(CHAT_KEPT_ITEMS);
    expect(ids(kept)[0]).toBe(51);
    const state = apply({ ...initialChatState, items: kept }, { type: 'comment', comment: comment(1_000) });
    expect(state.items).toHaveLength(CHAT_KEPT_ITEMS);
    expect(ids(state.items).at(-1)).toBe(1_000);
    expect(ids(state.items)[0]).toBe(52);
  });

  it('removes deleted comments, pins and unpins, and counts who is online', () => {
    let state = apply(
      initialChatState,
      { type: 'comment', comment: comment(1) },
      { type: 'robotComment', comment: comment(2, { isRobot: true, userId: null, sid: null, isPinned: true }) },
      { type: 'comment', comment: comment(3) },
      { type: 'online', count: 12 },
    );
    expect(state.pins.map((pin) => pin.id)).toEqual([2]);
    expect(state.online).toBe(12);
    state = apply(state, { type: 'pinned', comment: comment(3, { isPinned: true }), isPinned: true });
    expect(state.pins.map((pin) => pin.id)).toEqual([2, 3]);
    state = apply(state, { type: 'pinned', comment: comment(3), isPinned: false }, { type: 'deleted', ids: [1, 2] });
    expect(ids(state.items)).toEqual([3]);
    expect(state.pins).toEqual([]);
  });

  it('takes the socket, the viewer and the nickname from welcome', () => {
    const state = apply(initialChatState, {
      type: 'welcome',
      sid: 'sid-12345678',
      userId: 'viewer-0000000000000000',
      mobile: null,
      nickname: '小明',
      checkMode: true,
      isCommentRTDisplayDisabled: false,
    });
    expect(state).toMatchObject({ sid: 'sid-12345678', nickname: '小明', checkMode: true });
  });

  it('ends the chat on a kick or the blacklist, and counts refusals', () => {
    const refused = apply(
      initialChatState,
      { type: 'refused', code: 'CHAT_SENSITIVE_WORD', message: 'x' },
      { type: 'refused', code: 'CHAT_SENSITIVE_WORD', message: 'x' },
    );
    expect(refused.refusal).toEqual({ code: 'CHAT_SENSITIVE_WORD', seq: 2 });
    expect(refused.ended).toBeNull();
    expect(apply(initialChatState, { type: 'kicked' }).ended).toBe('kicked');
    expect(apply(initialChatState, { type: 'refused', code: 'CHAT_BLACKLISTED', message: 'x' }).ended).toBe(
      'blacklisted',
    );
    // Turned away on coming back while the kick lasts.
    expect(apply(initialChatState, { type: 'refused', code: 'CHAT_KICKED', message: 'x' }).ended).toBe('kicked');
  });

  it('after a reconnect takes the pins as they stand and drops what was taken away meanwhile', () => {
    const before = apply(
      initialChatState,
      { type: 'comment', comment: comment(1, { isPinned: true }) },
      { type: 'comment', comment: comment(2) },
      { type: 'notice', text: '评论需审核后显示' },
      { type: 'comment', comment: comment(3) },
    );
    expect(before.pins.map((pin) => pin.id)).toEqual([1]);
    const after = apply(
      before,
      { type: 'comment', comment: comment(4) },
      {
        type: 'sync',
        pins: [comment(3, { isPinned: true })],
        removedIds: [2],
      },
    );
    expect(ids(after.items)).toEqual([1, 'notice@2', 3, 4]);
    expect(after.pins.map((pin) => pin.id)).toEqual([3]);
  });

  it('shows a gift once after the comment it followed, though the sender hears it twice', () => {
    const gift = {
      id: 7,
      giftId: 3,
      name: '玫瑰',
      icon: '/files/rose.png',
      price: 100,
      count: 2,
      amount: 200,
      nickname: '小红',
      userId: 'viewer-0000000000000000',
      createdAt: '2026-03-01T10:00:00.000Z',
    };
    let state = chatReducer(initialChatState, { type: 'comment', comment: comment(1) });
    state = chatReducer(state, { type: 'gift', gift });
    state = chatReducer(state, { type: 'gift', gift });
    expect(state.items).toHaveLength(2);
    expect(state.items[1]).toEqual({ kind: 'gift', key: 'g7', gift, afterId: 1 });
    // A parsed server message of the gift kind is accepted as the contract says.
    expect(parseServerMessages(JSON.stringify({ type: 'gift', gift }))).toEqual([{ type: 'gift', gift }]);
    expect(parseServerMessages(JSON.stringify({ type: 'gift', gift: { ...gift, count: 'x' } }))).toEqual([]);
  });

  it('waits 1, 2, 5, then 10 s between reconnects', () => {
    expect([0, 1, 2, 3, 4, 9, 100].map(reconnectDelay)).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000, 10_000]);
    expect(reconnectDelay(-1)).toBe(1_000);
  });

  it('names a viewer 观众 and four digits, the same for the same viewer id', () => {
    const name = defaultNickname('AbCdEfGhIjKlMnOpQrStUv');
    expect(name).toMatch(/^观众\d{4}$/);
    expect(defaultNickname('AbCdEfGhIjKlMnOpQrStUv')).toBe(name);
    const names = new Set(Array.from({ length: 50 }, (_, index) => defaultNickname(`viewer-${index}-xxxxxxxxxxxx`)));
    expect(names.size).toBeGreaterThan(40);
  });

  it('connects over wss under https and asks after the last comment seen', () => {
    expect(chatSocketUrl({ protocol: 'https:', host: 'live.example.com' }, 42, 17)).toBe(
      'wss://live.example.com/api/watch/42/chat?after=17',
    );
    expect(chatSocketUrl({ protocol: 'http:', host: '127.0.0.1:8080' }, 42, 0)).toBe(
      'ws://127.0.0.1:8080/api/watch/42/chat?after=0',
    );
  });

  it('reads only server messages the contract knows', () => {
    expect(parseServerMessages('{"type":"online","count":3}')).toEqual([{ type: 'online', count: 3 }]);
    expect(parseServerMessages('{"type":"online","count":"3"}')).toEqual([]);
    expect(parseServerMessages('{"type":"party"}')).toEqual([]);
    expect(parseServerMessages('not json')).toEqual([]);
    expect(parseServerMessages('3')).toEqual([]);
    expect(parseServerMessages('null')).toEqual([]);
    expect(parseServerMessages(new ArrayBuffer(2))).toEqual([]);
  });

  it('reads a frame of several messages in their order, leaving out only those the contract does not know', () => {
    const frame = JSON.stringify([
      { type: 'online', count: 3 },
      { type: 'comment', comment: comment(1) },
      { type: 'party' },
      { type: 'comment', comment: comment(2) },
      { type: 'deleted', ids: [1] },
    ]);
    const messages = parseServerMessages(frame);
    expect(messages.map((message) => message.type)).toEqual(['online', 'comment', 'comment', 'deleted']);
    // Taken one after another, as if each had come in a frame of its own.
    const state = apply(initialChatState, ...messages);
    expect(ids(state.items)).toEqual([2]);
    expect(state.online).toBe(3);
    expect(parseServerMessages('[]')).toEqual([]);
  });
});
