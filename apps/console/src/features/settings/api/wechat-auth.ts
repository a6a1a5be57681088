import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WechatAuth, WechatOfficialCustomization } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { http } from '../../../app/http';
import { settingsTexts as t } from '../../../locales/zh-CN/settings';

export const wechatAuthQuery = () =>
  queryOptions({
    queryKey: ['wechat-auth'],
    queryFn: ({ signal }) => http.get<WechatAuth>('/wechat/auth', undefined, { signal }),
  });

/** PUT /agent/wechat-offical-customization (the path is spelled as the seed gives it). */
export function useSaveWechatOfficial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WechatOfficialCustomization) =>
      http.put<WechatAuth>('/agent/wechat-offical-customization', body),
    onSuccess: async () => {
      toastSuccess(t['settings.toast.configured']);
      await queryClient.invalidateQueries({ queryKey: wechatAuthQuery().queryKey });
    },
  });
}
