import { useQuery } from '@tanstack/react-query';
import { type IncomeRecord, type IncomeType, ORDER_PAGE_SIZE } from '@yanbo/contracts';
import { Card, Col, Row, Segmented, Statistic, Table, type TableProps, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { financeViewTexts as t } from '../../../locales/zh-CN/finance-views';
import { earningsQuery } from '../api/views';
import { yuan } from '../finance-views-rules';

/** 收入 (seed 001 §7 Earnings, GET /order): what the audience paid, the platform's fee and the earnings, 10 a page. */
export function EarningsPanel() {
  const [page, setPage] = useState(1);
  const [type, setType] = useState<IncomeType | 'all'>('all');
  const earnings = useQuery(earningsQuery(page, type === 'all' ? {} : { type }));
  const data = earnings.data;
  const columns: TableProps<IncomeRecord>['columns'] = [
    {
      title: t['financeViews.column.time'],
      key: 'time',
      width: 170,
      render: (_, r) => dayjs(r.createdAt).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t['financeViews.column.type'],
      key: 'type',
      render: (_, r) => (
        <Tag color={r.type === 'gift-reward' ? 'magenta' : 'blue'}>{t[`financeViews.type.${r.type}`]}</Tag>
      ),
    },
    { title: t['financeViews.column.activity'], key: 'activity', render: (_, r) => r.activityName ?? '—' },
    { title: t['financeViews.column.payer'], dataIndex: 'payer', key: 'payer' },
    { title: t['financeViews.column.item'], dataIndex: 'description', key: 'description' },
    { title: t['financeViews.column.amount'], key: 'amount', align: 'right', render: (_, r) => yuan(r.amount) },
    { title: t['financeViews.column.fee'], key: 'fee', align: 'right', render: (_, r) => yuan(r.fee) },
    { title: t['financeViews.column.earnings'], key: 'earnings', align: 'right', render: (_, r) => yuan(r.earnings) },
  ];
  return (
    <>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title={t['financeViews.totalEarnings']}
              value={yuan(data?.totalEarnings ?? 0)}
              loading={earnings.isLoading}
              valueStyle={{ color: '#1677ff' }}
              data-testid="earnings-total"
            />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t['financeViews.totalAmount']} value={yuan(data?.totalAmount ?? 0)} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t['financeViews.totalFee']} value={yuan(data?.totalFee ?? 0)} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t['financeViews.payments']} value={data?.pager.total ?? 0} />
          </Card>
        </Col>
      </Row>
      <Segmented
        style={{ marginBottom: 12 }}
        value={type}
        onChange={(value) => {
          setType(value as IncomeType | 'all');
          setPage(1);
        }}
        options={[
          { value: 'all', label: t['financeViews.type.all'] },
          { value: 'per-view', label: t['financeViews.type.per-view'] },
          { value: 'gift-reward', label: t['financeViews.type.gift-reward'] },
          { value: 'goods', label: t['financeViews.type.goods'] },
        ]}
      />
      <Table<IncomeRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data?.items}
        loading={earnings.isFetching}
        locale={{ emptyText: t['financeViews.empty.income'] }}
        pagination={{
          current: page,
          pageSize: ORDER_PAGE_SIZE,
          total: data?.pager.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        data-testid="earnings-table"
      />
    </>
  );
}
