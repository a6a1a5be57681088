import { Card, Flex, Skeleton, Spin, Typography } from 'antd';
import { appTexts } from '../locales/zh-CN/app';

/** What shows while the entry load runs (seed 000 §2: a skeleton with the text "loading"). */
export function EntryLoading() {
  return (
    <Flex vertical gap={16} style={{ minHeight: '100vh', padding: 24, background: '#f5f5f5' }}>
      <Flex align="center" gap={8}>
        <Spin size="small" />
        <Typography.Text type="secondary">{appTexts.loading}</Typography.Text>
      </Flex>
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    </Flex>
  );
}
