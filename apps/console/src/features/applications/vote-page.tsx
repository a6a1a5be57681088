import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type AgentVote, VOTE_PAGE_SIZE, VOTE_STATUSES, type VoteStatus } from '@yanbo/contracts';
import { Alert, Button, Card, Empty, Flex, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActivitySearchSelect } from '../../app/components/activity-search-select';
import { PageHeader } from '../../app/components/page-header';
import { applicationTexts as t } from '../../locales/zh-CN/applications';
import { agentVoteListQuery, useVoteMutations } from './api/votes';
import { votePaths } from './vote-paths';

const STATUS_COLORS: Record<VoteStatus, string> = { draft: 'default', published: 'processing', closed: 'success' };

interface Filters {
  page: number;
  activityId?: number;
  status?: VoteStatus;
  title?: string;
}

/**
 * /application/vote: the votes of all the agent's activities (the board's 互动 votes), their results as they come
 * in, and the way to make, edit, publish, close and delete them.
 */
export function VotePage() {
  const [filters, setFilters] = useState<Filters>({ page: 1 });
  const list = useQuery(agentVoteListQuery(filters));
  const { update, remove } = useVoteMutations();
  const filtered = filters.activityId !== undefined || filters.status !== undefined || !!filters.title;

  return (
    <>
      <PageHeader
        name="applications.vote"
        extra={
          <Link to={votePaths.create}>
            <Button type="primary" icon={<PlusOutlined />}>
              {t['applications.vote.create']}
            </Button>
          </Link>
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={t['applications.vote.hint']} />
          <Flex gap={12} wrap>
            <ActivitySearchSelect<false>
              allowClear
              placeholder={t['applications.allActivities']}
              value={filters.activityId}
              onChange={(activityId) => setFilters((f) => ({ ...f, page: 1, activityId }))}
              style={{ width: 240 }}
              testId="vote-filter-activity"
            />
            <Select<VoteStatus>
              allowClear
              placeholder={t['applications.vote.allStatuses']}
              value={filters.status}
              onChange={(status) => setFilters((f) => ({ ...f, page: 1, status }))}
              style={{ width: 140 }}
              options={VOTE_STATUSES.map((status) => ({ value: status, label: t['applications.vote.status'][status] }))}
            />
            <Input.Search
              allowClear
              placeholder={t['applications.vote.search']}
              style={{ width: 240 }}
              onSearch={(value) => setFilters((f) => ({ ...f, page: 1, title: value.trim() || undefined }))}
            />
          </Flex>
          <Table<AgentVote>
            rowKey="id"
            dataSource={list.data?.items ?? []}
            loading={list.isPending}
            scroll={{ x: 980 }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={filtered ? t['applications.vote.emptyFiltered'] : t['applications.vote.empty']}
                />
              ),
            }}
            pagination={{
              current: filters.page,
              pageSize: VOTE_PAGE_SIZE,
              total: list.data?.pager.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => t['applications.total'](total),
              onChange: (page) => setFilters((f) => ({ ...f, page })),
            }}
            columns={[
              {
                title: t['applications.vote.column.title'],
                dataIndex: 'title',
                render: (title: string, vote) => (
                  <Link to={votePaths.edit(vote.id)}>
                    <Typography.Text strong ellipsis={{ tooltip: title }} style={{ maxWidth: 260 }}>
                      {title}
                    </Typography.Text>
                  </Link>
                ),
              },
              {
                title: t['applications.activity'],
                key: 'activity',
                render: (_, vote) => (
                  <Typography.Text ellipsis={{ tooltip: vote.activity.name }} style={{ maxWidth: 200 }}>
                    {vote.activity.name}
                  </Typography.Text>
                ),
              },
              {
                title: t['applications.vote.column.kind'],
                key: 'kind',
                width: 150,
                render: (_, vote) =>
                  vote.kind === 'single'
                    ? t['applications.vote.single']
                    : t['applications.vote.multiple'](vote.maxChoices),
              },
              {
                title: t['applications.vote.column.status'],
                dataIndex: 'status',
                width: 100,
                render: (status: VoteStatus) => (
                  <Tag color={STATUS_COLORS[status]}>{t['applications.vote.status'][status]}</Tag>
                ),
              },
              { title: t['applications.vote.column.voters'], dataIndex: 'voters', width: 100 },
              {
                title: t['applications.vote.column.createdAt'],
                dataIndex: 'createdAt',
                width: 150,
                render: (iso: string) => (
                  <span style={{ whiteSpace: 'nowrap' }}>{dayjs(iso).format('YYYY-MM-DD HH:mm')}</span>
                ),
              },
              {
                title: t['applications.vote.column.actions'],
                key: 'actions',
                width: 280,
                fixed: 'end',
                render: (_, vote) => {
                  const target = { activityId: vote.activity.id, voteId: vote.id };
                  return (
                    <Space size={4} wrap>
                      <Link to={votePaths.edit(vote.id)}>
                        <Button size="small" icon={vote.status === 'draft' ? <EditOutlined /> : <EyeOutlined />}>
                          {vote.status === 'draft' ? t['applications.edit'] : t['applications.vote.view']}
                        </Button>
                      </Link>
                      {vote.status === 'draft' && (
                        <Popconfirm
                          title={t['applications.vote.publishConfirm']}
                          okText={t['applications.ok']}
                          cancelText={t['applications.cancel']}
                          onConfirm={() =>
                            update.mutateAsync({ ...target, body: { status: 'published' } }).catch(() => undefined)
                          }
                        >
                          <Button size="small" type="primary" ghost>
                            {t['applications.vote.publish']}
                          </Button>
                        </Popconfirm>
                      )}
                      {vote.status === 'published' && (
                        <Popconfirm
                          title={t['applications.vote.closeConfirm']}
                          okText={t['applications.ok']}
                          cancelText={t['applications.cancel']}
                          onConfirm={() =>
                            update.mutateAsync({ ...target, body: { status: 'closed' } }).catch(() => undefined)
                          }
                        >
                          <Button size="small">{t['applications.vote.close']}</Button>
                        </Popconfirm>
                      )}
                      <Popconfirm
                        title={t['applications.vote.deleteConfirm'](vote.title)}
                        okText={t['applications.ok']}
                        cancelText={t['applications.cancel']}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => remove.mutateAsync(target).catch(() => undefined)}
                      >
                        <Button size="small" danger icon={<DeleteOutlined />}>
                          {t['applications.delete']}
                        </Button>
                      </Popconfirm>
                    </Space>
                  );
                },
              },
            ]}
          />
        </Flex>
      </Card>
    </>
  );
}
