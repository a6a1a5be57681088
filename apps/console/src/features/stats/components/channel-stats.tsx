import { BarChartOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ACTIVITY_PAGE_SIZE, type ChannelStats, fenToYuan } from '@yanbo/contracts';
import { Button, Drawer, Empty, Input, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { statsAudienceTexts as t } from '../../../locales/zh-CN/stats-audience';
import { channelStatsQuery } from '../api/stats-audience-queries';
import { formatDuration } from '../stats-rules';

const columns: TableColumnsType<ChannelStats> = [
  {
    title: t['statsAudience.channels.name'],
    key: 'name',
    ellipsis: true,
    render: (_, row) => (
      <>
        <Link to={`/stats/${row.id}`} title={t['statsAudience.channels.details']}>
          {row.name}
        </Link>
        {row.isPushing && (
          <Tag color="red" style={{ marginLeft: 8 }}>
            {t['statsAudience.channels.pushing']}
          </Tag>
        )}
      </>
    ),
  },
  { title: t['statsAudience.channels.pv'], dataIndex: 'pv', key: 'pv', width: 100, align: 'right' },
  { title: t['statsAudience.channels.uv'], dataIndex: 'uv', key: 'uv', width: 100, align: 'right' },
  {
    title: t['statsAudience.channels.liveTime'],
    key: 'liveTime',
    width: 140,
    align: 'right',
    render: (_, row) => formatDuration(row.liveTime),
  },
  {
    title: t['statsAudience.channels.peakOnline'],
    key: 'peak',
    width: 120,
    align: 'right',
    render: (_, row) => (
      <>
        {row.peakOnline}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {t['statsAudience.channels.peakVirtual'](row.peakVirtual)}
        </Typography.Text>
      </>
    ),
  },
  {
    title: t['statsAudience.channels.comments'],
    key: 'comments',
    width: 120,
    align: 'right',
    render: (_, row) => (
      <>
        {row.comments}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {t['statsAudience.channels.robotComments'](row.robotComments)}
        </Typography.Text>
      </>
    ),
  },
  {
    title: t['statsAudience.channels.income'],
    key: 'income',
    width: 120,
    align: 'right',
    render: (_, row) => fenToYuan(row.income),
  },
];

/**
 * 数据总览: the agent's activities with their figures (seed 001 §7 GET /activity/stats; "Channel stats ask for
 * liveTime"), a sub-account's own only, 15 a page as the activity list; each name opens its statistics.
 */
export function ChannelStatsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<BarChartOutlined />} onClick={() => setOpen(true)} data-testid="channel-stats-open">
        {t['statsAudience.channels.open']}
      </Button>
      <Drawer
        title={t['statsAudience.channels.title']}
        open={open}
        onClose={() => setOpen(false)}
        size={1040}
        destroyOnHidden
      >
        {open && <ChannelStatsTable />}
      </Drawer>
    </>
  );
}

function ChannelStatsTable() {
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const channels = useQuery(channelStatsQuery({ page, pageSize: ACTIVITY_PAGE_SIZE, name: name || undefined }));
  return (
    <>
      <Input.Search
        allowClear
        placeholder={t['statsAudience.channels.search']}
        style={{ maxWidth: 320, marginBottom: 16 }}
        onSearch={(value) => {
          setName(value.trim());
          setPage(1);
        }}
      />
      <Table<ChannelStats>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={channels.data?.items}
        loading={channels.isFetching}
        data-testid="channel-stats-table"
        pagination={{
          current: page,
          pageSize: ACTIVITY_PAGE_SIZE,
          total: channels.data?.pager.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (total) => t['statsAudience.channels.total'](total),
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={channels.isError ? t['statsAudience.loadFailed'] : t['statsAudience.channels.empty']}
            />
          ),
        }}
      />
    </>
  );
}
