import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CommentFilter, commentCalls } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { commentTexts as t } from '../../../locales/zh-CN/comments';
import { commentsKey } from './comment-list';

// GET and PUT /activity/{id}/filter: check mode (开启审核) and real-time display (关闭实时显示) (seed 001 §4, §7).

export const commentFilterQuery = (activityId: number) =>
  queryOptions({
    queryKey: [...commentsKey(activityId), 'filter'] as const,
    queryFn: ({ signal }) => api(commentCalls.getCommentFilter, { params: { id: activityId }, signal }),
  });

export function useCommentFilterMutation(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<CommentFilter>) =>
      api(commentCalls.setCommentFilter, { params: { id: activityId }, body }),
    onSuccess: (filter) => {
      toastSuccess(t['comments.toast.filterSaved']);
      queryClient.setQueryData(commentFilterQuery(activityId).queryKey, filter);
    },
  });
}
