import type { InfiniteData } from '@tanstack/react-query';
import { CHAT_COMMENT_PAGE_SIZE, type ChatComment, type CommentList, type CommentStatus } from '@yanbo/contracts';

// The moderation screen's rules, apart from the screen so they can be tested as they are (seed 001 §4, §9).

/** The list's tabs: every comment, or one status. */
export const COMMENT_TABS = ['all', 'pending', 'passed', 'failed'] as const;
export type CommentTab = (typeof COMMENT_TABS)[number];

export const isCommentTab = (value: unknown): value is CommentTab =>
  typeof value === 'string' && (COMMENT_TABS as readonly string[]).includes(value);

/** What GET /activity/{id}/comment is asked for one page of a tab: 10 a page, the tab's status unless all. */
export function commentPageQuery(
  tab: CommentTab,
  page: number,
): { page: number; pageSize: number; status?: CommentStatus } {
  return tab === 'all'
    ? { page, pageSize: CHAT_COMMENT_PAGE_SIZE }
    : { page, pageSize: CHAT_COMMENT_PAGE_SIZE, status: tab };
}

/** Pending comments are worked through oldest first; every other list reads newest first. */
export const commentOrder = (tab: CommentTab): 'asc' | 'desc' => (tab === 'pending' ? 'asc' : 'desc');

/** The tab's order between two comments: by createdAt, then by id. */
export function compareComments(tab: CommentTab): (a: ChatComment, b: ChatComment) => number {
  const sign = commentOrder(tab) === 'asc' ? 1 : -1;
  return (a, b) => sign * (Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
}

/** The next page to ask for, or undefined once a page came back shorter than a full page: all are loaded. */
export function nextCommentPage(lastPage: CommentList, pages: CommentList[]): number | undefined {
  return lastPage.items.length < CHAT_COMMENT_PAGE_SIZE ? undefined : pages.length + 1;
}

export const belongsToTab = (tab: CommentTab, comment: ChatComment) => tab === 'all' || comment.status === tab;

/** The loaded pages as one list, each comment once (a page asked for after new ones arrived repeats a few). */
export function flattenComments(data: InfiniteData<CommentList> | undefined): ChatComment[] {
  const seen = new Set<number>();
  const out: ChatComment[] = [];
  for (const page of data?.pages ?? []) {
    for (const comment of page.items) {
      if (seen.has(comment.id)) continue;
      seen.add(comment.id);
      out.push(comment);
    }
  }
  return out;
}

/** The tab counts as the newest loaded answer has them. */
export const commentCounts = (data: InfiniteData<CommentList> | undefined) => data?.pages[0]?.counts;

/**
 * A new comment (heard live, or the answer to a robot comment) in a tab's cached pages. A comment already there is
 * left alone, so hearing it twice changes nothing. A new one is counted, and shown where the tab's order puts it:
 * first on a newest-first list; last on the oldest-first pending list once all of it is loaded (before that, 加载更多
 * brings it in its turn). The same object when nothing changed.
 */
export function mergeComment(
  data: InfiniteData<CommentList> | undefined,
  comment: ChatComment,
  tab: CommentTab,
): InfiniteData<CommentList> | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.items.some((item) => item.id === comment.id))) return data;
  const counts = (page: CommentList) => ({ ...page.counts, [comment.status]: page.counts[comment.status] + 1 });
  const shows = belongsToTab(tab, comment);
  const last = data.pages.length - 1;
  const allLoaded = nextCommentPage(data.pages[last] as CommentList, data.pages) === undefined;
  const pages = data.pages.map((page, index) => {
    const total = shows ? page.pager.total + 1 : page.pager.total;
    const next = { ...page, counts: counts(page), pager: { ...page.pager, total } };
    if (!shows) return next;
    if (commentOrder(tab) === 'desc' && index === 0) return { ...next, items: [comment, ...page.items] };
    if (commentOrder(tab) === 'asc' && index === last && allLoaded) return { ...next, items: [...page.items, comment] };
    return next;
  });
  return { ...data, pages };
}

/** Where a comment heard live goes: into view, or, while real-time display is off, onto the waiting list. */
export function receiveLiveComment(
  waiting: ChatComment[],
  comment: ChatComment,
  displayDisabled: boolean,
): { waiting: ChatComment[]; show: ChatComment | null } {
  if (!displayDisabled) return { waiting, show: comment };
  if (waiting.some((item) => item.id === comment.id)) return { waiting, show: null };
  return { waiting: [...waiting, comment], show: null };
}

/** The waiting comments moved into view, in the order they came (oldest first), and an empty waiting list. */
export function releaseWaiting(waiting: ChatComment[]): { waiting: ChatComment[]; show: ChatComment[] } {
  return { waiting: [], show: [...waiting].sort((a, b) => a.id - b.id) };
}

/** Which row actions a comment offers. Review shows in check mode, and for any comment still waiting for it. */
export function commentActions(comment: ChatComment, checkMode: boolean) {
  const review = checkMode || comment.status === 'pending';
  return {
    approve: review && comment.status !== 'passed',
    reject: review && comment.status !== 'failed',
    /** 移回待审核: a reviewed comment goes back on the check list (seed 001 §4). */
    recheck: checkMode && comment.status !== 'pending',
    pin: comment.status === 'passed' && !comment.isPinned,
    unpin: comment.isPinned,
    /** 禁言, 拉黑 and 踢出 name a viewer; a robot's comment has none. */
    restrict: comment.userId !== null,
    kick: comment.sid !== null,
  };
}

/** The chat report's hours as bars: each hour's share of the busiest one. */
export function reportBars(hours: { hour: string; comments: number; robotComments: number }[]) {
  const peak = Math.max(1, ...hours.map((hour) => hour.comments + hour.robotComments));
  return hours.map((hour) => ({
    ...hour,
    total: hour.comments + hour.robotComments,
    share: (hour.comments + hour.robotComments) / peak,
  }));
}
