import { useQuery } from '@tanstack/react-query';
import type { ActivitySummary } from '@yanbo/contracts';
import { Badge, Card, Empty, Segmented, Table, type TableProps, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { type ActivitySearch, activitiesQuery, entryActivitySearch } from '../../app/entry-queries';
import { activityTexts as t } from '../../locales/zh-CN/activities';

// The first cut of the activity list: the activities the entry load searched for, archived or not as the URL says.
// Groups, status filter, search and the create/edit modal come with the activities issue.

const columns: TableProps<ActivitySummary>['columns'] = [
  {
    title: t['activities.column.name'],
    dataIndex: 'name',
    render: (name: string, activity) => <Link to={`/board/${activity.id}`}>{name}</Link>,
  },
  {
    title: t['activities.column.type'],
    dataIndex: 'type',
    width: 90,
    render: (type: ActivitySummary['type']) => t[`activities.type.${type}`],
  },
  {
    title: t['activities.column.status'],
    key: 'status',
    width: 160,
    render: (_, activity) =>
      activity.status === 'enabled' ? (
        <>
          <Tag color="green">{t['activities.status.enabled']}</Tag>
          <Typography.Text type="secondary">{t[`activities.progress.${activity.progress}`]}</Typography.Text>
        </>
      ) : (
        <Tag>{t['activities.status.disabled']}</Tag>
      ),
  },
  {
    title: t['activities.column.pushing'],
    dataIndex: 'isPushing',
    width: 110,
    render: (isPushing: boolean) =>
      isPushing ? (
        <Badge status="processing" text={t['activities.pushing.on']} />
      ) : (
        <Badge status="default" text={t['activities.pushing.off']} />
      ),
  },
  {
    title: t['activities.column.createdAt'],
    dataIndex: 'createdAt',
    width: 180,
    render: (createdAt: string) => dayjs(createdAt).format('YYYY-MM-DD HH:mm'),
  },
];

export function ActivityListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const base = entryActivitySearch(searchParams);
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const search: ActivitySearch = { ...base, page };
  const { data, isFetching } = useQuery(activitiesQuery(search));

  const update = (changes: Record<string, string | null>) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  return (
    <>
      <PageHeader
        name="activities"
        extra={
          <Segmented
            value={base.isArchived ? 'archived' : 'all'}
            options={[
              { value: 'all', label: t['activities.filter.all'] },
              { value: 'archived', label: t['activities.filter.archived'] },
            ]}
            onChange={(value) => update({ isArchived: value === 'archived' ? 'true' : null, page: null })}
          />
        }
      />
      <Card>
        <Table<ActivitySummary>
          rowKey="id"
          columns={columns}
          dataSource={data?.items}
          loading={isFetching}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['activities.empty']} /> }}
          pagination={{
            current: page,
            pageSize: search.pageSize,
            total: data?.pager.total ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            showTotal: (total) => t['activities.total'](total),
            onChange: (next) => update({ page: next === 1 ? null : String(next) }),
          }}
          scroll={{ x: 720 }}
        />
      </Card>
    </>
  );
}
