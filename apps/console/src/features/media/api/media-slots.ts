import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DefaultMedia, GlobalMedia, LiveMedia, MediaSlotInput, Playlist, PlaylistUpdate } from '@yanbo/contracts';
import { http } from '../../../app/http';

// The media lists: an activity's live media (keys '0' prologue and '1' epilogue, 8 slots each), the agent's default
// media and overall media (20 slots), and the activity's playlist. Each save reloads what it changed.

type Lists = { '0': MediaSlotInput[]; '1': MediaSlotInput[] };

export const liveMediaQuery = (activityId: number) =>
  queryOptions({
    queryKey: ['live-media', activityId],
    queryFn: ({ signal }) => http.get<LiveMedia>('/v3/agent/media', { activityId }, { signal }),
  });
export const defaultMediaQuery = () =>
  queryOptions({
    queryKey: ['default-media'],
    queryFn: ({ signal }) => http.get<DefaultMedia>('/v3/agent/default-media', undefined, { signal }),
  });
export const globalMediaQuery = () =>
  queryOptions({
    queryKey: ['global-media'],
    queryFn: ({ signal }) => http.get<GlobalMedia>('/v3/agent/global-media', undefined, { signal }),
  });
export const playlistQuery = (activityId: number) =>
  queryOptions({
    queryKey: ['playlist', activityId],
    queryFn: ({ signal }) => http.get<Playlist>(`/activity/${activityId}/playlist`, undefined, { signal }),
  });

function useSave<V, R>(call: (variables: V) => Promise<R>, reloads: readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => Promise.all(reloads.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useSaveLiveMedia = (activityId: number) =>
  useSave(
    (lists: Lists) => http.put<LiveMedia>('/v3/agent/media', { lists }, { query: { activityId } }),
    [liveMediaQuery(activityId).queryKey],
  );

// Activities without their own lists show the default media, so those reload too.
export const useSaveDefaultMedia = () =>
  useSave(
    (lists: Lists) => http.put<DefaultMedia>('/v3/agent/default-media', { lists }),
    [defaultMediaQuery().queryKey, ['live-media']],
  );

export const useSaveGlobalMedia = () =>
  useSave(
    (items: MediaSlotInput[]) => http.put<GlobalMedia>('/v3/agent/global-media', { items }),
    [globalMediaQuery().queryKey],
  );

export const useSavePlaylist = (activityId: number) =>
  useSave(
    (body: PlaylistUpdate) => http.put<Playlist>(`/activity/${activityId}/playlist`, body),
    [playlistQuery(activityId).queryKey],
  );
