import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ActivityDetail, activityCalls } from '@yanbo/contracts';
import { api } from '../../../app/http';
import type { ActivityBody } from '../activity-form-rules';
import { activityGroupsQuery } from './activity-groups';
import { activityQuery } from './get-activity';
import { activityListsKey } from './list-activities';

/** After any change to an activity: the lists and the groups' counts reload, the activity's own cache takes the answer. */
export async function refreshAfterChange(queryClient: QueryClient, changed?: ActivityDetail) {
  if (changed) queryClient.setQueryData(activityQuery(changed.id).queryKey, changed);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: activityListsKey }),
    queryClient.invalidateQueries({ queryKey: activityGroupsQuery().queryKey }),
  ]);
}

// The modal shows these failures itself: a taken name goes on the name field as well as in the toast.

export function useCreateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    // The modal's key: a second click of 创建 gets the first answer, not 活动名称已存在 (issue 8).
    mutationFn: ({ body, idempotencyKey }: { body: ActivityBody; idempotencyKey: string }) =>
      api(activityCalls.createActivity, { body, idempotencyKey }),
    onSuccess: (created) => refreshAfterChange(queryClient, created),
    meta: { silent: true },
  });
}

export function useUpdateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ActivityBody }) =>
      api(activityCalls.updateActivity, { params: { id }, body }),
    onSuccess: (updated) => refreshAfterChange(queryClient, updated),
    meta: { silent: true },
  });
}
