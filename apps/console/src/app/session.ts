import { useQuery } from '@tanstack/react-query';
import { accountCalls } from '@yanbo/contracts';
import { api } from './http';

// The session every screen reads: who is signed in, loaded once and kept under one key that sign-in fills and
// profile changes refresh.

export const meQueryKey = ['me'] as const;

/** The signed-in caller: an agent, or a sub-account acting for its parent (isSubAgent). */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: () => api(accountCalls.getMe), staleTime: 60_000 });
}
