import { useMutation } from '@tanstack/react-query';
import { http, navigateTo } from '../../../app/http';
import { clearManageToken } from '../../../app/manage-token';
import { queryClient } from '../../../app/query-client';

/** Signs out: the server revokes the token (a failure there changes nothing here), then back to /login. */
export function useLogout() {
  return useMutation({
    mutationFn: () => http.get('/logout').catch(() => undefined),
    meta: { silent: true },
    onSettled: () => {
      clearManageToken();
      queryClient.clear();
      navigateTo('/login');
    },
  });
}
