import { useQuery } from '@tanstack/react-query';
import { type ActivityPayment, fenToYuan, ORDER_PAGE_SIZE } from '@yanbo/contracts';
import { Empty, Flex, Select, Statistic, Table, type TableProps, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { orderTexts as t } from '../../../locales/zh-CN/orders';
import { activityPayQuery, useActivityOptions } from '../api/orders';

/** GET /activity/{id}/pay: what was paid for one activity (packages bought for it, audience payments). */
export function ActivityPayHistory() {
  const [search, setSearch] = useState('');
  const [activityId, setActivityId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const options = useActivityOptions(search);
  const history = useQuery({ ...activityPayQuery(activityId ?? 0, page), enabled: activityId !== null });

  const columns: TableProps<ActivityPayment>['columns'] = [
    {
      title: t['orders.pay.column.time'],
      key: 'time',
      width: 170,
      render: (_, p) => dayjs(p.createdAt).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t['orders.pay.column.kind'],
      key: 'kind',
      width: 110,
      render: (_, p) => (
        <Tag color={p.kind === 'package' ? 'blue' : 'green'}>
          {p.kind === 'package' ? t['orders.pay.kind.package'] : t['orders.pay.kind.audience']}
        </Tag>
      ),
    },
    { title: t['orders.pay.column.payer'], dataIndex: 'payer', key: 'payer' },
    { title: t['orders.pay.column.description'], dataIndex: 'description', key: 'description' },
    { title: t['orders.pay.column.orderId'], key: 'orderId', width: 110, render: (_, p) => p.orderId ?? '—' },
    {
      title: t['orders.pay.column.amount'],
      key: 'amount',
      align: 'right',
      width: 120,
      render: (_, p) => `¥${fenToYuan(p.amount)}`,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex align="center" justify="space-between" gap={16} wrap>
        <Select
          style={{ width: 360 }}
          showSearch={{ filterOption: false, onSearch: setSearch }}
          placeholder={t['orders.pay.activityPlaceholder']}
          options={options.data}
          loading={options.isFetching}
          value={activityId ?? undefined}
          onChange={(value: number) => {
            setActivityId(value);
            setPage(1);
          }}
          data-testid="pay-activity-select"
        />
        {history.data && (
          <Statistic
            title={t['orders.pay.total']}
            value={fenToYuan(history.data.totalAmount)}
            prefix="¥"
            styles={{ content: { fontSize: 20 } }}
          />
        )}
      </Flex>
      {activityId === null ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['orders.pay.pick']} />
      ) : (
        <Table<ActivityPayment>
          rowKey="id"
          columns={columns}
          dataSource={history.data?.items}
          loading={history.isFetching}
          pagination={{
            current: page,
            pageSize: ORDER_PAGE_SIZE,
            total: history.data?.pager.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['orders.pay.empty']} /> }}
        />
      )}
    </Flex>
  );
}
