import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { MEDIA_PAGE_SIZE, type Media, mediaCalls, type UploadPolicy } from '@yanbo/contracts';
import { ApiError, api } from '../../../app/http';
import { uploadWithPolicy } from '../../../app/upload';
import { isTranscoding } from '../media-rules';

// The media library (GET/POST /v3/media, transcode retry, POST /video/sync) and storage usage. A new or retried media
// is transcoded by the server; the list refreshes every 2 s while any transcode is pending or running.

const TRANSCODE_POLL_MS = 2_000;
export const MEDIA_TYPES = ['video/mp4', 'audio/mpeg'];

export const mediaLibraryKey = ['media-library'] as const;

export const mediaLibraryQuery = (page: number, activityId?: number) =>
  queryOptions({
    queryKey: [...mediaLibraryKey, page, activityId ?? null],
    queryFn: ({ signal }) =>
      api(mediaCalls.listMedia, { query: { page, pageSize: MEDIA_PAGE_SIZE, activityId }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (isTranscoding(query.state.data?.items ?? []) ? TRANSCODE_POLL_MS : false),
  });

/** Every ready media (for picking into slots and the playlist). */
export const readyMediaQuery = () =>
  queryOptions({
    queryKey: [...mediaLibraryKey, 'ready'],
    queryFn: ({ signal }) => api(mediaCalls.listMedia, { query: { status: 'ready', pageSize: 100 }, signal }),
  });

export const mediaDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...mediaLibraryKey, 'detail', id],
    queryFn: ({ signal }) => api(mediaCalls.getMedia, { params: { id }, signal }),
    refetchInterval: (query) => (isTranscoding(query.state.data ? [query.state.data] : []) ? TRANSCODE_POLL_MS : false),
  });

export const storageUsageQuery = () =>
  queryOptions({
    queryKey: ['storage-usage'],
    queryFn: ({ signal }) => api(mediaCalls.getStorageUsage, { signal }),
  });

function useLibraryMutation<V, R>(call: (variables: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { silent },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mediaLibraryKey }),
        queryClient.invalidateQueries({ queryKey: storageUsageQuery().queryKey }),
      ]),
  });
}

/** Upload under the activity's upload policy, then make it a media (which starts its transcode). */
async function uploadMedia(activityId: number, file: File): Promise<Media> {
  const stored = await uploadWithPolicy('activity', file, { activityId });
  const name = file.name.replace(/\.[^.]+$/, '').slice(0, 100);
  return api(mediaCalls.createMedia, { body: { filepath: stored.filepath, name, activityId } });
}

// The upload's caller names a refused size itself.
export const useUploadMedia = (activityId: number) =>
  useLibraryMutation((file: File) => uploadMedia(activityId, file), true);

/** The policy's size limit when an upload was refused for its size. */
export function tooLargeLimit(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 413) return null;
  const policy = error.body as Partial<UploadPolicy> | undefined;
  return policy?.maxBytes ?? null;
}

export const useRetryTranscode = () =>
  useLibraryMutation((id: number) => api(mediaCalls.retryTranscode, { params: { id } }));

export const useSyncVideos = (activityId: number) =>
  useLibraryMutation(() => api(mediaCalls.syncVideos, { body: { activityId } }));
