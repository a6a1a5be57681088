import { queryOptions, useMutation } from '@tanstack/react-query';
import { COMMENT_LIBRARY_PAGE_SIZE, commentCalls, robotCalls } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { commentTexts as t } from '../../../locales/zh-CN/comments';

// 机器人发言: the agent's robots (GET /v3/robot), the comment libraries (GET /agent/comment/library, page 1 size 100,
// id 0 the default) and POST /activity/{id}/comment/robot (seed 001 §3, §7, §9).

/** The robots to speak as, found by nickname, the first 100. */
export const robotOptionsQuery = (nickname: string) =>
  queryOptions({
    queryKey: ['robots', 'options', nickname] as const,
    queryFn: ({ signal }) => api(robotCalls.listRobots, { query: { page: 1, pageSize: 100, nickname }, signal }),
  });

export const commentLibrariesQuery = queryOptions({
  queryKey: ['comment-libraries', 1, COMMENT_LIBRARY_PAGE_SIZE] as const,
  queryFn: ({ signal }) =>
    api(commentCalls.listCommentLibraries, { query: { page: 1, pageSize: COMMENT_LIBRARY_PAGE_SIZE }, signal }),
  staleTime: 5 * 60_000,
});

export function useRobotCommentMutation(activityId: number) {
  return useMutation({
    mutationFn: ({ robotId, text }: { robotId: number; text: string }) =>
      api(commentCalls.sendRobotComment, { params: { id: activityId }, body: { robotId, text } }),
    onSuccess: () => toastSuccess(t['comments.toast.robotSent']),
  });
}
