import { queryOptions, replaceEqualDeep, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ActivityUsage, activityCalls } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { activityTexts as t } from '../../../locales/zh-CN/activities';
import { activityQuery } from './get-activity';
import { mergeUsage } from './online-updates';
import { refreshAfterChange } from './save-activity';

/** GET /v3/activity/{id}/usage: what the activity really used; `online` then follows the console's live events. */
export const activityUsageQuery = (id: number) =>
  queryOptions({
    queryKey: ['activity-usage', id] as const,
    queryFn: ({ signal }) => api(activityCalls.getActivityUsage, { params: { id }, signal }),
    staleTime: 0,
    // A live event may have counted viewers after this answer was counted.
    structuralSharing: (cached: unknown, fresh: unknown) =>
      replaceEqualDeep(cached, mergeUsage(cached as ActivityUsage | undefined, fresh as ActivityUsage)),
  });

/** POST /v3/activity/{id}/destroy: gone for good with everything it owns; the list reloads. */
export function useDestroyActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(activityCalls.destroyActivity, { params: { id } }),
    onSuccess: async (_, id) => {
      toastSuccess(t['activities.toast.deleted']);
      queryClient.removeQueries({ queryKey: activityQuery(id).queryKey });
      queryClient.removeQueries({ queryKey: activityUsageQuery(id).queryKey });
      await refreshAfterChange(queryClient);
    },
  });
}
