import { queryOptions } from '@tanstack/react-query';
import { giftSendCalls, SENT_GIFT_PAGE_SIZE, TOP_GIFT_LIMIT } from '@yanbo/contracts';
import dayjs from 'dayjs';
import { api } from '../../../app/http';
import { giftTexts as t } from '../../../locales/zh-CN/gifts';
import { activityGiftsKey } from '../../activities';

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

/** The top 100 as a CSV file (GET /activity/{id}/stats/top/gift?format=csv), saved from memory with its byte-order mark. */
export async function downloadTopGifts(activityId: number): Promise<void> {
  const csv = await api(giftSendCalls.downloadTopGifts, {
    params: { id: activityId },
    query: { format: 'csv' },
    headers: { accept: 'text/csv' },
  });
  const blob = new Blob([`\uFEFF${csv.replace(/^\uFEFF/, '')}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = t['gifts.top.file'](activityId, dayjs().format('YYYY-MM-DD'));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
