import type { ActivitySummary } from '@yanbo/contracts';
import { Card, Flex, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { activityTexts as t } from '../../../locales/zh-CN/activities';
import { ActivityCover } from './activity-cover';
import { PushingBadge } from './pushing-badge';

interface RecentLiveStripProps {
  activities: ActivitySummary[] | undefined;
  loading: boolean;
}

/** 最近直播: the activities pushing right now, each one click from its board. */
export function RecentLiveStrip({ activities, loading }: RecentLiveStripProps) {
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={
        <Flex align="baseline" gap={8}>
          <span>{t['activities.recentLive.title']}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
            {t['activities.recentLive.hint']}
            {activities?.length ? ` · ${activities.length}` : ''}
          </Typography.Text>
        </Flex>
      }
    >
      {loading && !activities ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : activities?.length ? (
        <Flex gap={12} style={{ overflowX: 'auto', paddingBottom: 4 }} data-testid="recent-live">
          {activities.map((activity) => (
            <Link
              key={activity.id}
              to={`/board/${activity.id}`}
              style={{
                display: 'flex',
                gap: 10,
                alignItems: 'center',
                flex: 'none',
                width: 260,
                padding: 8,
                border: '1px solid #f0f0f0',
                borderRadius: 8,
                color: 'inherit',
              }}
            >
              <ActivityCover activity={activity} width={80} />
              <Flex vertical gap={6} style={{ minWidth: 0 }}>
                <Typography.Text strong ellipsis={{ tooltip: activity.name }}>
                  {activity.name}
                </Typography.Text>
                <span>
                  <PushingBadge isPushing />
                </span>
              </Flex>
            </Link>
          ))}
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t['activities.recentLive.empty']}</Typography.Text>
      )}
    </Card>
  );
}
