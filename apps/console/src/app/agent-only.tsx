import type { ComponentType } from 'react';
import type { LazyPage } from './route-pages';
import { useMe } from './session';

/**
 * A screen of an agent-only area. A sub-account opening it by address gets a plain no-access page instead of the
 * screen and the error toasts of its refused calls (issue 8); the menu already hides these areas from it.
 */
export function agentOnly(load: LazyPage, loadNoAccess: () => Promise<ComponentType>): LazyPage {
  return () =>
    Promise.all([load(), loadNoAccess()]).then(([{ Component }, NoAccess]) => ({
      Component: () => <AgentOnlyGate page={Component} noAccess={NoAccess} />,
    }));
}

function AgentOnlyGate({ page: Page, noAccess: NoAccess }: { page: ComponentType; noAccess: ComponentType }) {
  const me = useMe();
  // The entry loader has loaded the account before any screen renders.
  if (me.data?.isSubAgent === false) return <Page />;
  return me.data ? <NoAccess /> : null;
}
