import { useQuery } from '@tanstack/react-query';
import { formatBeijingTime } from '@yanbo/contracts/beijing-time';
import { Button, Card, Empty, Flex, List, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { commentTexts as t } from '../../../locales/zh-CN/comments';
import { type Restriction, restrictedQuery, useRestrictionMutations } from '../api/chat-restrictions';

/** 禁言名单 and 黑名单, each viewer with 解除; a viewer is named by its nickname when a loaded comment tells it. */
export function RestrictedViewers({ activityId, nicknames }: { activityId: number; nicknames: Map<string, string> }) {
  const [kind, setKind] = useState<Restriction>('ban');
  const list = useQuery(restrictedQuery(activityId, kind));
  const { lift } = useRestrictionMutations(activityId);
  const items = list.data?.items ?? [];
  return (
    <Card size="small" styles={{ body: { paddingTop: 0 } }} data-testid="restricted-viewers">
      <Tabs
        size="small"
        activeKey={kind}
        onChange={(key) => setKind(key as Restriction)}
        items={(['ban', 'blacklist'] as const).map((key) => ({ key, label: t[`comments.restricted.${key}`] }))}
      />
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['comments.restricted.empty']} />
      ) : (
        <List
          size="small"
          loading={list.isFetching}
          dataSource={items}
          style={{ maxHeight: 280, overflow: 'auto' }}
          renderItem={(item) => (
            <List.Item
              extra={
                <Button
                  type="link"
                  size="small"
                  loading={lift.isPending && lift.variables?.userId === item.userId}
                  onClick={() => lift.mutateAsync({ kind, userId: item.userId }).catch(() => undefined)}
                >
                  {t['comments.restricted.lift']}
                </Button>
              }
            >
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text ellipsis>{nicknames.get(item.userId) ?? item.userId}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t['comments.restricted.since'](formatBeijingTime(item.createdAt).slice(5, 16))}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
