import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { VOTE_PAGE_SIZE, type Vote, type VoteStatus } from '@yanbo/contracts';
import { Alert, Button, Empty, Flex, Popconfirm, Progress, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { interactionTexts as t } from '../../../locales/zh-CN/interactions';
import { useVoteMutations, voteListQuery } from '../api/votes';
import { optionPercents } from '../interaction-rules';
import { VoteFormModal } from './vote-form-modal';

const STATUS_COLORS: Record<VoteStatus, string> = { draft: 'default', published: 'processing', closed: 'success' };

function VoteResults({ vote }: { vote: Vote }) {
  const percents = optionPercents(vote);
  return (
    <Flex vertical gap={2} style={{ minWidth: 220 }} data-testid={`vote-results-${vote.id}`}>
      {vote.options.map((option, index) => (
        <div key={option}>
          <Flex justify="space-between" gap={8}>
            <Typography.Text ellipsis>{option}</Typography.Text>
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {t['interactions.vote.optionLine'](vote.tally[index] ?? 0, percents[index] ?? 0)}
            </Typography.Text>
          </Flex>
          <Progress percent={percents[index] ?? 0} showInfo={false} size="small" />
        </div>
      ))}
    </Flex>
  );
}

/** 投票: the activity's votes with their live results (seed 001 §3 "Vote config with a pager"). */
export function VotePanel({ activityId }: { activityId: number }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Vote | null | undefined>(undefined);
  const votes = useQuery(voteListQuery(activityId, page));
  const { create, update, remove } = useVoteMutations(activityId);

  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon message={t['interactions.vote.hint']} />
      <div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t['interactions.vote.create']}
        </Button>
      </div>
      <Table<Vote>
        rowKey="id"
        dataSource={votes.data?.items ?? []}
        loading={votes.isPending}
        scroll={{ x: 860 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['interactions.vote.empty']} />,
        }}
        pagination={{
          current: page,
          pageSize: VOTE_PAGE_SIZE,
          total: votes.data?.pager.total ?? 0,
          hideOnSinglePage: true,
          showTotal: (total) => t['interactions.total'](total),
          onChange: setPage,
        }}
        columns={[
          {
            title: t['interactions.vote.column.title'],
            dataIndex: 'title',
            render: (title: string, vote) => (
              <Flex vertical>
                <Typography.Text strong>{title}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {vote.kind === 'single'
                    ? t['interactions.vote.kind.single']
                    : t['interactions.vote.kind.multiple'](vote.maxChoices)}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t['interactions.vote.column.status'],
            dataIndex: 'status',
            width: 100,
            render: (status: VoteStatus) => (
              <Tag color={STATUS_COLORS[status]}>{t[`interactions.vote.status.${status}`]}</Tag>
            ),
          },
          {
            title: t['interactions.vote.column.results'],
            key: 'results',
            render: (_: unknown, vote) => <VoteResults vote={vote} />,
          },
          {
            title: t['interactions.vote.column.voters'],
            dataIndex: 'voters',
            width: 100,
            render: (voters: number, vote) => <span data-testid={`vote-voters-${vote.id}`}>{voters}</span>,
          },
          {
            title: t['interactions.vote.column.actions'],
            key: 'actions',
            width: 220,
            render: (_: unknown, vote) => (
              <Space size={4} wrap>
                {vote.status === 'draft' && (
                  <>
                    <Popconfirm
                      title={t['interactions.vote.publishConfirm']}
                      okText={t['interactions.ok']}
                      cancelText={t['interactions.cancel']}
                      onConfirm={() =>
                        update.mutateAsync({ voteId: vote.id, body: { status: 'published' } }).catch(() => undefined)
                      }
                    >
                      <Button size="small" type="primary">
                        {t['interactions.vote.publish']}
                      </Button>
                    </Popconfirm>
                    <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(vote)}>
                      {t['interactions.vote.edit']}
                    </Button>
                  </>
                )}
                {vote.status === 'published' && (
                  <Popconfirm
                    title={t['interactions.vote.closeConfirm']}
                    okText={t['interactions.ok']}
                    cancelText={t['interactions.cancel']}
                    onConfirm={() =>
                      update.mutateAsync({ voteId: vote.id, body: { status: 'closed' } }).catch(() => undefined)
                    }
                  >
                    <Button size="small">{t['interactions.vote.close']}</Button>
                  </Popconfirm>
                )}
                <Popconfirm
                  title={t['interactions.vote.deleteConfirm'](vote.title)}
                  okText={t['interactions.ok']}
                  cancelText={t['interactions.cancel']}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync(vote.id).catch(() => undefined)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t['interactions.delete']} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <VoteFormModal
        open={editing !== undefined}
        vote={editing ?? null}
        saving={create.isPending || update.isPending}
        onSubmit={(values) =>
          editing ? update.mutateAsync({ voteId: editing.id, body: values }) : create.mutateAsync(values)
        }
        onClose={() => setEditing(undefined)}
      />
    </Flex>
  );
}
