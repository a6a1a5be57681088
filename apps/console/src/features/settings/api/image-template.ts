import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageTemplate, ImageTemplateUpdate, UserProfileSetting } from '@yanbo/contracts';
import { imageTemplateQuery } from '../../../app/entry-queries';
import { toastSuccess } from '../../../app/feedback';
import { http } from '../../../app/http';
import { settingsTexts as t } from '../../../locales/zh-CN/settings';

// The image template is one of the console's entry queries (it brands the tab); a save refreshes it everywhere.

export { imageTemplateQuery };

export function useSaveImageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImageTemplateUpdate) => http.put<ImageTemplate>('/agent/activity/template', body),
    onSuccess: async () => {
      toastSuccess(t['settings.toast.saved']);
      await queryClient.invalidateQueries({ queryKey: imageTemplateQuery().queryKey });
    },
  });
}

/** PATCH /v3/agent/user-profile/setting: the profile fields the audience is asked for. */
export function useSaveUserProfileSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserProfileSetting) => http.patch<ImageTemplate>('/v3/agent/user-profile/setting', body),
    onSuccess: async () => {
      toastSuccess(t['settings.toast.set']);
      await queryClient.invalidateQueries({ queryKey: imageTemplateQuery().queryKey });
    },
  });
}
