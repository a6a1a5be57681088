import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { activityCalls } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { activityTexts as t } from '../../../locales/zh-CN/activities';

// The agent's activity groups (seed 001 §7 /agent/activity-group). Every change reloads the groups (seed 001 §4); a
// taken name answers 400 'Group name already existed', which the error catalogue shows as 分组名称已存在.

export const activityGroupsQuery = () =>
  queryOptions({
    queryKey: ['activity-groups'],
    queryFn: ({ signal }) => api(activityCalls.listActivityGroups, { signal }),
  });

function useGroupMutation<V, R>(call: (variables: V) => Promise<R>, success: string, reloadsActivities = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      toastSuccess(success);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: activityGroupsQuery().queryKey }),
        // A deleted group's activities become ungrouped.
        reloadsActivities && queryClient.invalidateQueries({ queryKey: ['activities'] }),
      ]);
    },
  });
}

export const useCreateGroup = () =>
  useGroupMutation(
    (name: string) => api(activityCalls.createActivityGroup, { body: { name } }),
    t['activities.toast.created'],
  );

export const useRenameGroup = () =>
  useGroupMutation(
    ({ id, name }: { id: number; name: string }) =>
      api(activityCalls.renameActivityGroup, { params: { id }, body: { name } }),
    t['activities.toast.edited'],
  );

export const useDeleteGroup = () =>
  useGroupMutation(
    (id: number) => api(activityCalls.deleteActivityGroup, { params: { id } }),
    t['activities.toast.deleted'],
    true,
  );
