import { useQuery } from '@tanstack/react-query';
import { ORDER_PAGE_SIZE, type RedPackTransaction } from '@yanbo/contracts';
import { Card, Col, Row, Statistic, Table, type TableProps, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { financeViewTexts as t } from '../../../locales/zh-CN/finance-views';
import { redPackSummaryQuery, redPackTransactionsQuery } from '../api/views';
import { yuan } from '../finance-views-rules';

/** 红包账户 (seed 001 §3 agent finance centre): its figures and its entries (hb-transaction and -list). */
export function RedPackPanel({ agentId }: { agentId: number }) {
  const [page, setPage] = useState(1);
  const summary = useQuery(redPackSummaryQuery(agentId));
  const list = useQuery(redPackTransactionsQuery(agentId, page));
  const figures: [string, number | undefined][] = [
    [t['financeViews.redPack.recharged'], summary.data?.recharged],
    [t['financeViews.redPack.sent'], summary.data?.sent],
    [t['financeViews.redPack.grabbed'], summary.data?.grabbed],
    [t['financeViews.redPack.held'], summary.data?.held],
    [t['financeViews.redPack.refunded'], summary.data?.refunded],
  ];
  const columns: TableProps<RedPackTransaction>['columns'] = [
    {
      title: t['financeViews.column.time'],
      key: 'time',
      width: 170,
      render: (_, r) => dayjs(r.createdAt).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t['financeViews.column.kind'],
      key: 'kind',
      render: (_, r) => <Tag>{t[`financeViews.redPack.kind.${r.kind}`]}</Tag>,
    },
    { title: t['financeViews.column.activity'], key: 'activity', render: (_, r) => r.activityName ?? '—' },
    {
      title: t['financeViews.column.change'],
      key: 'amount',
      align: 'right',
      render: (_, r) => (
        <Typography.Text type={r.amount >= 0 ? 'success' : 'warning'}>{yuan(r.amount, true)}</Typography.Text>
      ),
    },
    { title: t['financeViews.column.balance'], key: 'balance', align: 'right', render: (_, r) => yuan(r.balance) },
  ];
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={6}>
          <Card size="small">
            <Statistic
              title={t['financeViews.redPack.balance']}
              value={yuan(summary.data?.balance ?? 0)}
              loading={summary.isLoading}
              valueStyle={{ color: '#cf1322' }}
              data-testid="red-pack-balance"
            />
          </Card>
        </Col>
        {figures.map(([title, fen]) => (
          <Col xs={12} md={3} key={title}>
            <Statistic title={title} value={yuan(fen ?? 0)} styles={{ content: { fontSize: 18 } }} />
          </Col>
        ))}
      </Row>
      <Table<RedPackTransaction>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.items}
        loading={list.isFetching}
        locale={{ emptyText: t['financeViews.redPack.empty'] }}
        pagination={{
          current: page,
          pageSize: ORDER_PAGE_SIZE,
          total: list.data?.pager.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
    </>
  );
}
