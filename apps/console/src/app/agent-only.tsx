import { Button, Result } from 'antd';
import type { ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { appTexts } from '../locales/zh-CN/app';
import type { LazyPage } from './route-pages';
import { useMe } from './session';

/**
 * A screen of an agent-only area. A sub-account opening it by address gets a plain no-access page instead of the
 * screen and the error toasts of its refused calls (issue 8); the menu already hides these areas from it.
 */
export function agentOnly(load: LazyPage): LazyPage {
  return () => load().then(({ Component }) => ({ Component: () => <AgentOnlyGate page={Component} /> }));
}

function AgentOnlyGate({ page: Page }: { page: ComponentType }) {
  const me = useMe();
  // The entry loader has loaded the account before any screen renders.
  if (me.data?.isSubAgent === false) return <Page />;
  return me.data ? <NoAccessPage /> : null;
}

export function NoAccessPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={appTexts.noAccessTitle}
      subTitle={appTexts.noAccessSubTitle}
      data-testid="no-access"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {appTexts.backHome}
        </Button>
      }
    />
  );
}
