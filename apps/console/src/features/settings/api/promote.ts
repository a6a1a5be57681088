import { queryOptions } from '@tanstack/react-query';
import type { PromoteInfo } from '@yanbo/contracts';
import { http } from '../../../app/http';

export const promoteQuery = () =>
  queryOptions({
    queryKey: ['promote'],
    queryFn: ({ signal }) => http.get<PromoteInfo>('/v3/promote', undefined, { signal }),
  });
