import { useQuery } from '@tanstack/react-query';
import type { Me } from '@yanbo/contracts';
import { http } from '../../../app/http';

export const meQueryKey = ['me'] as const;

export const getMe = () => http.get<Me>('/agent/me');

/** The signed-in caller: an agent, or a sub-account acting for its parent (isSubAgent). */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000 });
}
