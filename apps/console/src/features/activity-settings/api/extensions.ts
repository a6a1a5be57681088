import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ExtensionAction, type ExtensionIdentity, type ExtensionState, extensionCalls } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { activitySettingsTexts as t } from '../../../locales/zh-CN/activity-settings';

// The server's extension registry (lottery, questionnaire, sign-in): state through /v3/activity/{id}/extension/...,
// settings through the extension's own /ext-proxy/{identity}/activity/{id}/setting.

export const extensionQuery = (activityId: number, identity: ExtensionIdentity) =>
  queryOptions({
    queryKey: ['activity-settings', activityId, 'extension', identity] as const,
    queryFn: ({ signal }) => api(extensionCalls.getExtension, { params: { id: activityId, identity }, signal }),
  });

export function useExtensionMutations(activityId: number, identity: ExtensionIdentity) {
  const queryClient = useQueryClient();
  const store = (state: ExtensionState) =>
    queryClient.setQueryData(extensionQuery(activityId, identity).queryKey, state);
  const configure = useMutation({
    mutationFn: (settings: Record<string, unknown>) =>
      api(extensionCalls.saveProxiedExtensionSettings, { params: { id: activityId, identity }, body: settings }),
    onSuccess: (state) => {
      store(state);
      toastSuccess(t['settings.toast.configured']);
    },
  });
  const run = useMutation({
    mutationFn: (action: ExtensionAction) =>
      api(extensionCalls.runExtensionAction, { params: { id: activityId, identity, action } }),
    onSuccess: (state) => {
      store(state);
      toastSuccess(t['settings.toast.set']);
    },
  });
  return { configure, run };
}
