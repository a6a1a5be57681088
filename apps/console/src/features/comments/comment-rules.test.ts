import type { InfiniteData } from '@tanstack/react-query';
import type { ChatComment, CommentList } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import {
  commentActions,
  commentOrder,
  commentPageQuery,
  compareComments,
  flattenComments,
  mergeComment,
  nextCommentPage,
  receiveLiveComment,
  releaseWaiting,
} from './comment-rules';

const comment = (id: number, over: Partial<ChatComment> = {}): ChatComment => ({
  id,
  text: `评论 ${id}`,
  nickname: `观众${id}`,
  userId: `viewer-${String(id).padStart(16, '0')}`,
  sid: `sid-${String(id).padStart(8, '0')}`,
  status: 'passed',
  isRobot: false,
  avatar: null,
  isPinned: false,
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, id)).toISOString(),
  ...over,
});

const page = (items: ChatComment[], n = 1, counts = { pending: 0, passed: items.length, failed: 0 }): CommentList => ({
  items,
  pager: { page: n, pageSize: 10, total: items.length },
  counts,
});

const pages = (...list: CommentList[]): InfiniteData<CommentList> => ({
  pages: list,
  pageParams: list.map((_, index) => index + 1),
});

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, index) => comment(from + index));

describe('the status filter', () => {
  it('asks for 10 a page, with the tab’s status and none for 全部', () => {
    expect(commentPageQuery('all', 1)).toEqual({ page: 1, pageSize: 10 });
    expect(commentPageQuery('pending', 2)).toEqual({ page: 2, pageSize: 10, status: 'pending' });
    expect(commentPageQuery('passed', 1)).toEqual({ page: 1, pageSize: 10, status: 'passed' });
    expect(commentPageQuery('failed', 3)).toEqual({ page: 3, pageSize: 10, status: 'failed' });
  });

  it('orders pending oldest first and every other tab newest first, by createdAt then id', () => {
    expect(commentOrder('pending')).toBe('asc');
    expect(['all', 'passed', 'failed'].map((tab) => commentOrder(tab as 'all'))).toEqual(['desc', 'desc', 'desc']);
    const list = [comment(2), comment(3), comment(1)];
    expect([...list].sort(compareComments('pending')).map((c) => c.id)).toEqual([1, 2, 3]);
    expect([...list].sort(compareComments('all')).map((c) => c.id)).toEqual([3, 2, 1]);
    const sameTime = comment(5, { createdAt: comment(4).createdAt });
    expect([sameTime, comment(4)].sort(compareComments('passed')).map((c) => c.id)).toEqual([5, 4]);
  });
});

describe('paging', () => {
  it('asks for the next page after a full one, and stops at a shorter one', () => {
    const full = page(ids(10));
    expect(nextCommentPage(full, [full])).toBe(2);
    const short = page(ids(3, 11), 2);
    expect(nextCommentPage(short, [full, short])).toBeUndefined();
    const empty = page([], 2);
    expect(nextCommentPage(empty, [full, empty])).toBeUndefined();
  });

  it('shows each comment once when a later page repeats one pushed down by a new comment', () => {
    const first = page([comment(12), ...ids(9, 3).reverse()]);
    const second = page([comment(3), comment(2), comment(1)], 2);
    expect(flattenComments(pages(first, second)).map((c) => c.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });
});

describe('merging a live comment', () => {
  it('puts a new one first on a newest-first list and counts it', () => {
    const data = pages(page([comment(2), comment(1)]));
    const merged = mergeComment(data, comment(3), 'all');
    expect(flattenComments(merged).map((c) => c.id)).toEqual([3, 2, 1]);
    expect(merged?.pages[0]?.counts.passed).toBe(3);
  });

  it('changes nothing for a comment already there: hearing it twice adds no duplicate', () => {
    const data = pages(page([comment(2), comment(1)]));
    const once = mergeComment(data, comment(3), 'all');
    expect(mergeComment(once, comment(3), 'all')).toBe(once);
    expect(mergeComment(data, comment(1), 'all')).toBe(data);
  });

  it('appends a pending one to the oldest-first list only when all of it is loaded', () => {
    const held = (id: number) => comment(id, { status: 'pending' });
    const counts = { pending: 1, passed: 0, failed: 0 };
    const short = pages(page([held(1)], 1, counts));
    const merged = mergeComment(short, held(2), 'pending');
    expect(flattenComments(merged).map((c) => c.id)).toEqual([1, 2]);
    expect(merged?.pages[0]?.counts.pending).toBe(2);

    const full = pages(
      page(
        Array.from({ length: 10 }, (_, index) => held(index + 1)),
        1,
        counts,
      ),
    );
    const later = mergeComment(full, held(11), 'pending');
    expect(flattenComments(later)).toHaveLength(10);
    expect(later?.pages[0]?.counts.pending).toBe(2);
  });

  it('counts but does not show a comment of another status', () => {
    const data = pages(page([comment(1)]));
    const merged = mergeComment(data, comment(2, { status: 'pending' }), 'passed');
    expect(flattenComments(merged).map((c) => c.id)).toEqual([1]);
    expect(merged?.pages[0]?.counts).toEqual({ pending: 1, passed: 1, failed: 0 });
  });

  it('leaves a list not loaded yet as it is', () => {
    expect(mergeComment(undefined, comment(1), 'all')).toBeUndefined();
  });
});

describe('real-time display off', () => {
  it('shows a new comment at once while real-time display is on', () => {
    expect(receiveLiveComment([], comment(1), false)).toEqual({ waiting: [], show: comment(1) });
  });

  it('keeps new comments waiting, each once, then moves them into view oldest first', () => {
    let waiting: ChatComment[] = [];
    for (const c of [comment(2), comment(1), comment(2)]) {
      const next = receiveLiveComment(waiting, c, true);
      expect(next.show).toBeNull();
      waiting = next.waiting;
    }
    expect(waiting.map((c) => c.id)).toEqual([2, 1]);
    const released = releaseWaiting(waiting);
    expect(released.waiting).toEqual([]);
    expect(released.show.map((c) => c.id)).toEqual([1, 2]);
    // Merged into the list one by one they come out newest first, each once.
    let data: InfiniteData<CommentList> | undefined = pages(page([]));
    for (const c of [...released.show, ...released.show]) data = mergeComment(data, c, 'all');
    expect(flattenComments(data).map((c) => c.id)).toEqual([2, 1]);
  });
});

describe('row actions', () => {
  it('offer review in check mode or for a held comment, pinning for a passed one, restrictions for a viewer', () => {
    expect(commentActions(comment(1), false)).toMatchObject({ approve: false, reject: false, pin: true });
    expect(commentActions(comment(1), true)).toMatchObject({ approve: false, reject: true, recheck: true });
    expect(commentActions(comment(1, { status: 'failed' }), true)).toMatchObject({ approve: true, recheck: true });
    expect(commentActions(comment(1, { status: 'pending' }), true)).toMatchObject({ recheck: false });
    expect(commentActions(comment(1), false)).toMatchObject({ recheck: false });
    expect(commentActions(comment(1, { status: 'pending' }), false)).toMatchObject({
      approve: true,
      reject: true,
      pin: false,
    });
    expect(commentActions(comment(1, { isPinned: true }), false)).toMatchObject({ pin: false, unpin: true });
    const robot = comment(1, { isRobot: true, userId: null, sid: null });
    expect(commentActions(robot, false)).toMatchObject({ restrict: false, kick: false });
  });
});
