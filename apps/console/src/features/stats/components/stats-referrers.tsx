import { useQuery } from '@tanstack/react-query';
import type { StatsRange } from '@yanbo/contracts';
import { Card, Empty, Table, type TableColumnsType, Tabs } from 'antd';
import { statsTexts as t } from '../../../locales/zh-CN/stats';
import { statsReferrerQuery } from '../api/stats-queries';
import { ditchLabel, hostLabel, shareOf } from '../stats-rules';

interface Row {
  key: string;
  label: string;
  visits: number;
}

/** Visits by ditch and by referring site, with each one's share. */
export function StatsReferrers({ activityId, range }: { activityId: number; range: StatsRange }) {
  const referrer = useQuery(statsReferrerQuery(activityId, range));
  const data = referrer.data;
  const total = data?.total ?? 0;
  const columns: TableColumnsType<Row> = [
    { title: t['stats.referrer.channel'], dataIndex: 'label', key: 'label', ellipsis: true },
    { title: t['stats.referrer.visits'], dataIndex: 'visits', key: 'visits', width: 100, align: 'right' },
    {
      title: t['stats.referrer.share'],
      key: 'share',
      width: 90,
      align: 'right',
      render: (_, row) => shareOf(row.visits, total),
    },
  ];
  const table = (rows: Row[], testId: string) => (
    <Table<Row>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      loading={referrer.isFetching}
      pagination={rows.length > 6 ? { pageSize: 6, size: 'small' } : false}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={referrer.isError ? t['stats.loadFailed'] : t['stats.referrer.empty']}
          />
        ),
      }}
      data-testid={testId}
    />
  );
  const ditchRows = (data?.ditches ?? []).map((row) => ({
    key: row.sign ?? '',
    label: ditchLabel(row),
    visits: row.visits,
  }));
  const hostRows = (data?.referrers ?? []).map((row) => ({
    key: row.host,
    label: hostLabel(row.host),
    visits: row.visits,
  }));
  return (
    <Card size="small" title={t['stats.referrer.title']} style={{ height: '100%' }}>
      <Tabs
        size="small"
        items={[
          { key: 'ditches', label: t['stats.referrer.ditches'], children: table(ditchRows, 'stats-referrer-ditches') },
          { key: 'hosts', label: t['stats.referrer.hosts'], children: table(hostRows, 'stats-referrer-hosts') },
        ]}
      />
    </Card>
  );
}
