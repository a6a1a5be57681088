import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { brandingCalls, type LoginTemplateUpdate } from '@yanbo/contracts';
import { customizedInfoQuery } from '../../../app/entry-queries';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { brandingTexts as t } from '../../../locales/zh-CN/branding';

export const loginTemplateQuery = () =>
  queryOptions({
    queryKey: ['login-template'],
    queryFn: ({ signal }) => api(brandingCalls.getLoginTemplate, { signal }),
  });

export function useSaveLoginTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginTemplateUpdate) => api(brandingCalls.updateLoginTemplate, { body }),
    onSuccess: async () => {
      toastSuccess(t['branding.toast.saved']);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: loginTemplateQuery().queryKey }),
        // The brand name in the header follows the login page's title.
        queryClient.invalidateQueries({ queryKey: customizedInfoQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['public-login-template'] }),
      ]);
    },
  });
}
