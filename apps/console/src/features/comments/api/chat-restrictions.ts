import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { commentCalls } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { commentTexts as t } from '../../../locales/zh-CN/comments';
import { commentsKey } from './comment-list';

// Comment bans (禁言, /v3/activity/{id}/comment-ban), the blacklist (/activity/{id}/blacklist) and kicking a viewer's
// socket out by its sid (/activity/{id}/kick) (seed 001 §3, §7).

export type Restriction = 'ban' | 'blacklist';

export const restrictedQuery = (activityId: number, kind: Restriction) =>
  queryOptions({
    queryKey: [...commentsKey(activityId), kind] as const,
    queryFn: ({ signal }) =>
      api(kind === 'ban' ? commentCalls.listCommentBans : commentCalls.listBlacklist, {
        params: { id: activityId },
        signal,
      }),
  });

const ADD = { ban: commentCalls.banCommenter, blacklist: commentCalls.addToBlacklist } as const;
const LIFT = { ban: commentCalls.liftCommentBan, blacklist: commentCalls.removeFromBlacklist } as const;
const ADDED = { ban: 'comments.toast.banned', blacklist: 'comments.toast.blacklisted' } as const;
const LIFTED = { ban: 'comments.toast.banLifted', blacklist: 'comments.toast.unblacklisted' } as const;

export function useRestrictionMutations(activityId: number) {
  const queryClient = useQueryClient();
  const reload = (kind: Restriction) =>
    queryClient.invalidateQueries({ queryKey: restrictedQuery(activityId, kind).queryKey });
  const add = useMutation({
    mutationFn: ({ kind, userId }: { kind: Restriction; userId: string }) =>
      api(ADD[kind], { params: { id: activityId }, body: { userId } }),
    onSuccess: async (_, { kind }) => {
      toastSuccess(t[ADDED[kind]]);
      await reload(kind);
    },
  });
  const lift = useMutation({
    mutationFn: ({ kind, userId }: { kind: Restriction; userId: string }) =>
      api(LIFT[kind], { params: { id: activityId }, body: { userId } }),
    onSuccess: async (_, { kind }) => {
      toastSuccess(t[LIFTED[kind]]);
      await reload(kind);
    },
  });
  const kick = useMutation({
    mutationFn: (sid: string) => api(commentCalls.kickViewer, { params: { id: activityId }, body: { sid } }),
    onSuccess: () => toastSuccess(t['comments.toast.kicked']),
  });
  return { add, lift, kick };
}
