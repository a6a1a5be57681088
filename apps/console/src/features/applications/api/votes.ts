import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AgentVoteListQuery,
  interactionCalls,
  VOTE_PAGE_SIZE,
  type VoteInput,
  type VoteUpdate,
} from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { applicationTexts as t } from '../../../locales/zh-CN/applications';

// The 投票 application: the agent's votes across its activities (GET /v3/agent/vote), made, edited, published, closed
// and deleted through the board's own vote calls (/v3/activity/{id}/vote), so a vote reaches viewers exactly as one
// run from the board's 互动 screen. Every change reloads the lists and the board's.

/** While a vote is published its results move: read them again this often. */
const RESULTS_REFRESH_MS = 3_000;
export const agentVotesKey = ['applications', 'votes'] as const;

export const agentVoteListQuery = (filters: Omit<AgentVoteListQuery, 'pageSize'>) =>
  queryOptions({
    queryKey: [...agentVotesKey, 'list', filters] as const,
    queryFn: ({ signal }) =>
      api(interactionCalls.listAgentVotes, { query: { ...filters, pageSize: VOTE_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: RESULTS_REFRESH_MS,
  });

export const agentVoteQuery = (voteId: number) =>
  queryOptions({
    queryKey: [...agentVotesKey, voteId] as const,
    queryFn: ({ signal }) => api(interactionCalls.getAgentVote, { params: { id: voteId }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'published' ? RESULTS_REFRESH_MS : false),
    meta: { silent: true },
  });

export function useVoteMutations() {
  const queryClient = useQueryClient();
  const reload = (activityId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: agentVotesKey }),
      queryClient.invalidateQueries({ queryKey: ['interactions', activityId, 'votes'] }),
    ]);
  const create = useMutation({
    mutationFn: ({ activityId, body }: { activityId: number; body: VoteInput }) =>
      api(interactionCalls.createVote, { params: { id: activityId }, body }),
    onSuccess: async (_, { activityId }) => {
      toastSuccess(t['applications.vote.toast.created']);
      await reload(activityId);
    },
  });
  const update = useMutation({
    mutationFn: ({ activityId, voteId, body }: { activityId: number; voteId: number; body: VoteUpdate }) =>
      api(interactionCalls.updateVote, { params: { id: activityId, voteId }, body }),
    onSuccess: async (_, { activityId, body }) => {
      toastSuccess(
        body.status === 'published'
          ? t['applications.vote.toast.published']
          : body.status === 'closed'
            ? t['applications.vote.toast.closed']
            : t['applications.vote.toast.saved'],
      );
      await reload(activityId);
    },
  });
  const remove = useMutation({
    mutationFn: ({ activityId, voteId }: { activityId: number; voteId: number }) =>
      api(interactionCalls.deleteVote, { params: { id: activityId, voteId } }),
    onSuccess: async (_, { activityId }) => {
      toastSuccess(t['applications.vote.toast.deleted']);
      await reload(activityId);
    },
  });
  return { create, update, remove };
}
