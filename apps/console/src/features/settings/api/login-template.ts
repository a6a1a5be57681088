import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginTemplate, LoginTemplateUpdate } from '@yanbo/contracts';
import { customizedInfoQuery } from '../../../app/entry-queries';
import { toastSuccess } from '../../../app/feedback';
import { http } from '../../../app/http';
import { settingsTexts as t } from '../../../locales/zh-CN/settings';

export const loginTemplateQuery = () =>
  queryOptions({
    queryKey: ['login-template'],
    queryFn: ({ signal }) => http.get<LoginTemplate>('/agent/template', undefined, { signal }),
  });

export function useSaveLoginTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginTemplateUpdate) => http.put<LoginTemplate>('/agent/template', body),
    onSuccess: async () => {
      toastSuccess(t['settings.toast.saved']);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: loginTemplateQuery().queryKey }),
        // The brand name in the header follows the login page's title.
        queryClient.invalidateQueries({ queryKey: customizedInfoQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['public-login-template'] }),
      ]);
    },
  });
}
