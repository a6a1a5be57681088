import { queryOptions } from '@tanstack/react-query';
import { exportCalls, giftSendCalls, SENT_GIFT_PAGE_SIZE, TOP_GIFT_LIMIT } from '@yanbo/contracts';
import { api } from '../../../app/http';
import { activityGiftsKey } from '../../activities';
import { downloadFile } from '../../exports';

// The gifts an activity's viewers sent (GET /v3/activity/{id}/gift) and its top-gift rank (GET /v3/activity/{id}/
// top-gift, limit 10; seed 001 §7). Both sit under the activity's gift key, which a `gift` console event asks again.

export const sentGiftsQuery = (activityId: number) =>
  queryOptions({
    queryKey: [...activityGiftsKey(activityId), 'sent'] as const,
    queryFn: ({ signal }) =>
      api(giftSendCalls.listSentGifts, {
        params: { id: activityId },
        query: { page: 1, pageSize: SENT_GIFT_PAGE_SIZE },
        signal,
      }),
  });

export const topGiftsQuery = (activityId: number) =>
  queryOptions({
    queryKey: [...activityGiftsKey(activityId), 'top'] as const,
    queryFn: ({ signal }) =>
      api(giftSendCalls.listTopGifts, { params: { id: activityId }, query: { limit: TOP_GIFT_LIMIT }, signal }),
  });

/** The top 100 as a CSV file (GET /activity/{id}/stats/top/gift?format=csv), streamed to disk by the browser. */
export function downloadTopGifts(activityId: number): Promise<void> {
  return downloadFile(exportCalls.downloadTopGifts, { params: { id: activityId }, query: { format: 'csv' } });
}
