import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { appTexts } from '../locales/zh-CN/app';

/** Any path the console doesn't know (seed 000 §2). */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={appTexts.notFoundSubTitle}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {appTexts.backHome}
        </Button>
      }
    />
  );
}
