import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CommentStatus, commentCalls } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { commentTexts as t } from '../../../locales/zh-CN/comments';
import { type CommentTab, commentPageQuery, nextCommentPage } from '../comment-rules';

// GET /activity/{id}/comment (10 a page, by status, with the counts), review and delete (seed 001 §4, §7, §9).

/** Everything the screen caches about one activity's comments. */
export const commentsKey = (activityId: number) => ['comments', activityId] as const;
export const commentListsKey = (activityId: number) => [...commentsKey(activityId), 'list'] as const;

export const commentListQuery = (activityId: number, tab: CommentTab) =>
  infiniteQueryOptions({
    queryKey: [...commentListsKey(activityId), tab] as const,
    queryFn: ({ pageParam, signal }) =>
      api(commentCalls.listComments, { params: { id: activityId }, query: commentPageQuery(tab, pageParam), signal }),
    initialPageParam: 1,
    getNextPageParam: nextCommentPage,
    // New comments come as events while the screen is shown; coming back to it asks again.
    staleTime: 0,
  });

const REVIEW_TOASTS: Record<CommentStatus, string> = {
  passed: t['comments.toast.passed'],
  failed: t['comments.toast.failed'],
  pending: t['comments.toast.pending'],
};

export function useCommentMutations(activityId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: commentsKey(activityId) });
  const review = useMutation({
    mutationFn: ({ ids, status }: { ids: number[]; status: CommentStatus }) =>
      api(commentCalls.reviewComments, { params: { id: activityId }, body: { ids, status } }),
    onSuccess: async (_, { status }) => {
      toastSuccess(REVIEW_TOASTS[status]);
      await reload();
    },
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) => api(commentCalls.deleteComments, { params: { id: activityId }, body: { ids } }),
    onSuccess: async () => {
      toastSuccess(t['comments.toast.deleted']);
      await reload();
    },
  });
  return { review, remove };
}
