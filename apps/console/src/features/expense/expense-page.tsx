import { useQuery } from '@tanstack/react-query';
import { type ChargeRecord, EXPENSE_PAGE_SIZE, fenToYuan } from '@yanbo/contracts';
import { Alert, Button, Card, DatePicker, Empty, Flex, Statistic, Table, type TableProps, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { useMe } from '../../app/session';
import { expenseTexts as t } from '../../locales/zh-CN/expense';
import { type ChargeFilters, chargeHistoryQuery } from './api/charge-history';
import { rangeToTimes } from './expense-rules';

/** /expense: what the agent was charged, 10 a page, within a time range (seed 000 §2, seed 001 §3 Finance). */
export function ExpensePage() {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<ChargeFilters>({ page: 1 });
  const me = useMe();
  // Charges belong to the main account.
  const isSubAgent = me.data?.isSubAgent === true;
  const history = useQuery({ ...chargeHistoryQuery(filters), enabled: me.data?.isSubAgent === false });
  const filtered = Boolean(filters.startTime || filters.endTime);

  const columns: TableProps<ChargeRecord>['columns'] = [
    {
      title: t['expense.column.time'],
      key: 'time',
      width: 180,
      render: (_, c) => dayjs(c.createdAt).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t['expense.column.kind'],
      key: 'kind',
      width: 110,
      render: () => <Tag color="blue">{t['expense.kind.package']}</Tag>,
    },
    {
      title: t['expense.column.item'],
      key: 'item',
      render: (_, c) => (
        <>
          <Typography.Text>{c.packageName}</Typography.Text>
          {c.activityId !== null && (
            <div>
              <Typography.Text type="secondary">
                {t['expense.forActivity'](c.activityName ?? '', c.activityId)}
              </Typography.Text>
            </div>
          )}
        </>
      ),
    },
    { title: t['expense.column.orderId'], key: 'orderId', width: 120, render: (_, c) => c.orderId ?? '—' },
    {
      title: t['expense.column.amount'],
      key: 'amount',
      width: 140,
      align: 'right',
      render: (_, c) => <Typography.Text strong>¥{fenToYuan(c.amount)}</Typography.Text>,
    },
  ];

  return (
    <>
      <PageHeader name="expense" />
      {isSubAgent && <Alert type="info" showIcon title={t['expense.subagent']} style={{ marginBottom: 16 }} />}
      <Card>
        <Flex justify="space-between" align="center" gap={16} wrap style={{ marginBottom: 16 }}>
          <Flex align="center" gap={8}>
            <Typography.Text>{t['expense.range']}</Typography.Text>
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              onChange={(range) => setFilters({ page: 1, ...rangeToTimes(range) })}
              data-testid="expense-range"
            />
          </Flex>
          <Flex gap={32}>
            <Statistic
              title={t['expense.count']}
              value={history.data?.pager.total ?? 0}
              loading={history.isLoading}
              styles={{ content: { fontSize: 20 } }}
            />
            <Statistic
              title={t['expense.total']}
              value={fenToYuan(history.data?.totalAmount ?? 0)}
              prefix="¥"
              loading={history.isLoading}
              styles={{ content: { fontSize: 20 } }}
              data-testid="expense-total"
            />
          </Flex>
        </Flex>
        <Table<ChargeRecord>
          rowKey="id"
          columns={columns}
          dataSource={history.data?.items}
          loading={history.isFetching}
          pagination={{
            current: filters.page,
            pageSize: EXPENSE_PAGE_SIZE,
            total: history.data?.pager.total ?? 0,
            showSizeChanger: false,
            onChange: (page) => setFilters((current) => ({ ...current, page })),
          }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? t['expense.emptyFiltered'] : t['expense.empty']}
              >
                {!filtered && (
                  <Button type="primary" onClick={() => navigate('/price')}>
                    {t['expense.toPrice']}
                  </Button>
                )}
              </Empty>
            ),
          }}
        />
      </Card>
    </>
  );
}
