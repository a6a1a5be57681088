import { PlusOutlined } from '@ant-design/icons';
import type { SubaccountCount } from '@yanbo/contracts';
import { Alert, Button, Card, Flex, Progress, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { subaccountTexts as t } from '../../../locales/zh-CN/subaccounts';
import { quotaPercent } from '../subaccount-rules';

/** The sub-account store's figures (seed 000 §3): count / quota as a bar, and what is left. */
export function QuotaBar({ count }: { count: SubaccountCount | undefined }) {
  if (!count) {
    return (
      <Card size="small" style={{ marginBottom: 16 }}>
        <Skeleton active paragraph={false} />
      </Card>
    );
  }
  const full = count.remainingCount <= 0;
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="subaccount-quota">
      <Flex align="center" gap={24} wrap>
        <Typography.Text strong>{t['subaccounts.quota.title']}</Typography.Text>
        <Progress
          percent={quotaPercent(count.count, count.quota)}
          status={full ? 'exception' : 'normal'}
          showInfo={false}
          style={{ flex: '1 1 240px', margin: 0, maxWidth: 420 }}
        />
        <Typography.Text>{t['subaccounts.quota.used'](count.count, count.quota)}</Typography.Text>
        <Typography.Text type={full ? 'danger' : 'success'}>
          {t['subaccounts.quota.remaining'](count.remainingCount)}
        </Typography.Text>
        {full && (
          <Link to="/price">
            <Button size="small">{t['subaccounts.quota.upgrade']}</Button>
          </Link>
        )}
      </Flex>
      {full && <Alert type="warning" showIcon title={t['subaccounts.quota.full']} style={{ marginTop: 12 }} />}
    </Card>
  );
}

/** The 新建子账号 button, carrying the group on view; at a full quota it stays, and the server's refusal explains. */
export function CreateSubaccountButton({ groupId }: { groupId: number | null }) {
  return (
    <Link to={groupId !== null && groupId > 0 ? `/subaccount/creatson?groupId=${groupId}` : '/subaccount/creatson'}>
      <Button type="primary" icon={<PlusOutlined />}>
        {t['subaccounts.create']}
      </Button>
    </Link>
  );
}
