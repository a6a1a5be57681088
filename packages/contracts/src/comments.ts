import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, ok, pageQuery } from './common.ts';
import { sentGift } from './gifts.ts';
import { watchCheckin, watchQuestion, watchVote } from './interactions.ts';
import { watchPhoto } from './photos.ts';
import { watchProduct } from './products.ts';
import { watchQuestionnaire } from './questionnaire-view.ts';
import { textLivePost } from './text-live.ts';

// Comment libraries (seed 001 §3 "Comment library": items, name, id; §7; issue 10): lists of canned comments that
// robots post and staff send with one click. Library 0 is the default library every agent has; it cannot be changed.

export const COMMENT_ERRORS = {
  libraryNotFound: 'Comment Library Not Found',
  nameTaken: 'Comment library name already existed',
  defaultLibraryReadOnly: 'The default comment library cannot be changed',
} as const;

/** The comment library list loads page 1, size 100 (seed 001 §4, §9). */
export const COMMENT_LIBRARY_PAGE_SIZE = 100;
export const DEFAULT_COMMENT_LIBRARY_ID = 0;
export const COMMENT_LIBRARY_MAX_ITEMS = 500;
export const COMMENT_MAX_LENGTH = 200;

/** The default library (id 0): short, neutral comments that fit any live event. */
export const DEFAULT_COMMENT_LIBRARY = {
  id: DEFAULT_COMMENT_LIBRARY_ID,
  name: '默认评论库',
  items: [
    '主播好！',
    '来了来了',
    '讲得太好了👍',
    '干货满满，收藏了',
    '画面很清晰',
    '声音很清楚',
    '学到了，谢谢分享',
    '支持支持！',
    '打卡',
    '期待下一场',
    '这个观点很有启发',
    '请问有回放吗？',
    '666',
    '赞👏👏',
    '一起加油',
  ],
} as const;

const libraryName = z.string().trim().min(1, 'Name is required').max(30, 'Name must be at most 30 characters');
/** A library's comments: trimmed, blanks dropped, each at most 200 characters, at most 500. */
const libraryItems = z
  .array(z.string().max(COMMENT_MAX_LENGTH, `Each comment must be at most ${COMMENT_MAX_LENGTH} characters`))
  .max(COMMENT_LIBRARY_MAX_ITEMS, `At most ${COMMENT_LIBRARY_MAX_ITEMS} comments per library`)
  .transform((items) => items.map((item) => item.trim()).filter((item) => item !== ''));

export const commentLibrary = z.object({
  id: z.number().int(),
  name: z.string(),
  items: z.array(z.string()),
  /** The default library (id 0) is the product's and cannot be changed. */
  readOnly: z.boolean(),
  createdAt: isoDateTime.nullable(),
  updatedAt: isoDateTime.nullable(),
});
export type CommentLibrary = z.infer<typeof commentLibrary>;
export const commentLibraryList = listOf(commentLibrary);
export type CommentLibraryList = z.infer<typeof commentLibraryList>;

export const commentLibraryQuery = pageQuery(COMMENT_LIBRARY_PAGE_SIZE);
export const commentLibraryInput = z.object({ name: libraryName, items: libraryItems.default([]) });
export type CommentLibraryInput = z.input<typeof commentLibraryInput>;
export const commentLibraryUpdate = z.object({ name: libraryName.optional(), items: libraryItems.optional() });
export type CommentLibraryUpdate = z.input<typeof commentLibraryUpdate>;
/** Library ids in a URL: 0 names the default library. */
export const commentLibraryParams = z.object({ id: z.coerce.number().int().min(0).max(2_147_483_647) });

const libraryCalls = defineCalls('comments', {
  listCommentLibraries: {
    method: 'GET',
    path: '/agent/comment/library',
    summary: 'The comment libraries: the default one (id 0) first, then the agent’s own',
    access: 'signedIn',
    query: commentLibraryQuery,
    response: commentLibraryList,
  },
  createCommentLibrary: {
    method: 'POST',
    path: '/agent/comment/library',
    summary: 'Add a comment library',
    access: 'signedIn',
    body: commentLibraryInput,
    response: commentLibrary,
  },
  updateCommentLibrary: {
    method: 'PUT',
    path: '/agent/comment/library/:id',
    summary: 'Rename a comment library or change its comments',
    access: 'signedIn',
    params: commentLibraryParams,
    body: commentLibraryUpdate,
    response: commentLibrary,
  },
  deleteCommentLibrary: {
    method: 'DELETE',
    path: '/agent/comment/library/:id',
    summary: 'Delete a comment library',
    access: 'signedIn',
    params: commentLibraryParams,
    response: ok,
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Live chat and its moderation (seed 001 §3 "Comment", §4 "Comments", §7 "Activity management", §9; issue 10).
// Viewers talk over one WebSocket per page (GET /api/watch/{id}/chat); every comment is stored before it is sent on,
// carries its id, and a viewer reconnecting with ?after=<last id> gets what it missed. The console moderates through
// the calls below, under the seed's /activity/{id}/comment, /activity/{id}/filter and /v3/activity/{id}/comment pin,
// comment-ban and comment-report paths.

export const CHAT_ERRORS = {
  commentNotFound: 'Comment Not Found',
  robotNotFound: 'Robot Not Found',
  pinNeedsPassed: 'Only a passed comment can be pinned',
} as const;

/** The viewer socket's path under /api; it upgrades to a WebSocket. */
export const CHAT_SOCKET_PATH = '/watch/:id/chat';
/** Comments per page in the console's list (seed 001 §9). */
export const CHAT_COMMENT_PAGE_SIZE = 10;
/** The pinned comment list loads page 1, size 50 (seed 001 §9). */
export const PINNED_COMMENT_PAGE_SIZE = 50;
/** The most a reconnecting viewer is sent of what it missed: the latest ones. */
export const CHAT_REPLAY_MAX = 200;
/** How long a kicked viewer (踢出) is kept out of the chat. */
export const CHAT_KICK_SECONDS = 30 * 60;
/** A viewer's message on the socket, at most (bytes): a longer one closes the socket (1009). */
export const CHAT_MAX_MESSAGE_BYTES = 4 * 1024;
export const CHAT_NICKNAME_MAX_LENGTH = 30;
/** A new socket says hello within this long or is closed (4408). */
export const CHAT_HANDSHAKE_MS = 5_000;
/** Comments one viewer may post to one activity per window; past it they are refused, not stored. */
export const CHAT_COMMENT_RATE = { max: 5, windowMs: 10_000 } as const;
/** Close codes the server ends a socket with, beside the protocol's own (1009 message too big). */
export const CHAT_CLOSE_CODES = {
  kicked: 4001,
  blacklisted: 4003,
  flood: 4029,
  handshakeTimeout: 4408,
  full: 4013,
  signInRequired: 4011,
  /**
   * The socket fell behind: more than the server holds for one socket (256 KiB) was waiting to be written to it (a
   * slow phone, a stalled tab). The server closes it rather than hold more, and drops it a moment later if the close
   * cannot get through; the page reconnects with ?after= as after any drop and is sent what it missed.
   */
  tooSlow: 4507,
} as const;

export const COMMENT_STATUSES = ['pending', 'passed', 'failed'] as const;
export const commentStatus = z.enum(COMMENT_STATUSES);
export type CommentStatus = z.infer<typeof commentStatus>;

/** Why the chat refused a viewer's comment (or the viewer): the watch page shows CHAT_REFUSAL_TEXTS[code]. */
export const CHAT_REFUSALS = {
  blacklisted: 'CHAT_BLACKLISTED',
  banned: 'CHAT_BANNED',
  rateLimited: 'CHAT_RATE_LIMITED',
  sensitiveWord: 'CHAT_SENSITIVE_WORD',
  empty: 'CHAT_EMPTY',
  tooLong: 'CHAT_TOO_LONG',
  badMessage: 'CHAT_BAD_MESSAGE',
  notReady: 'CHAT_NOT_READY',
  signInRequired: 'CHAT_SIGN_IN_REQUIRED',
  kicked: 'CHAT_KICKED',
} as const;
export type ChatRefusal = (typeof CHAT_REFUSALS)[keyof typeof CHAT_REFUSALS];
export const chatRefusalCode = z.enum(Object.values(CHAT_REFUSALS) as [ChatRefusal, ...ChatRefusal[]]);

/** The English reason the server sends with a refusal; the page shows the Chinese text of its code. */
export const CHAT_REFUSAL_MESSAGES: Record<ChatRefusal, string> = {
  CHAT_BLACKLISTED: 'You are on this activity’s blacklist',
  CHAT_BANNED: 'You are banned from commenting',
  CHAT_RATE_LIMITED: 'Too many comments, try again later',
  CHAT_SENSITIVE_WORD: 'The comment contains a forbidden word',
  CHAT_EMPTY: 'The comment is empty',
  CHAT_TOO_LONG: `A comment is at most ${COMMENT_MAX_LENGTH} characters`,
  CHAT_BAD_MESSAGE: 'Not a chat message',
  CHAT_NOT_READY: 'Say hello first',
  CHAT_SIGN_IN_REQUIRED: 'This activity admits listed mobiles only: sign in with one',
  CHAT_KICKED: 'You were removed from this chat for a while',
};
export const CHAT_REFUSAL_TEXTS: Record<ChatRefusal, string> = {
  CHAT_BLACKLISTED: '你已被加入黑名单，无法参与互动',
  CHAT_BANNED: '你已被禁言',
  CHAT_RATE_LIMITED: '发言太频繁，请稍后再试',
  CHAT_SENSITIVE_WORD: '评论包含敏感词，发送失败',
  CHAT_EMPTY: '请输入评论内容',
  CHAT_TOO_LONG: `评论不能超过${COMMENT_MAX_LENGTH}个字`,
  CHAT_BAD_MESSAGE: '消息格式错误',
  CHAT_NOT_READY: '聊天尚未连接',
  CHAT_SIGN_IN_REQUIRED: '本场直播仅限受邀手机号参与，请先登录',
  CHAT_KICKED: '你已被移出聊天室，请稍后再来',
};
/** System notices the server sends when the console changes the chat's rules. */
export const CHAT_NOTICES = {
  checkModeOn: '评论需审核后显示',
  checkModeOff: '评论审核已关闭',
} as const;

/** A viewer's anonymous id: the watch page's viewer cookie. */
export const chatViewerId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid user id');
const commentText = z
  .string()
  .trim()
  .min(1, 'Text is required')
  .max(COMMENT_MAX_LENGTH, `Text must be at most ${COMMENT_MAX_LENGTH} characters`);

// What a viewer sends: hello first (its nickname), then comments.
export const chatClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), nickname: z.string().max(200) }),
  z.object({ type: z.literal('comment'), text: z.string().max(CHAT_MAX_MESSAGE_BYTES) }),
  z.object({ type: z.literal('ping') }),
]);
export type ChatClientMessage = z.infer<typeof chatClientMessage>;

/** A comment as viewers and the console see it. */
export const chatComment = z.object({
  id: z.number().int(),
  text: z.string(),
  nickname: z.string(),
  /** The viewer's id (what a ban or the blacklist names); null for a robot's comment. */
  userId: z.string().nullable(),
  /** The socket it came by: what a kick names. Null for robots and staff. */
  sid: z.string().nullable(),
  status: commentStatus,
  isRobot: z.boolean(),
  avatar: z.string().nullable(),
  isPinned: z.boolean(),
  createdAt: isoDateTime,
});
export type ChatComment = z.infer<typeof chatComment>;

/**
 * 观众 and four digits drawn from the viewer's id: the watch page's name for a viewer who chose none, and the name a
 * lottery winner or red-packet grab is stored under when the viewer never commented.
 */
export function defaultViewerNickname(viewerId: string): string {
  let hash = 0;
  for (const char of viewerId) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) >>> 0;
  return `观众${String(hash % 10_000).padStart(4, '0')}`;
}

// What the server sends a viewer, one discriminated union for the watch page and the console. A text frame on the
// socket holds one message (a JSON object) or several, in the order they were sent (a JSON array of two or more):
// the server writes a room's messages to its sockets in rounds, and everything that arrived while the last round was
// being written goes out as one frame (bench/README.md, live chat). A client reads each frame with chatFrameMessages
// and checks every message against chatServerMessage; messages for one viewer (its welcome, its own held comment,
// a refusal, what it missed) keep their place among the room's.
export const chatServerMessage = z.discriminatedUnion('type', [
  /** The answer to hello: the socket's id, the viewer's, and the chat's rules. */
  z.object({
    type: z.literal('welcome'),
    sid: z.string(),
    userId: z.string(),
    nickname: z.string(),
    /** The viewer's mobile, masked, when it signed in by SMS; null for an anonymous viewer. */
    mobile: z.string().nullable(),
    checkMode: z.boolean(),
    isCommentRTDisplayDisabled: z.boolean(),
  }),
  /** A viewer's comment: everyone's when passed; the author's own when held (pending) or later failed. */
  z.object({ type: z.literal('comment'), comment: chatComment }),
  /** A comment the staff posted as one of the agent's robots. */
  z.object({ type: z.literal('robotComment'), comment: chatComment }),
  z.object({ type: z.literal('pinned'), comment: chatComment, isPinned: z.boolean() }),
  z.object({ type: z.literal('deleted'), ids: z.array(z.number().int()) }),
  z.object({ type: z.literal('notice'), text: z.string() }),
  /**
   * Viewers online as the audience is shown them: those connected now plus the activity's virtual audience (issue 10;
   * the console gets the two apart, GET /v3/activity/{id}/live-ops).
   */
  /** A viewer sent a gift (a paid one once it was paid). */
  z.object({ type: z.literal('gift'), gift: sentGift }),
  /** Real viewers connected now (robots are counted apart, never here). */
  z.object({ type: z.literal('online'), count: z.number().int() }),
  /** The staff kicked this socket out; the server closes it next (4001), and refuses the viewer for CHAT_KICK_SECONDS. */
  z.object({ type: z.literal('kicked') }),
  /**
   * After the missed comments of a reconnect (?after=): the pinned comments as they stand now, and the ids up to
   * `after` the viewer may hold that are gone meanwhile (deleted, or no longer passed), so its list matches the room's.
   */
  z.object({ type: z.literal('sync'), pins: z.array(chatComment), removedIds: z.array(z.number().int()) }),
  /** Why this viewer's message or the viewer was refused. */
  z.object({ type: z.literal('refused'), code: chatRefusalCode, message: z.string() }),
  // The interactions (interactions.ts): votes, check-ins and answered questions reach the viewers on this socket.
  /** A vote was published; `myChoices` is always null here (each viewer asks for its own ballot). */
  z.object({ type: z.literal('votePublished'), vote: watchVote }),
  z.object({ type: z.literal('voteClosed'), vote: watchVote }),
  /** A vote's results as ballots arrive (sent at most about once a second per vote). */
  z.object({
    type: z.literal('voteResults'),
    voteId: z.number().int(),
    tally: z.array(z.number().int()),
    voters: z.number().int(),
  }),
  /** A vote deleted by the console: the viewers drop it. */
  z.object({ type: z.literal('voteDeleted'), voteId: z.number().int() }),
  z.object({ type: z.literal('checkinStarted'), checkin: watchCheckin }),
  z.object({ type: z.literal('checkinEnded'), checkinId: z.number().int() }),
  /** The host answered a question publicly; `mine` is false here (the asker's page knows its own). */
  z.object({ type: z.literal('questionAnswered'), question: watchQuestion }),
  z.object({ type: z.literal('questionDeleted'), questionId: z.number().int() }),
  // Lottery and red packets (rewards.ts), kept together.
  /** A lottery was drawn: its prize and winners, to everyone (a winner finds its own userId among them). */
  z.object({
    type: z.literal('lotteryDrawn'),
    draw: z.object({
      id: z.number().int(),
      prizeName: z.string(),
      poolSize: z.number().int(),
      winners: z.array(z.object({ userId: z.string(), nickname: z.string() })),
      createdAt: isoDateTime,
    }),
  }),
  /** A red packet was sent: viewers may grab it (POST /api/watch/{id}/red-packets/{packetId}/grab). */
  z.object({
    type: z.literal('redPacket'),
    redPacket: z.object({
      id: z.number().int(),
      greeting: z.string(),
      count: z.number().int(),
      mode: z.enum(['random', 'fixed']),
      expiresAt: isoDateTime,
    }),
  }),
  // Beside the chat, on the same socket: the text live tab's posts (图文直播) as the organiser posts and deletes them.
  z.object({ type: z.literal('textLivePost'), post: textLivePost }),
  z.object({ type: z.literal('textLiveDeleted'), id: z.number().int() }),
  // The photo live tab (photos.ts): published photos arrive, and hidden or deleted ones leave, without a reload; a
  // reordered list is read again.
  z.object({ type: z.literal('photosAdded'), listId: z.number().int(), photos: z.array(watchPhoto) }),
  z.object({ type: z.literal('photosRemoved'), listId: z.number().int(), ids: z.array(z.number().int()) }),
  z.object({ type: z.literal('photosReordered'), listId: z.number().int() }),
  // The product presented during the live (products.ts, 讲解中): a card over the player until it is withdrawn.
  z.object({ type: z.literal('productPushed'), product: watchProduct }),
  z.object({ type: z.literal('productWithdrawn'), productId: z.number().int() }),
  // The questionnaire extension (extensions.ts): switched on or changed (a new version, `answered` always false here:
  // a page that holds the same version keeps its own), and switched off.
  z.object({ type: z.literal('questionnaireOpened'), questionnaire: watchQuestionnaire }),
  z.object({ type: z.literal('questionnaireClosed') }),
]);
export type ChatServerMessage = z.infer<typeof chatServerMessage>;

/**
 * The messages of one chat socket frame, in order, unchecked: a JSON object is one message, a JSON array holds several;
 * anything else (not JSON, a scalar) holds none. Each is still to be checked against chatServerMessage.
 */
export function chatFrameMessages(text: string): unknown[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (Array.isArray(raw)) return raw;
  return raw !== null && typeof raw === 'object' ? [raw] : [];
}

export const commentListQuery = pageQuery(CHAT_COMMENT_PAGE_SIZE).extend({ status: commentStatus.optional() });
export const commentCounts = z.object({
  pending: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
});
export const commentList = listOf(chatComment).extend({ counts: commentCounts });
export type CommentList = z.infer<typeof commentList>;
export const pinnedCommentQuery = pageQuery(PINNED_COMMENT_PAGE_SIZE);
export const pinnedCommentList = listOf(chatComment);

export const commentIds = z.object({
  ids: z.array(id).min(1, 'Choose at least one comment').max(200, 'At most 200 comments at once'),
});
/** passed approves, failed rejects, pending puts a reviewed comment back on the check list (seed 001 §4). */
export const commentReview = commentIds.extend({ status: commentStatus });
export const commentIdBody = z.object({ commentId: id });
export const chatUserBody = z.object({ userId: chatViewerId });
export const chatUsers = z.object({ items: z.array(z.object({ userId: z.string(), createdAt: isoDateTime })) });
export const kickBody = z.object({
  sid: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid sid'),
});
export const robotCommentBody = z.object({ robotId: id, text: commentText });

/** PUT /activity/{id}/filter: check mode (comments wait for approval) and the page's real-time display switch. */
export const commentFilter = z.object({ checkMode: z.boolean(), isCommentRTDisplayDisabled: z.boolean() });
export type CommentFilter = z.infer<typeof commentFilter>;
export const commentFilterUpdate = commentFilter.partial();

export const chatReport = z.object({
  counts: commentCounts.extend({ deleted: z.number().int(), robot: z.number().int() }),
  /** Viewers' comments per hour (UTC, the hour's start), robots counted apart. */
  hours: z.array(z.object({ hour: isoDateTime, comments: z.number().int(), robotComments: z.number().int() })),
});
export type ChatReport = z.infer<typeof chatReport>;

const chatCalls = defineCalls('comments', {
  listComments: {
    method: 'GET',
    path: '/activity/:id/comment',
    summary: 'An activity’s comments, 10 a page, by status with the counts; pending oldest first, otherwise newest',
    access: 'signedIn',
    params: idParams,
    query: commentListQuery,
    response: commentList,
  },
  deleteComments: {
    method: 'DELETE',
    path: '/activity/:id/comment',
    summary: 'Delete comments: they leave the list and every viewer’s chat',
    access: 'signedIn',
    params: idParams,
    body: commentIds,
    response: ok,
  },
  reviewComments: {
    method: 'PUT',
    path: '/activity/:id/comment/review',
    summary:
      'Approve (passed), reject (failed) or put back on the check list (pending) comments; approved ones reach the viewers',
    access: 'signedIn',
    params: idParams,
    body: commentReview,
    response: ok,
  },
  sendRobotComment: {
    method: 'POST',
    path: '/activity/:id/comment/robot',
    summary: 'Post a comment as one of the agent’s robots',
    access: 'signedIn',
    params: idParams,
    body: robotCommentBody,
    response: chatComment,
  },
  listPinnedComments: {
    method: 'GET',
    path: '/v3/activity/:id/comment/pin',
    summary: 'The pinned comments, page 1 size 50',
    access: 'signedIn',
    params: idParams,
    query: pinnedCommentQuery,
    response: pinnedCommentList,
  },
  pinComment: {
    method: 'POST',
    path: '/v3/activity/:id/comment/pin',
    summary: 'Pin a comment',
    access: 'signedIn',
    params: idParams,
    body: commentIdBody,
    response: chatComment,
  },
  unpinComment: {
    method: 'DELETE',
    path: '/v3/activity/:id/comment/pin',
    summary: 'Unpin a comment',
    access: 'signedIn',
    params: idParams,
    body: commentIdBody,
    response: chatComment,
  },
  listCommentBans: {
    method: 'GET',
    path: '/v3/activity/:id/comment-ban',
    summary: 'The viewers banned from commenting (禁言)',
    access: 'signedIn',
    params: idParams,
    response: chatUsers,
  },
  banCommenter: {
    method: 'POST',
    path: '/v3/activity/:id/comment-ban',
    summary: 'Ban a viewer from commenting (禁言)',
    access: 'signedIn',
    params: idParams,
    body: chatUserBody,
    response: ok,
  },
  liftCommentBan: {
    method: 'DELETE',
    path: '/v3/activity/:id/comment-ban',
    summary: 'Lift a viewer’s comment ban',
    access: 'signedIn',
    params: idParams,
    body: chatUserBody,
    response: ok,
  },
  getCommentFilter: {
    method: 'GET',
    path: '/activity/:id/filter',
    summary: 'The user filter: check mode and the real-time display switch',
    access: 'signedIn',
    params: idParams,
    response: commentFilter,
  },
  setCommentFilter: {
    method: 'PUT',
    path: '/activity/:id/filter',
    summary: 'Switch check mode or real-time display',
    access: 'signedIn',
    params: idParams,
    body: commentFilterUpdate,
    response: commentFilter,
  },
  listBlacklist: {
    method: 'GET',
    path: '/activity/:id/blacklist',
    summary: 'The viewers on the activity’s blacklist',
    access: 'signedIn',
    params: idParams,
    response: chatUsers,
  },
  addToBlacklist: {
    method: 'POST',
    path: '/activity/:id/blacklist',
    summary: 'Blacklist a viewer: its sockets close and it cannot join the chat',
    access: 'signedIn',
    params: idParams,
    body: chatUserBody,
    response: ok,
  },
  removeFromBlacklist: {
    method: 'DELETE',
    path: '/activity/:id/blacklist',
    summary: 'Take a viewer off the blacklist',
    access: 'signedIn',
    params: idParams,
    body: chatUserBody,
    response: ok,
  },
  kickViewer: {
    method: 'POST',
    path: '/activity/:id/kick',
    summary: 'Kick a viewer’s socket out by its sid; it is told and closed',
    access: 'signedIn',
    params: idParams,
    body: kickBody,
    response: ok,
  },
  getChatReport: {
    method: 'GET',
    path: '/v3/activity/:id/comment-report',
    summary: 'The chat report: comments per status and per hour, robots apart',
    access: 'signedIn',
    params: idParams,
    response: chatReport,
  },
});

/** The comments area's calls: the comment libraries, and the live chat's moderation. */
export const commentCalls = { ...libraryCalls, ...chatCalls };
