import { fillPath } from '@yanbo/contracts/call';
import {
  CHAT_SOCKET_PATH,
  type ChatComment,
  type ChatRefusal,
  type ChatServerMessage,
  chatFrameMessages,
  chatServerMessage,
  defaultViewerNickname,
} from '@yanbo/contracts/comments';
import { API_PREFIX } from '@yanbo/contracts/constants';
import type { SentGift } from '@yanbo/contracts/gifts';

// Pure rules of the watch page's chat room: what the list holds after each server message (replayed and live comments
// merged by id, without duplicates, at most CHAT_KEPT_ITEMS), the pinned bar, the reconnect backoff, the nickname.

/** Messages kept in memory; older ones fall off the top. */
export const CHAT_KEPT_ITEMS = 300;
/** Waits before reconnecting, by attempt: 1, 2, 5, then 10 s each time. */
export const CHAT_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** The nickname the viewer chose, for every activity. */
export const CHAT_NICKNAME_KEY = 'yanbo.chatNickname';

export type ChatItem =
  | { kind: 'comment'; comment: ChatComment }
  /** A system notice, shown after the comment it followed (`afterId`). */
  | { kind: 'notice'; key: string; text: string; afterId: number }
  /** A gift a viewer sent, shown after the comment it followed. */
  | { kind: 'gift'; key: string; gift: SentGift; afterId: number };

export interface ChatState {
  items: ChatItem[];
  /** Pinned comments in the order they were pinned; the bar shows the last one. */
  pins: ChatComment[];
  /** The highest comment id seen: what a reconnect asks after. */
  lastId: number;
  online: number | null;
  /** This socket's id and the viewer's, from welcome. */
  sid: string | null;
  userId: string | null;
  /** The nickname the server took (trimmed, shortened), from welcome. */
  nickname: string | null;
  checkMode: boolean;
  /** Set by a kick or the blacklist: the chat stops for good. */
  ended: 'kicked' | 'blacklisted' | null;
  /** The latest refusal and a counter, so the same one twice shows twice. */
  refusal: { code: ChatRefusal; seq: number } | null;
  noticeSeq: number;
  /** The latest lottery draw announced while this page was open, and the latest red packet offered. */
  lottery: Extract<ChatServerMessage, { type: 'lotteryDrawn' }>['draw'] | null;
  redPacket: Extract<ChatServerMessage, { type: 'redPacket' }>['redPacket'] | null;
}

export const initialChatState: ChatState = {
  items: [],
  pins: [],
  lastId: 0,
  online: null,
  sid: null,
  userId: null,
  nickname: null,
  checkMode: false,
  ended: null,
  refusal: null,
  noticeSeq: 0,
  lottery: null,
  redPacket: null,
};

const idOf = (item: ChatItem) => (item.kind === 'comment' ? item.comment.id : item.afterId);

/**
 * Adds or updates comments: one already held (same id) is replaced where it is, a new one goes in id order (a
 * notice stays after the comment it followed), and only the newest `keep` items are kept.
 */
export function mergeComments(items: readonly ChatItem[], comments: readonly ChatComment[], keep = CHAT_KEPT_ITEMS) {
  const next = [...items];
  for (const comment of comments) {
    const at = next.findIndex((item) => item.kind === 'comment' && item.comment.id === comment.id);
    if (at >= 0) {
      next[at] = { kind: 'comment', comment };
      continue;
    }
    // Usually the newest: look from the end for the first item that comes before it.
    let index = next.length;
    while (index > 0 && idOf(next[index - 1]) >= comment.id) index -= 1;
    next.splice(index, 0, { kind: 'comment', comment });
  }
  return capItems(next, keep);
}

export function capItems(items: ChatItem[], keep = CHAT_KEPT_ITEMS): ChatItem[] {
  return items.length > keep ? items.slice(items.length - keep) : items;
}

function withPin(pins: ChatComment[], comment: ChatComment, pinned: boolean): ChatComment[] {
  const others = pins.filter((pin) => pin.id !== comment.id);
  return pinned ? [...others, comment] : others;
}

/** Adds a gift once: the sender hears its own from the call's answer and again from the room. */
export function withGift(items: readonly ChatItem[], gift: SentGift, afterId: number): ChatItem[] {
  const key = `g${gift.id}`;
  if (items.some((item) => item.kind === 'gift' && item.key === key)) return [...items];
  return capItems([...items, { kind: 'gift', key, gift, afterId }]);
}

/** The state after one server message. */
export function chatReducer(state: ChatState, message: ChatServerMessage): ChatState {
  switch (message.type) {
    case 'welcome':
      return {
        ...state,
        sid: message.sid,
        userId: message.userId,
        nickname: message.nickname,
        checkMode: message.checkMode,
      };
    case 'comment':
    case 'robotComment': {
      const { comment } = message;
      const known = state.pins.some((pin) => pin.id === comment.id);
      return {
        ...state,
        items: mergeComments(state.items, [comment]),
        lastId: Math.max(state.lastId, comment.id),
        pins: comment.isPinned || known ? withPin(state.pins, comment, comment.isPinned) : state.pins,
      };
    }
    case 'pinned':
      return { ...state, pins: withPin(state.pins, message.comment, message.isPinned) };
    case 'sync': {
      // Back after a drop: the pins as they stand, and what was taken away meanwhile.
      const gone = new Set(message.removedIds);
      return {
        ...state,
        items: state.items.filter((item) => item.kind !== 'comment' || !gone.has(item.comment.id)),
        pins: message.pins,
      };
    }
    case 'deleted': {
      const gone = new Set(message.ids);
      return {
        ...state,
        items: state.items.filter((item) => item.kind !== 'comment' || !gone.has(item.comment.id)),
        pins: state.pins.filter((pin) => !gone.has(pin.id)),
      };
    }
    case 'notice': {
      const noticeSeq = state.noticeSeq + 1;
      const notice: ChatItem = { kind: 'notice', key: `n${noticeSeq}`, text: message.text, afterId: state.lastId };
      return { ...state, noticeSeq, items: capItems([...state.items, notice]) };
    }
    case 'gift':
      return { ...state, items: withGift(state.items, message.gift, state.lastId) };
    case 'online':
      return { ...state, online: message.count };
    case 'kicked':
      return { ...state, ended: 'kicked' };
    case 'refused':
      return {
        ...state,
        ended:
          message.code === 'CHAT_BLACKLISTED' ? 'blacklisted' : message.code === 'CHAT_KICKED' ? 'kicked' : state.ended,
        refusal: { code: message.code, seq: (state.refusal?.seq ?? 0) + 1 },
      };
    case 'lotteryDrawn':
      return { ...state, lottery: message.draw };
    case 'redPacket':
      return { ...state, redPacket: message.redPacket };
    // The text live tab's posts ride on the same socket; the chat itself keeps nothing of them.
    case 'textLivePost':
    case 'textLiveDeleted':
    default:
      // The interactions' messages are the interaction layer's (interaction-store.ts).
      return state;
  }
}

/** How long to wait before reconnect attempt `attempt` (0 for the first after a drop). */
export function reconnectDelay(attempt: number): number {
  const delays = CHAT_RECONNECT_DELAYS_MS;
  return delays[Math.min(Math.max(0, Math.floor(attempt)), delays.length - 1)];
}

/** 观众 and four digits drawn from the viewer's id: the same viewer gets the same name on every page. */
export const defaultNickname = defaultViewerNickname;

/** The chat socket's address on this page's host: wss:// under https, ws:// otherwise, after the last comment seen. */
export function chatSocketUrl(location: Pick<Location, 'protocol' | 'host'>, activityId: number, after: number) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const path = fillPath(CHAT_SOCKET_PATH, { id: activityId });
  return `${scheme}//${location.host}${API_PREFIX}${path}?after=${Math.max(0, Math.floor(after))}`;
}

/**
 * The messages of a server frame (one, or several in an array) each checked against the contract, in order; any the
 * contract does not know (not JSON, an unknown type, a wrong field) is left out.
 */
export function parseServerMessages(data: unknown): ChatServerMessage[] {
  if (typeof data !== 'string') return [];
  const messages: ChatServerMessage[] = [];
  for (const raw of chatFrameMessages(data)) {
    const parsed = chatServerMessage.safeParse(raw);
    if (parsed.success) messages.push(parsed.data);
  }
  return messages;
}
