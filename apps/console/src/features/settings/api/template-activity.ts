import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ACTIVITY_PAGE_SIZE, type ActivityList, type TemplateActivity } from '@yanbo/contracts';
import { customizedInfoQuery } from '../../../app/entry-queries';
import { toastSuccess } from '../../../app/feedback';
import { http } from '../../../app/http';
import { settingsTexts as t } from '../../../locales/zh-CN/settings';

/** The agent's activities by name, for choosing the template activity. */
export const activityOptionsQuery = (name: string) =>
  queryOptions({
    queryKey: ['activities', 'template-options', name],
    queryFn: ({ signal }) =>
      http.get<ActivityList>('/activity', { name, page: 1, pageSize: ACTIVITY_PAGE_SIZE }, { signal }),
  });

export function useSetTemplateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activityId: number | null) =>
      http.post<TemplateActivity>('/v3/agent/template-activity', { activityId }),
    onSuccess: async () => {
      toastSuccess(t['settings.toast.set']);
      await queryClient.invalidateQueries({ queryKey: customizedInfoQuery().queryKey });
    },
  });
}
