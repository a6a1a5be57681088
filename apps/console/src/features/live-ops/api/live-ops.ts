import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { commentCalls, liveOpsCalls, robotCalls, type VirtualAudience } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { liveOpsTexts as t } from '../../../locales/zh-CN/live-ops';

/** How often the screen asks again while it is open: the server samples every 10 s. */
export const LIVE_OPS_REFRESH_MS = 5_000;

const liveOpsKey = (activityId: number) => ['live-ops', activityId] as const;

/** GET /v3/activity/{id}/live-ops: online now (real and virtual apart), the curve and the stream's health. */
export const liveOpsQuery = (activityId: number) =>
  queryOptions({
    queryKey: [...liveOpsKey(activityId), 'view'] as const,
    queryFn: ({ signal }) => api(liveOpsCalls.getLiveOps, { params: { id: activityId }, signal }),
    refetchInterval: LIVE_OPS_REFRESH_MS,
  });

/** GET /v3/activity/{id}/virtual-audience */
export const virtualAudienceQuery = (activityId: number) =>
  queryOptions({
    queryKey: [...liveOpsKey(activityId), 'virtual-audience'] as const,
    queryFn: ({ signal }) => api(robotCalls.getVirtualAudience, { params: { id: activityId }, signal }),
  });

/** The agent's comment libraries for the robots to draw from (the default library first). */
export const libraryOptionsQuery = () =>
  queryOptions({
    queryKey: ['comment-libraries', 'options'] as const,
    queryFn: ({ signal }) => api(commentCalls.listCommentLibraries, { query: { page: 1, pageSize: 100 }, signal }),
  });

/** PUT /v3/activity/{id}/virtual-audience; the online numbers are asked again at once. */
export function useSaveVirtualAudience(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VirtualAudience) => api(robotCalls.setVirtualAudience, { params: { id: activityId }, body }),
    onSuccess: (saved) => {
      toastSuccess(t['liveOps.virtual.saved']);
      queryClient.setQueryData(virtualAudienceQuery(activityId).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: liveOpsQuery(activityId).queryKey });
    },
  });
}
