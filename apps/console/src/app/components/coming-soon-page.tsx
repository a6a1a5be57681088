import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';
import { appTexts } from '../../locales/zh-CN/app';
import { routeTitle } from '../route-title';
import { PageHeader } from './page-header';

/** An area whose screens aren't built yet: says so plainly and offers the way back to work that is possible. */
export function ComingSoonPage({ name }: { name: string }) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader name={name} />
      <Card>
        <Result
          icon={<ClockCircleOutlined />}
          title={appTexts.comingSoon}
          subTitle={appTexts.comingSoonHint(routeTitle(name))}
          extra={
            <Button type="primary" onClick={() => navigate('/')}>
              {appTexts.backToActivities}
            </Button>
          }
        />
      </Card>
    </>
  );
}
