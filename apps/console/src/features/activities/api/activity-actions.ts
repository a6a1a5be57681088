import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityCalls } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { activityTexts as t } from '../../../locales/zh-CN/activities';
import type { ActivityBody } from '../activity-form-rules';
import { activityQuery } from './get-activity';
import { refreshAfterChange } from './save-activity';

// The list's row and batch actions (seed 001 §7): each shows its toast and reloads the list.

/** POST /activity/{id}/copy: a copy under the first free "<name> (副本 n)"; the list reloads. */
export function useCopyActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(activityCalls.copyActivity, { params: { id } }),
    onSuccess: async (copy) => {
      toastSuccess(t['activities.toast.copied']);
      await refreshAfterChange(queryClient, copy);
    },
  });
}

export function useArchiveActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isArchived }: { id: number; isArchived: boolean }) =>
      api(activityCalls.archiveActivity, { params: { id }, body: { isArchived } }),
    onSuccess: async (changed) => {
      toastSuccess(t['activities.toast.set']);
      await refreshAfterChange(queryClient, changed);
    },
  });
}

/** DELETE /activity/{id} for one, DELETE /activity {ids} for a selection. */
export function useDeleteActivities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1
        ? api(activityCalls.deleteActivity, { params: { id: ids[0] as number } })
        : api(activityCalls.deleteActivities, { body: { ids } }),
    onSuccess: async (_, ids) => {
      toastSuccess(t['activities.toast.deleted']);
      for (const id of ids) queryClient.removeQueries({ queryKey: activityQuery(id).queryKey });
      await refreshAfterChange(queryClient);
    },
  });
}

/** POST /activity/{id}/copy-channel: a new activity with the channel's settings only; the list reloads. */
export function useCopyChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(activityCalls.copyChannel, { params: { id } }),
    onSuccess: async (copy) => {
      toastSuccess(t['activities.toast.copied']);
      await refreshAfterChange(queryClient, copy);
    },
  });
}

/** POST /v3/activity/{id}/duplicate: a copy with its configuration under a chosen name. */
export function useDuplicateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api(activityCalls.duplicateActivity, { params: { id }, body: { name } }),
    onSuccess: async (copy) => {
      toastSuccess(t['activities.toast.copied']);
      await refreshAfterChange(queryClient, copy);
    },
    // The modal puts a taken name on its field.
    meta: { silent: true },
  });
}

/** POST /v3/activity/bulk-activity: all or none; the list reloads. */
export function useBulkCreateActivities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { activities: ActivityBody[] }) => api(activityCalls.createActivities, { body }),
    onSuccess: async () => {
      toastSuccess(t['activities.toast.created']);
      await refreshAfterChange(queryClient);
    },
    meta: { silent: true },
  });
}
