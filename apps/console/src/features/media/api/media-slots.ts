import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type MediaSlotInput, mediaCalls, type PlaylistUpdate } from '@yanbo/contracts';
import { api } from '../../../app/http';

// The media lists: an activity's live media (keys '0' prologue and '1' epilogue, 8 slots each), the agent's default
// media and overall media (20 slots), and the activity's playlist. Each save reloads what it changed.

type Lists = { '0': MediaSlotInput[]; '1': MediaSlotInput[] };

export const liveMediaQuery = (activityId: number) =>
  queryOptions({
    queryKey: ['live-media', activityId],
    queryFn: ({ signal }) => api(mediaCalls.getLiveMedia, { query: { activityId }, signal }),
  });
export const defaultMediaQuery = () =>
  queryOptions({
    queryKey: ['default-media'],
    queryFn: ({ signal }) => api(mediaCalls.getDefaultMedia, { signal }),
  });
export const globalMediaQuery = () =>
  queryOptions({
    queryKey: ['global-media'],
    queryFn: ({ signal }) => api(mediaCalls.getGlobalMedia, { signal }),
  });
export const playlistQuery = (activityId: number) =>
  queryOptions({
    queryKey: ['playlist', activityId],
    queryFn: ({ signal }) => api(mediaCalls.getPlaylist, { params: { id: activityId }, signal }),
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
    (lists: Lists) => api(mediaCalls.updateLiveMedia, { query: { activityId }, body: { lists } }),
    [liveMediaQuery(activityId).queryKey],
  );

// Activities without their own lists show the default media, so those reload too.
export const useSaveDefaultMedia = () =>
  useSave(
    (lists: Lists) => api(mediaCalls.updateDefaultMedia, { body: { lists } }),
    [defaultMediaQuery().queryKey, ['live-media']],
  );

export const useSaveGlobalMedia = () =>
  useSave(
    (items: MediaSlotInput[]) => api(mediaCalls.updateGlobalMedia, { body: { items } }),
    [globalMediaQuery().queryKey],
  );

export const useSavePlaylist = (activityId: number) =>
  useSave(
    (body: PlaylistUpdate) => api(mediaCalls.updatePlaylist, { params: { id: activityId }, body }),
    [playlistQuery(activityId).queryKey],
  );
