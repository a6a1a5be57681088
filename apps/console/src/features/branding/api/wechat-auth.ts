import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { brandingCalls, type WechatOfficialCustomization } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { brandingTexts as t } from '../../../locales/zh-CN/branding';

export const wechatAuthQuery = () =>
  queryOptions({
    queryKey: ['wechat-auth'],
    queryFn: ({ signal }) => api(brandingCalls.getWechatAuth, { signal }),
  });

/** PUT /agent/wechat-offical-customization (the path is spelled as the seed gives it). */
export function useSaveWechatOfficial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WechatOfficialCustomization) => api(brandingCalls.updateWechatOfficial, { body }),
    onSuccess: async () => {
      toastSuccess(t['branding.toast.configured']);
      await queryClient.invalidateQueries({ queryKey: wechatAuthQuery().queryKey });
    },
  });
}
