import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { appTexts } from '../locales/zh-CN/app';

/** An agent-only screen opened by a sub-account (see agent-only.tsx). */
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
