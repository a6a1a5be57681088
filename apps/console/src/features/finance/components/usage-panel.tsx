import { useQuery } from '@tanstack/react-query';
import { type FluxTransaction, ORDER_PAGE_SIZE } from '@yanbo/contracts';
import { Card, Col, DatePicker, Flex, Row, Statistic, Table, type TableProps, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { financeViewTexts as t } from '../../../locales/zh-CN/finance-views';
import {
  type DayRange,
  fluxResourceQuery,
  fluxTransactionsQuery,
  storageUsageQuery,
  streamUsageQuery,
  streamUsageSummaryQuery,
} from '../api/views';
import { bytesText, secondsText } from '../finance-views-rules';

interface DayRow {
  date: string;
  duration: number;
  flux: number;
  viewers: number;
}

/** 流量与用量: the remaining flux, storage, stream usage by day (seed 001 §2) and the flux movements. */
export function UsagePanel({ agentId }: { agentId: number }) {
  const [range, setRange] = useState<DayRange>({});
  const [page, setPage] = useState(1);
  const flux = useQuery(fluxResourceQuery(agentId));
  const storage = useQuery(storageUsageQuery());
  const summary = useQuery(streamUsageSummaryQuery(range));
  const duration = useQuery(streamUsageQuery('duration', range));
  const served = useQuery(streamUsageQuery('flux', range));
  const viewers = useQuery(streamUsageQuery('viewers', range));
  const moves = useQuery(fluxTransactionsQuery(agentId, page));

  // Newest day first, only days that had a push.
  const days: DayRow[] = (duration.data?.days ?? [])
    .map((day, index) => ({
      date: day.date,
      duration: day.value,
      flux: served.data?.days[index]?.value ?? 0,
      viewers: viewers.data?.days[index]?.value ?? 0,
    }))
    .filter((day) => day.duration > 0 || day.flux > 0)
    .reverse();
  const dayColumns: TableProps<DayRow>['columns'] = [
    { title: t['financeViews.usage.date'], dataIndex: 'date', key: 'date' },
    { title: t['financeViews.usage.duration'], key: 'duration', render: (_, r) => secondsText(r.duration) },
    { title: t['financeViews.usage.flux'], key: 'flux', render: (_, r) => bytesText(r.flux) },
    { title: t['financeViews.usage.viewers'], dataIndex: 'viewers', key: 'viewers' },
  ];
  const moveColumns: TableProps<FluxTransaction>['columns'] = [
    {
      title: t['financeViews.column.time'],
      key: 'time',
      width: 170,
      render: (_, r) => dayjs(r.createdAt).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t['financeViews.column.kind'],
      key: 'kind',
      render: (_, r) => (
        <Tag color={r.kind === 'package' ? 'green' : 'blue'}>{t[`financeViews.flux.kind.${r.kind}`]}</Tag>
      ),
    },
    { title: t['financeViews.column.memo'], dataIndex: 'description', key: 'description' },
    { title: t['financeViews.column.change'], key: 'bytes', align: 'right', render: (_, r) => bytesText(r.bytes) },
  ];
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic
              title={t['financeViews.flux.remaining']}
              value={flux.data?.remainingGb ?? 0}
              precision={2}
              loading={flux.isLoading}
              valueStyle={{ color: '#1677ff' }}
              data-testid="flux-remaining"
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {`${t['financeViews.flux.total']} ${flux.data?.totalGb ?? 0} · ${t['financeViews.flux.used']} ${flux.data?.usedGb ?? 0}`}
              {flux.data?.since
                ? ` · ${t['financeViews.flux.since'](dayjs(flux.data.since).format('YYYY-MM-DD'))}`
                : ''}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic
              title={t['financeViews.storage.used']}
              value={bytesText(storage.data?.bytes ?? 0)}
              loading={storage.isLoading}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t['financeViews.storage.files'](storage.data?.files ?? 0)}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic
              title={t['financeViews.usage.sessions']}
              value={summary.data?.sessions ?? 0}
              loading={summary.isLoading}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {`${t['financeViews.usage.duration']} ${secondsText(summary.data?.pushSeconds ?? 0)} · ${t['financeViews.usage.flux']} ${bytesText(summary.data?.playbackBytes ?? 0)}`}
            </Typography.Text>
          </Card>
        </Col>
      </Row>
      <Card
        size="small"
        title={t['financeViews.usage.title']}
        style={{ marginBottom: 16 }}
        extra={
          <Flex align="center" gap={8}>
            <Typography.Text type="secondary">
              {summary.data ? `${summary.data.startTime} ~ ${summary.data.endTime}` : ''}
            </Typography.Text>
            <DatePicker.RangePicker
              size="small"
              onChange={(dates) =>
                setRange(
                  dates?.[0] && dates[1]
                    ? { startTime: dates[0].format('YYYY-MM-DD'), endTime: dates[1].format('YYYY-MM-DD') }
                    : {},
                )
              }
            />
          </Flex>
        }
      >
        <Table<DayRow>
          rowKey="date"
          size="small"
          columns={dayColumns}
          dataSource={days}
          loading={duration.isFetching}
          locale={{ emptyText: t['financeViews.usage.empty'] }}
          pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
          data-testid="usage-days"
        />
      </Card>
      <Card size="small" title={t['financeViews.flux.title']}>
        <Table<FluxTransaction>
          rowKey="key"
          size="small"
          columns={moveColumns}
          dataSource={moves.data?.items}
          loading={moves.isFetching}
          pagination={{
            current: page,
            pageSize: ORDER_PAGE_SIZE,
            total: moves.data?.pager.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      </Card>
    </>
  );
}
