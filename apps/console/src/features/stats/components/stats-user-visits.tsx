import { useQuery } from '@tanstack/react-query';
import { STATS_VISIT_PAGE_SIZE, type StatsRange, type StatsUserVisit } from '@yanbo/contracts';
import { Card, Empty, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { browserTexts, deviceTexts, statsTexts as t } from '../../../locales/zh-CN/stats';
import { statsUserVisitsQuery } from '../api/stats-queries';
import { ditchLabel, formatDuration, hostLabel } from '../stats-rules';

/** The range's visits, newest first, 10 a page. A new range starts again at page 1 (the page is keyed by range). */
export function StatsUserVisits({ activityId, range }: { activityId: number; range: StatsRange }) {
  const [page, setPage] = useState(1);
  const visits = useQuery(statsUserVisitsQuery(activityId, range, page));
  const columns: TableColumnsType<StatsUserVisit> = [
    {
      title: t['stats.visits.visitAt'],
      dataIndex: 'visitAt',
      key: 'visitAt',
      width: 170,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t['stats.visits.viewer'],
      dataIndex: 'viewerId',
      key: 'viewerId',
      width: 130,
      render: (value: string) => (
        <Tooltip title={value}>
          <Typography.Text code>{value.slice(0, 8)}</Typography.Text>
        </Tooltip>
      ),
    },
    {
      title: t['stats.visits.device'],
      key: 'device',
      width: 150,
      render: (_, row) => (
        <>
          <Tag color={row.device === 'mobile' ? 'blue' : row.device === 'desktop' ? 'green' : 'gold'}>
            {deviceTexts[row.device]}
          </Tag>
          <Typography.Text type="secondary">{browserTexts[row.browser]}</Typography.Text>
        </>
      ),
    },
    {
      title: t['stats.visits.ditch'],
      key: 'ditch',
      ellipsis: true,
      render: (_, row) => ditchLabel(row.ditch ?? { sign: null, name: null }),
    },
    {
      title: t['stats.visits.referrer'],
      key: 'referrer',
      ellipsis: true,
      render: (_, row) => <Tooltip title={row.referrer || undefined}>{row.referrer || hostLabel('')}</Tooltip>,
    },
    {
      title: t['stats.visits.watch'],
      dataIndex: 'watchSeconds',
      key: 'watchSeconds',
      width: 130,
      align: 'right',
      render: (value: number) => formatDuration(value),
    },
    { title: t['stats.visits.ip'], dataIndex: 'ip', key: 'ip', width: 130, ellipsis: true },
  ];
  return (
    <Card size="small" title={t['stats.visits.title']}>
      <Table<StatsUserVisit>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={visits.data?.items}
        loading={visits.isFetching}
        scroll={{ x: 960 }}
        pagination={{
          current: page,
          pageSize: STATS_VISIT_PAGE_SIZE,
          total: visits.data?.pager.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t['stats.visits.total'](total),
          onChange: setPage,
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={visits.isError ? t['stats.loadFailed'] : t['stats.visits.empty']}
            />
          ),
        }}
        data-testid="stats-user-visits"
      />
    </Card>
  );
}
