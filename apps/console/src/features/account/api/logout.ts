import { useMutation } from '@tanstack/react-query';
import { accountCalls } from '@yanbo/contracts';
import { api, navigateTo } from '../../../app/http';
import { clearManageToken } from '../../../app/manage-token';
import { queryClient } from '../../../app/query-client';

/** Signs out: the server revokes the token (a failure there changes nothing here), then back to /login. */
export function useLogout() {
  return useMutation({
    mutationFn: () => api(accountCalls.logout).catch(() => undefined),
    meta: { silent: true },
    onSettled: () => {
      clearManageToken();
      queryClient.clear();
      navigateTo('/login');
    },
  });
}
