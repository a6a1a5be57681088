import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandingCalls, type ImageTemplateUpdate, type UserProfileSetting } from '@yanbo/contracts';
import { imageTemplateQuery } from '../../../app/entry-queries';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { brandingTexts as t } from '../../../locales/zh-CN/branding';

// The image template is one of the console's entry queries (it brands the tab); a save refreshes it everywhere.

export { imageTemplateQuery };

export function useSaveImageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImageTemplateUpdate) => api(brandingCalls.updateImageTemplate, { body }),
    onSuccess: async () => {
      toastSuccess(t['branding.toast.saved']);
      await queryClient.invalidateQueries({ queryKey: imageTemplateQuery().queryKey });
    },
  });
}

/** PATCH /v3/agent/user-profile/setting: the profile fields the audience is asked for. */
export function useSaveUserProfileSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserProfileSetting) => api(brandingCalls.updateUserProfileSetting, { body }),
    onSuccess: async () => {
      toastSuccess(t['branding.toast.set']);
      await queryClient.invalidateQueries({ queryKey: imageTemplateQuery().queryKey });
    },
  });
}
