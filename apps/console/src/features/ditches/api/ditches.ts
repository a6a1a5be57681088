import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { activityCalls, DITCH_PAGE_SIZE, type DitchInput, type DitchUpdate, ditchCalls } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { ditchTexts as t } from '../../../locales/zh-CN/ditches';

// /agent/{id}/promotion-channel: create, list, edit and delete by sign (seed 001 §7). After each mutation the list
// reloads with page 1, pageSize 10 (seed 001 §4): the screen goes back to page 1 and the cached pages are refetched.

export interface DitchFilters {
  page: number;
  name?: string;
  activityId?: number;
}

export const ditchListsKey = ['ditches'] as const;

export const ditchListQuery = (agentId: number, filters: DitchFilters) =>
  queryOptions({
    queryKey: [...ditchListsKey, agentId, filters] as const,
    queryFn: ({ signal }) =>
      api(ditchCalls.listDitches, {
        params: { id: agentId },
        query: { page: filters.page, pageSize: DITCH_PAGE_SIZE, name: filters.name, activityId: filters.activityId },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Activities to pick from (filter and binding), searched by name. */
export const ditchActivityOptionsQuery = (name: string) =>
  queryOptions({
    queryKey: ['ditches', 'activity-options', name] as const,
    queryFn: ({ signal }) => api(activityCalls.listActivities, { query: { name, page: 1, pageSize: 100 }, signal }),
    placeholderData: keepPreviousData,
  });

function useReload(onReload: () => void) {
  const queryClient = useQueryClient();
  return async () => {
    onReload();
    await queryClient.invalidateQueries({ queryKey: ditchListsKey });
  };
}

export function useDitchMutations(agentId: number, onReload: () => void) {
  const reload = useReload(onReload);
  const create = useMutation({
    mutationFn: (body: DitchInput) => api(ditchCalls.createDitch, { params: { id: agentId }, body }),
    onSuccess: async () => {
      toastSuccess(t['ditches.toast.created']);
      await reload();
    },
  });
  const edit = useMutation({
    mutationFn: ({ sign, body }: { sign: string; body: DitchUpdate }) =>
      api(ditchCalls.updateDitch, { params: { id: agentId, sign }, body }),
    onSuccess: async () => {
      toastSuccess(t['ditches.toast.edited']);
      await reload();
    },
  });
  const remove = useMutation({
    mutationFn: (sign: string) => api(ditchCalls.deleteDitch, { params: { id: agentId, sign } }),
    onSuccess: async () => {
      toastSuccess(t['ditches.toast.deleted']);
      await reload();
    },
  });
  return { create, edit, remove };
}
