import { useQueries, useQuery } from '@tanstack/react-query';
import { TASK_PAGE_SIZE, type Task } from '@yanbo/contracts';
import { Button, Card, List, Popconfirm, Progress, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { downloadCenterTexts as t, taskErrorTexts } from '../../locales/zh-CN/download-center';
import { downloadTask, isRunning, recentTasksQuery, taskListQuery, taskQuery, useTaskMutations } from './api/tasks';

// /download (seed 000 §2): every task with its progress; a running one is polled by id until it ends, a failed one
// says why, a finished one downloads, and any is deleted after a confirm.

const STATUS_COLORS: Record<Task['status'], string> = {
  pending: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

const reasonOf = (error: string) => taskErrorTexts[error] ?? error;

function size(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const beijingTime = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

/**
 * Seed 001 §4 "The mission status is polled by id and stored": every task a list shows running is polled by id until
 * it ends, and its latest answer stands in for the list's row (status, progress, name, size, download link), so a row
 * moves on its own without the list being fetched again.
 */
function useLatestTasks(lists: Task[][]): (task: Task) => Task {
  const running = [
    ...new Set(
      lists
        .flat()
        .filter(isRunning)
        .map((task) => task.id),
    ),
  ];
  const polled = useQueries({ queries: running.map((id) => taskQuery(id)) });
  const latest = new Map(polled.flatMap((query) => (query.data ? [[query.data.id, query.data] as const] : [])));
  return (task) => latest.get(task.id) ?? task;
}

function TaskStatus({ task }: { task: Task }) {
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }}>
      <Space>
        <Tag color={STATUS_COLORS[task.status]} data-testid={`task-status-${task.id}`}>
          {t[`downloadCenter.status.${task.status}`]}
        </Tag>
      </Space>
      <Progress
        percent={task.progress.percent}
        size="small"
        status={task.status === 'failed' ? 'exception' : task.status === 'done' ? 'success' : 'active'}
      />
      {task.status === 'failed' && task.error && (
        <Typography.Text type="danger">{t['downloadCenter.failedBecause'](reasonOf(task.error))}</Typography.Text>
      )}
      {task.status === 'pending' && task.error && (
        <Typography.Text type="warning">{t['downloadCenter.retrying'](reasonOf(task.error))}</Typography.Text>
      )}
    </Space>
  );
}

export function DownloadCenterPage() {
  const [page, setPage] = useState(1);
  const list = useQuery(taskListQuery(page));
  const recent = useQuery(recentTasksQuery());
  const { remove } = useTaskMutations();
  const items = list.data?.items ?? [];
  const recentItems = recent.data?.items ?? [];
  const latest = useLatestTasks([items, recentItems]);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t['downloadCenter.title']}>
        <Typography.Paragraph type="secondary">{t['downloadCenter.hint']}</Typography.Paragraph>
        <Table<Task>
          rowKey="id"
          loading={list.isLoading}
          dataSource={items.map(latest)}
          locale={{ emptyText: t['downloadCenter.empty'] }}
          pagination={{
            current: page,
            pageSize: TASK_PAGE_SIZE,
            total: list.data?.pager.total ?? 0,
            showTotal: (total) => t['downloadCenter.total'](total),
            onChange: setPage,
          }}
          columns={[
            { title: t['downloadCenter.column.name'], dataIndex: 'name', key: 'name' },
            {
              title: t['downloadCenter.column.status'],
              key: 'status',
              width: 280,
              render: (_, task) => <TaskStatus task={task} />,
            },
            {
              title: t['downloadCenter.column.size'],
              key: 'size',
              width: 100,
              render: (_, task) => size(task.fileSize),
            },
            {
              title: t['downloadCenter.column.createdAt'],
              key: 'createdAt',
              width: 180,
              render: (_, task) => beijingTime(task.createdAt),
            },
            {
              title: t['downloadCenter.column.actions'],
              key: 'actions',
              width: 150,
              render: (_, task) => (
                <Space>
                  <Button
                    type="link"
                    size="small"
                    disabled={!task.downloadUrl}
                    onClick={() => void downloadTask(task.id)}
                  >
                    {t['downloadCenter.download']}
                  </Button>
                  <Popconfirm
                    title={t['downloadCenter.deleteConfirm'](task.name)}
                    okText={t['downloadCenter.ok']}
                    cancelText={t['downloadCenter.cancel']}
                    onConfirm={() => remove.mutateAsync(task.id)}
                  >
                    <Button type="link" size="small" danger>
                      {t['downloadCenter.delete']}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card title={t['downloadCenter.recent']} size="small">
        <List
          size="small"
          dataSource={recentItems.map(latest)}
          locale={{ emptyText: t['downloadCenter.empty'] }}
          renderItem={(task) => (
            <List.Item>
              <Space>
                <Tag color={STATUS_COLORS[task.status]}>{t[`downloadCenter.status.${task.status}`]}</Tag>
                <span>{task.name}</span>
                <Typography.Text type="secondary">{beijingTime(task.createdAt)}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      </Card>
    </Space>
  );
}
