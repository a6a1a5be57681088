import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandingCalls, type PublicLoginTemplate } from '@yanbo/contracts';
import { api } from './http';

// The signed-out screens on an agent's customised host show that agent's login template (seed 000 §7 Branding): the
// console asks which template its own host name carries, before anyone has signed in.

export const publicLoginTemplateQuery = (host: string) =>
  queryOptions({
    queryKey: ['public-login-template', host],
    queryFn: ({ signal }) =>
      api(brandingCalls.getPublicLoginTemplate, { query: { host }, signal, noAuthRedirect: true }),
    staleTime: 5 * 60_000,
    retry: false,
    meta: { silent: true },
  });

/** The login template of this host; undefined while it loads, and the product's own when the call fails. */
export function useLoginTemplate(): { template: PublicLoginTemplate | undefined; loading: boolean } {
  const query = useQuery(publicLoginTemplateQuery(window.location.hostname));
  return { template: query.data, loading: query.isPending && !query.isError };
}
