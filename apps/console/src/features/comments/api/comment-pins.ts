import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { commentCalls, PINNED_COMMENT_PAGE_SIZE } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { commentTexts as t } from '../../../locales/zh-CN/comments';
import { commentListsKey, commentsKey } from './comment-list';

// /v3/activity/{id}/comment/pin: the pinned comments (page 1, size 50), pin and unpin (seed 001 §7, §9).

export const pinnedCommentsQuery = (activityId: number) =>
  queryOptions({
    queryKey: [...commentsKey(activityId), 'pins'] as const,
    queryFn: ({ signal }) =>
      api(commentCalls.listPinnedComments, {
        params: { id: activityId },
        query: { page: 1, pageSize: PINNED_COMMENT_PAGE_SIZE },
        signal,
      }),
  });

export function usePinMutation(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, pinned }: { commentId: number; pinned: boolean }) =>
      api(pinned ? commentCalls.pinComment : commentCalls.unpinComment, {
        params: { id: activityId },
        body: { commentId },
      }),
    onSuccess: async (_, { pinned }) => {
      toastSuccess(pinned ? t['comments.toast.pinned'] : t['comments.toast.unpinned']);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pinnedCommentsQuery(activityId).queryKey }),
        queryClient.invalidateQueries({ queryKey: commentListsKey(activityId) }),
      ]);
    },
  });
}
