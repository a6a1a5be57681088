import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ACTIVITY_PICTURE_MAX_BYTES,
  ACTIVITY_PICTURE_TYPES,
  type LiveTemplateUpdate,
  pageTemplateCalls,
  type Uploaded,
} from '@yanbo/contracts';
import { feedback, toastSuccess } from '../../../app/feedback';
import { ApiError, api, buildUrl, showError } from '../../../app/http';
import { getManageToken } from '../../../app/manage-token';
import { pageTemplateTexts as t } from '../../../locales/zh-CN/page-template';

// The viewing page's template (GET/PUT /activity/{id}/template), inheriting the previous one, and the page's
// pictures (POST /activity/{id}/upload). Saving and inheriting reload the template.

export const liveTemplateQuery = (activityId: number) =>
  queryOptions({
    queryKey: ['live-template', activityId],
    queryFn: ({ signal }) => api(pageTemplateCalls.getTemplate, { params: { id: activityId }, signal }),
    meta: { silent: true },
  });

export function useSaveTemplate(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LiveTemplateUpdate) => api(pageTemplateCalls.saveTemplate, { params: { id: activityId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(liveTemplateQuery(activityId).queryKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveTemplateQuery(activityId).queryKey }),
  });
}

export function useInheritTemplate(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(pageTemplateCalls.inheritPreviousTemplate, { params: { id: activityId } }),
    // The page names the one expected failure (no previous activity) itself.
    meta: { silent: true },
    onSuccess: (saved) => queryClient.setQueryData(liveTemplateQuery(activityId).queryKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveTemplateQuery(activityId).queryKey }),
  });
}

export const isPictureType = (type: string) => (ACTIVITY_PICTURE_TYPES as readonly string[]).includes(type);
export const PICTURE_MAX_MB = ACTIVITY_PICTURE_MAX_BYTES / 1024 / 1024;

/** Uploads a picture or cover for the activity's page; answers where it is served. */
export async function uploadPicture(activityId: number, file: File): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', file);
  const token = getManageToken();
  const response = await fetch(buildUrl(`/activity/${activityId}/upload`), {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json().catch(() => ({}))) as Uploaded & {
    message?: string;
    code?: string;
    field?: string;
  };
  if (!response.ok) throw new ApiError(response.status, body.message ?? '', body.code, body.field, body);
  return body;
}

/**
 * Uploads a picture the way every picture field of the page does: the type and size are checked first (with the
 * reason shown), then the upload, with its toast or its error shown. The stored picture, or null when it wasn't.
 */
export async function uploadCheckedPicture(activityId: number, file: File): Promise<Uploaded | null> {
  if (!isPictureType(file.type)) {
    feedback().message.error(t['template.image.type']);
    return null;
  }
  if (file.size > PICTURE_MAX_MB * 1024 * 1024) {
    feedback().message.error(t['template.image.size'](PICTURE_MAX_MB));
    return null;
  }
  try {
    const stored = await uploadPicture(activityId, file);
    toastSuccess(t['template.image.uploaded']);
    return stored;
  } catch (failure) {
    await showError(failure);
    return null;
  }
}
