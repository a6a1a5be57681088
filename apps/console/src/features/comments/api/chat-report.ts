import { queryOptions } from '@tanstack/react-query';
import { commentCalls } from '@yanbo/contracts';
import { api } from '../../../app/http';
import { commentsKey } from './comment-list';

// GET /v3/activity/{id}/comment-report: comments per status and per hour, robots apart (seed 001 §7).

export const chatReportQuery = (activityId: number) =>
  queryOptions({
    queryKey: [...commentsKey(activityId), 'report'] as const,
    queryFn: ({ signal }) => api(commentCalls.getChatReport, { params: { id: activityId }, signal }),
  });
