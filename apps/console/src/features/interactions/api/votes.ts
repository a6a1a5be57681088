import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { interactionCalls, VOTE_PAGE_SIZE, type VoteInput, type VoteUpdate } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { interactionTexts as t } from '../../../locales/zh-CN/interactions';

// /v3/activity/{id}/vote: the votes with their results (asked again every few seconds while ballots come in), add,
// edit, publish, close and delete. Every change reloads the list.

const RESULTS_REFRESH_MS = 2_000;
export const votesKey = (activityId: number) => ['interactions', activityId, 'votes'] as const;

export const voteListQuery = (activityId: number, page: number) =>
  queryOptions({
    queryKey: [...votesKey(activityId), page] as const,
    queryFn: ({ signal }) =>
      api(interactionCalls.listVotes, {
        params: { id: activityId },
        query: { page, pageSize: VOTE_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: RESULTS_REFRESH_MS,
  });

export function useVoteMutations(activityId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: votesKey(activityId) });
  const create = useMutation({
    mutationFn: (body: VoteInput) => api(interactionCalls.createVote, { params: { id: activityId }, body }),
    onSuccess: async () => {
      toastSuccess(t['interactions.vote.toast.created']);
      await reload();
    },
  });
  const update = useMutation({
    mutationFn: ({ voteId, body }: { voteId: number; body: VoteUpdate }) =>
      api(interactionCalls.updateVote, { params: { id: activityId, voteId }, body }),
    onSuccess: async (_, { body }) => {
      toastSuccess(
        body.status === 'published'
          ? t['interactions.vote.toast.published']
          : body.status === 'closed'
            ? t['interactions.vote.toast.closed']
            : t['interactions.vote.toast.saved'],
      );
      await reload();
    },
  });
  const remove = useMutation({
    mutationFn: (voteId: number) => api(interactionCalls.deleteVote, { params: { id: activityId, voteId } }),
    onSuccess: async () => {
      toastSuccess(t['interactions.vote.toast.deleted']);
      await reload();
    },
  });
  return { create, update, remove };
}
