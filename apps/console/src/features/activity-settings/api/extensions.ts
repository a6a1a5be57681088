import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExtensionAction, ExtensionIdentity, ExtensionState } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { http } from '../../../app/http';
import { activitySettingsTexts as t } from '../../../locales/zh-CN/activity-settings';

// The server's extension registry (lottery, questionnaire, sign-in): state through /v3/activity/{id}/extension/...,
// settings through the extension's own /ext-proxy/{identity}/activity/{id}/setting.

export const extensionQuery = (activityId: number, identity: ExtensionIdentity) =>
  queryOptions({
    queryKey: ['activity-settings', activityId, 'extension', identity] as const,
    queryFn: ({ signal }) =>
      http.get<ExtensionState>(`/v3/activity/${activityId}/extension/${identity}`, undefined, { signal }),
  });

export function useExtensionMutations(activityId: number, identity: ExtensionIdentity) {
  const queryClient = useQueryClient();
  const store = (state: ExtensionState) =>
    queryClient.setQueryData(extensionQuery(activityId, identity).queryKey, state);
  const configure = useMutation({
    mutationFn: (settings: Record<string, unknown>) =>
      http.post<ExtensionState>(`/ext-proxy/${identity}/activity/${activityId}/setting`, settings),
    onSuccess: (state) => {
      store(state);
      toastSuccess(t['settings.toast.configured']);
    },
  });
  const run = useMutation({
    mutationFn: (action: ExtensionAction) =>
      http.post<ExtensionState>(`/v3/activity/${activityId}/extension/${identity}/${action}`),
    onSuccess: (state) => {
      store(state);
      toastSuccess(t['settings.toast.set']);
    },
  });
  return { configure, run };
}
