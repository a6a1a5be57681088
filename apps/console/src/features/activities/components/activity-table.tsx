import {
  ApiOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  FireOutlined,
  InboxOutlined,
  LoginOutlined,
  MoreOutlined,
} from '@ant-design/icons';
import {
  type ActivityListItem,
  type ActivitySummary,
  activityStatusLabels,
  type ScheduleLabel,
} from '@yanbo/contracts';
import { App, Button, Dropdown, Empty, Flex, Space, Table, type TableProps, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { activityTexts as t } from '../../../locales/zh-CN/activities';
import { useArchiveActivity, useCopyActivity, useCopyChannel, useDeleteActivities } from '../api/activity-actions';
import { ActivityCover } from './activity-cover';
import { ActivitySubagentTag } from './activity-subagent';
import { DestroyActivityModal } from './destroy-activity-modal';
import { DuplicateActivityModal } from './duplicate-activity-modal';
import { PushingBadge } from './pushing-badge';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export function formatTime(iso: string) {
  return dayjs(iso).format(TIME_FORMAT);
}

export function TypeTag({ type }: { type: ActivitySummary['type'] }) {
  return (
    <Tag color={type === 'live' ? 'blue' : 'purple'} variant="outlined">
      {t[`activities.type.${type}`]}
    </Tag>
  );
}

/**
 * The schedule (未开始 / 进行中 / 已结束, 已归档, 已停用) and the stream (推流中 / 未推流) as two labels, by the one
 * rule the watch page also follows (contracts activityStatusLabels, issue 8).
 */
export function ActivityStatusTags({
  activity,
  vertical = false,
}: {
  activity: Pick<ActivitySummary, 'status' | 'progress' | 'isPushing' | 'isArchived'>;
  vertical?: boolean;
}) {
  const labels = activityStatusLabels(activity);
  return (
    <Flex gap={6} vertical={vertical} align={vertical ? 'flex-start' : 'center'} data-testid="activity-status">
      <Tag color={SCHEDULE_COLORS[labels.schedule]} data-schedule={labels.schedule} style={{ marginInlineEnd: 0 }}>
        {t[`activities.schedule.${labels.schedule}`]}
      </Tag>
      <PushingBadge isPushing={labels.stream === 'pushing'} showIdle />
    </Flex>
  );
}

const SCHEDULE_COLORS: Record<ScheduleLabel, string> = {
  notStarted: 'warning',
  ongoing: 'processing',
  ended: 'default',
  archived: 'default',
  disabled: 'error',
};

/** Start and end; a null endedAt is the far-future "no end date" (seed 001 §3). */
export function ActivityTimes({ activity }: { activity: Pick<ActivitySummary, 'startedAt' | 'endedAt'> }) {
  return (
    <Flex vertical gap={2} style={{ fontSize: 13 }}>
      <span>
        <Typography.Text type="secondary">{t['activities.time.start']}</Typography.Text>{' '}
        {activity.startedAt ? formatTime(activity.startedAt) : t['activities.time.noStart']}
      </span>
      <span>
        <Typography.Text type="secondary">{t['activities.time.end']}</Typography.Text>{' '}
        {activity.endedAt ? formatTime(activity.endedAt) : t['activities.time.noEnd']}
      </span>
    </Flex>
  );
}

function RowActions({ activity, onEdit }: { activity: ActivitySummary; onEdit: (activity: ActivitySummary) => void }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const copy = useCopyActivity();
  const archive = useArchiveActivity();
  const remove = useDeleteActivities();
  const copyChannel = useCopyChannel();
  const [destroying, setDestroying] = useState(false);
  const [duplicating, setDuplicating] = useState(false);

  const confirmDelete = () =>
    modal.confirm({
      title: t['activities.confirm.deleteTitle'],
      content: t['activities.confirm.delete'](activity.name),
      okText: t['activities.confirm.ok'],
      okButtonProps: { danger: true },
      cancelText: t['activities.confirm.cancel'],
      // Shown by the mutation cache when it fails; the dialog just closes.
      onOk: () => remove.mutateAsync([activity.id]).catch(() => undefined),
    });

  return (
    <Space size={4} wrap={false}>
      <Button type="primary" size="small" icon={<LoginOutlined />} onClick={() => navigate(`/board/${activity.id}`)}>
        {t['activities.action.enter']}
      </Button>
      <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(activity)}>
        {t['activities.action.edit']}
      </Button>
      <Button size="small" icon={<CopyOutlined />} loading={copy.isPending} onClick={() => copy.mutate(activity.id)}>
        {t['activities.action.copy']}
      </Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'duplicate', icon: <CopyOutlined />, label: t['activities.action.duplicate'] },
            {
              key: 'copyChannel',
              icon: <ApiOutlined />,
              label: t['activities.action.copyChannel'],
              disabled: copyChannel.isPending,
            },
            {
              key: 'archive',
              icon: <InboxOutlined />,
              label: activity.isArchived ? t['activities.action.unarchive'] : t['activities.action.archive'],
              disabled: archive.isPending,
            },
            { type: 'divider' },
            { key: 'delete', icon: <DeleteOutlined />, label: t['activities.action.delete'], danger: true },
            { key: 'destroy', icon: <FireOutlined />, label: t['activities.action.destroy'], danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'duplicate') setDuplicating(true);
            if (key === 'copyChannel') copyChannel.mutate(activity.id);
            if (key === 'archive') archive.mutate({ id: activity.id, isArchived: !activity.isArchived });
            if (key === 'delete') confirmDelete();
            if (key === 'destroy') setDestroying(true);
          },
        }}
      >
        <Button size="small" icon={<MoreOutlined />} aria-label={t['activities.action.more']} />
      </Dropdown>
      <DestroyActivityModal activity={destroying ? activity : null} onClose={() => setDestroying(false)} />
      <DuplicateActivityModal activity={duplicating ? activity : null} onClose={() => setDuplicating(false)} />
    </Space>
  );
}

interface ActivityTableProps {
  rows: ActivityListItem[];
  loading: boolean;
  filtered: boolean;
  selectedIds: number[];
  onSelect: (ids: number[]) => void;
  onEdit: (activity: ActivitySummary) => void;
}

export function ActivityTable({ rows, loading, filtered, selectedIds, onSelect, onEdit }: ActivityTableProps) {
  const columns: TableProps<ActivityListItem>['columns'] = [
    {
      title: t['activities.column.activity'],
      key: 'activity',
      render: (_, activity) => (
        <Flex gap={12} align="center" style={{ minWidth: 0 }}>
          <Link to={`/board/${activity.id}`} tabIndex={-1}>
            <ActivityCover activity={activity} width={96} />
          </Link>
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            <Link to={`/board/${activity.id}`} style={{ fontWeight: 500, fontSize: 15 }}>
              <Typography.Text ellipsis={{ tooltip: activity.name }} style={{ color: 'inherit', maxWidth: 360 }}>
                {activity.name}
              </Typography.Text>
            </Link>
            <Flex vertical style={{ fontSize: 12, lineHeight: 1.5 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                ID {activity.id}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {t['activities.createdAt'](formatTime(activity.createdAt))}
              </Typography.Text>
            </Flex>
            <Flex gap={6} wrap>
              <ActivitySubagentTag subagent={activity.subagent} />
            </Flex>
          </Flex>
        </Flex>
      ),
    },
    {
      title: t['activities.column.type'],
      dataIndex: 'type',
      width: 80,
      render: (type: ActivitySummary['type']) => <TypeTag type={type} />,
    },
    {
      title: t['activities.column.progress'],
      key: 'progress',
      width: 96,
      render: (_, activity) => <ActivityStatusTags activity={activity} vertical />,
    },
    {
      title: t['activities.column.time'],
      key: 'time',
      width: 200,
      render: (_, activity) => <ActivityTimes activity={activity} />,
    },
    {
      title: t['activities.column.spend'],
      key: 'spend',
      width: 100,
      align: 'right',
      render: (_, activity) => `¥${activity.spend.toFixed(2)}`,
    },
    {
      title: t['activities.column.actions'],
      key: 'actions',
      width: 290,
      fixed: 'end',
      render: (_, activity) => <RowActions activity={activity} onEdit={onEdit} />,
    },
  ];

  return (
    <Table<ActivityListItem>
      className="activity-table"
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      rowSelection={{
        selectedRowKeys: selectedIds,
        onChange: (keys) => onSelect(keys.map(Number)),
      }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={filtered ? t['activities.emptyFiltered'] : t['activities.empty']}
          />
        ),
      }}
      scroll={{ x: 1000 }}
    />
  );
}
