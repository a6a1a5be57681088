import { z } from 'zod';
import { defineCalls } from './call.ts';
import { isoDateTime, listOf, ok, pageQuery } from './common.ts';

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

export const commentCalls = defineCalls('comments', {
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
