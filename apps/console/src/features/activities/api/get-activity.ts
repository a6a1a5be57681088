import { queryOptions } from '@tanstack/react-query';
import { activityCalls } from '@yanbo/contracts';
import { api } from '../../../app/http';

/** One activity with its stream addresses (GET /activity/{id}); the board shows its failures itself. */
export const activityQuery = (id: number) =>
  queryOptions({
    queryKey: ['activity', id],
    queryFn: ({ signal }) => api(activityCalls.getActivity, { params: { id }, signal }),
    meta: { silent: true },
  });
