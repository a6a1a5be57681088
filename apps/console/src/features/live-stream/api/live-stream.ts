import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type LiveModeBody, liveStreamCalls } from '@yanbo/contracts';
import { api } from '../../../app/http';

// How the activity goes live: the live mode (pull, or relay from a source), transcoding, the relay jobs and what the
// media server really receives. The jobs and the ingest list refresh on their own while the screen is open.

const LIVE_POLL_MS = 3_000;

export const liveTranscodeQuery = (activityId: number) =>
  queryOptions({
    queryKey: ['live-transcode', activityId],
    queryFn: ({ signal }) => api(liveStreamCalls.getLiveTranscode, { params: { id: activityId }, signal }),
  });
export const streamJobsQuery = (activityId: number) =>
  queryOptions({
    queryKey: ['stream-jobs', activityId],
    queryFn: ({ signal }) => api(liveStreamCalls.listStreamJobs, { params: { id: activityId }, signal }),
    refetchInterval: LIVE_POLL_MS,
  });
export const ingestQuery = (activityId: number) =>
  queryOptions({
    queryKey: ['ingest', activityId],
    queryFn: ({ signal }) => api(liveStreamCalls.listIngest, { params: { id: activityId }, signal }),
    refetchInterval: LIVE_POLL_MS,
  });

export function useSetLiveTranscode(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api(liveStreamCalls.setLiveTranscode, { params: { id: activityId }, body: { enabled } }),
    // The toggle starts or stops the transcode job at once, and with it the activity's 标清 rendition.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: liveTranscodeQuery(activityId).queryKey }),
        queryClient.invalidateQueries({ queryKey: streamJobsQuery(activityId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['activity', activityId] }),
      ]),
  });
}

export function useSetLiveMode(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LiveModeBody) => api(liveStreamCalls.setLiveMode, { params: { id: activityId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['activity', activityId] }),
        queryClient.invalidateQueries({ queryKey: ['activities'] }),
        queryClient.invalidateQueries({ queryKey: streamJobsQuery(activityId).queryKey }),
      ]),
  });
}

export function useStopStreamJob(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: number) => api(liveStreamCalls.stopStreamJob, { params: { id: activityId, jobId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: streamJobsQuery(activityId).queryKey }),
  });
}
