import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ERROR_MESSAGES,
  PHOTO_ERRORS,
  PHOTO_LIST_PAGE_SIZE,
  PHOTO_MAX_BYTES,
  PHOTO_PAGE_SIZE,
  type PhotoListInput,
  type PhotoListUpdate,
  photoCalls,
  type UploadedPhotos,
} from '@yanbo/contracts';
import { feedback, toastSuccess } from '../../../app/feedback';
import { ApiError, api, apiUrl, errorText, NETWORK_STATUS, showError } from '../../../app/http';
import { getManageToken } from '../../../app/manage-token';
import { errorTexts } from '../../../locales/zh-CN/errors';
import { photoErrorTexts, photoTexts as t } from '../../../locales/zh-CN/photos';

// The photo lists (seed 001 §7 "Photos") and their uploads. A mutation reloads what it changed; its failure is shown
// here with the photo texts, so the global toast stays silent.

export const photosKey = ['photos'] as const;
const silent = { silent: true } as const;

export interface PhotoListFilters {
  page: number;
  activityId?: number;
  title?: string;
}

export const agentPhotoListsQuery = (filters: PhotoListFilters) =>
  queryOptions({
    queryKey: [...photosKey, 'agent', filters] as const,
    queryFn: ({ signal }) =>
      api(photoCalls.listAgentPhotoLists, { query: { ...filters, pageSize: PHOTO_LIST_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

/** An activity's lists, for the intro tab's choice (all of them: an activity holds at most 50). */
export const activityPhotoListsQuery = (activityId: number) =>
  queryOptions({
    queryKey: [...photosKey, 'activity', activityId] as const,
    queryFn: ({ signal }) => api(photoCalls.listPhotoLists, { params: { id: activityId }, signal }),
  });

export const photoListQuery = (activityId: number, listId: number, page: number) =>
  queryOptions({
    queryKey: [...photosKey, 'list', activityId, listId, page] as const,
    queryFn: ({ signal }) =>
      api(photoCalls.getPhotoList, {
        params: { id: activityId, listId },
        query: { page, pageSize: PHOTO_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    // The edit screen shows a missing list itself (showPhotoListFailure).
    meta: silent,
  });

/** The Chinese text of a photo failure: by its message (after a validation's `field: `), else the usual one. */
export async function photoErrorText(error: unknown): Promise<string> {
  if (error instanceof ApiError) {
    const text = photoErrorTexts[error.message.replace(/^[\w.]+: /, '')];
    if (text) return text;
  }
  return errorText(error);
}

/**
 * A list that cannot be read: a missing activity gets the usual dialog (seed 000 §8 "Activity Not Found"), anything
 * else the photo text as a toast.
 */
export async function showPhotoListFailure(error: unknown): Promise<void> {
  if (error instanceof ApiError && error.message === ERROR_MESSAGES.activityNotFound) return showError(error);
  feedback().message.error(await photoErrorText(error));
}

const showFailure = async (error: unknown) => {
  feedback().message.error(await photoErrorText(error));
};

export function useCreatePhotoList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ activityId, body }: { activityId: number; body: PhotoListInput }) =>
      api(photoCalls.createPhotoList, { params: { id: activityId }, body }),
    meta: silent,
    onError: showFailure,
    onSuccess: async () => {
      toastSuccess(t['photos.toast.created']);
      await queryClient.invalidateQueries({ queryKey: photosKey });
    },
  });
}

/** The list's edit: fields, order, hide/show, delete; `toast` is the seed's text for what was done. */
export function useUpdatePhotoList(activityId: number, listId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body }: { body: PhotoListUpdate; toast: string }) =>
      api(photoCalls.updatePhotoList, { params: { id: activityId, listId }, body }),
    meta: silent,
    onError: showFailure,
    onSuccess: async (_saved, { toast }) => {
      toastSuccess(toast);
      await queryClient.invalidateQueries({ queryKey: photosKey });
    },
  });
}

/**
 * Uploads one photo into a list with the browser's progress events (fetch has none for a request body). A file over
 * the size limit is refused before sending, with the server's own message.
 */
export function uploadPhoto(
  activityId: number,
  listId: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadedPhotos> {
  if (file.size > PHOTO_MAX_BYTES) return Promise.reject(new ApiError(400, PHOTO_ERRORS.tooLarge));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(photoCalls.uploadPhotos, { params: { id: activityId, listId } }));
    const token = getManageToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new ApiError(NETWORK_STATUS, errorTexts.network));
    request.onload = () => {
      let body: { message?: string; code?: string; field?: string } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // not JSON: the status says enough
      }
      if (request.status >= 400) reject(new ApiError(request.status, body.message ?? '', body.code, body.field));
      else resolve(body as UploadedPhotos);
    };
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
