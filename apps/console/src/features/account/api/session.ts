import type { Session } from '@yanbo/contracts';
import { setManageToken } from '../../../app/manage-token';
import { queryClient } from '../../../app/query-client';
import { meQueryKey } from '../../../app/session';

/** A new session: its token becomes the manage token and its caller fills the ['me'] query. */
export function startSession(session: Session) {
  queryClient.clear();
  setManageToken(session.token);
  queryClient.setQueryData(meQueryKey, session.me);
}
