import { queryOptions } from '@tanstack/react-query';
import type { ActivityDetail } from '@yanbo/contracts';
import { http } from '../../../app/http';

/** One activity with its stream addresses (GET /activity/{id}); the board shows its failures itself. */
export const activityQuery = (id: number) =>
  queryOptions({
    queryKey: ['activity', id],
    queryFn: ({ signal }) => http.get<ActivityDetail>(`/activity/${id}`, undefined, { signal }),
    meta: { silent: true },
  });
