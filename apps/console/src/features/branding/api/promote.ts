import { queryOptions } from '@tanstack/react-query';
import { brandingCalls } from '@yanbo/contracts';
import { api } from '../../../app/http';

export const promoteQuery = () =>
  queryOptions({
    queryKey: ['promote'],
    queryFn: ({ signal }) => api(brandingCalls.getPromote, { signal }),
  });
