import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ACTIVITY_PAGE_SIZE, activityCalls, brandingCalls } from '@yanbo/contracts';
import { customizedInfoQuery } from '../../../app/entry-queries';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { brandingTexts as t } from '../../../locales/zh-CN/branding';

/** The agent's activities by name, for choosing the template activity. */
export const activityOptionsQuery = (name: string) =>
  queryOptions({
    queryKey: ['activities', 'template-options', name],
    queryFn: ({ signal }) =>
      api(activityCalls.listActivities, { query: { name, page: 1, pageSize: ACTIVITY_PAGE_SIZE }, signal }),
  });

export function useSetTemplateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activityId: number | null) => api(brandingCalls.setTemplateActivity, { body: { activityId } }),
    onSuccess: async () => {
      toastSuccess(t['branding.toast.set']);
      await queryClient.invalidateQueries({ queryKey: customizedInfoQuery().queryKey });
    },
  });
}
