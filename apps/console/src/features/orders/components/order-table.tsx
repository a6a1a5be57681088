import { fenToYuan, type OrderStatus, type PackageOrder } from '@yanbo/contracts';
import { Empty, Flex, Table, type TableProps, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { orderTexts as t } from '../../../locales/zh-CN/orders';
import { priceTexts } from '../../../locales/zh-CN/price';
import { PendingOrderActions } from '../../price';

const STATUS_COLOR: Record<OrderStatus, string> = { init: 'processing', paid: 'success', failed: 'default' };
const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

export function OrderTable({
  rows,
  loading,
  filtered,
  ownAgentId,
  pager,
}: {
  rows: PackageOrder[];
  loading: boolean;
  filtered: boolean;
  ownAgentId: number | undefined;
  pager: TableProps<PackageOrder>['pagination'];
}) {
  const navigate = useNavigate();
  const columns: TableProps<PackageOrder>['columns'] = [
    { title: t['orders.column.id'], dataIndex: 'id', key: 'id', width: 90 },
    {
      title: t['orders.column.company'],
      key: 'company',
      width: 190,
      render: (_, order) => (
        <>
          <Typography.Text>{order.company || order.contact || order.agentId}</Typography.Text>
          {order.agentId === ownAgentId && (
            <Tag color="blue" style={{ marginInlineStart: 6 }}>
              {t['orders.own']}
            </Tag>
          )}
          {order.company && order.contact && (
            <div>
              <Typography.Text type="secondary">{order.contact}</Typography.Text>
            </div>
          )}
        </>
      ),
    },
    {
      title: t['orders.column.package'],
      key: 'package',
      width: 210,
      render: (_, order) => (
        <>
          <Typography.Text>{order.packageName}</Typography.Text>
          {order.activityId !== null && (
            <div>
              <Typography.Text type="secondary">
                {t['orders.column.activity'](order.activityName ?? '', order.activityId)}
              </Typography.Text>
            </div>
          )}
          {order.promotionCode && (
            <div>
              <Typography.Text type="secondary">{t['orders.promotion'](order.promotionCode)}</Typography.Text>
            </div>
          )}
        </>
      ),
    },
    {
      title: t['orders.column.listPrice'],
      key: 'listPrice',
      align: 'right',
      width: 110,
      render: (_, order) => `¥${fenToYuan(order.listPrice)}`,
    },
    {
      title: t['orders.column.discount'],
      key: 'discount',
      align: 'right',
      width: 100,
      render: (_, order) => (order.discount ? `-¥${fenToYuan(order.discount)}` : '—'),
    },
    {
      title: t['orders.column.amount'],
      key: 'amount',
      align: 'right',
      width: 110,
      render: (_, order) => <Typography.Text strong>¥{fenToYuan(order.amount)}</Typography.Text>,
    },
    {
      title: t['orders.column.status'],
      key: 'status',
      width: 170,
      render: (_, order) => (
        <Flex vertical gap={6} align="start">
          <Tag color={STATUS_COLOR[order.status]}>{priceTexts['price.status'][order.status]}</Tag>
          {/* The agent's own unpaid order can be paid or cancelled here (issue 8); a WeChat Pay QR shows on /price. */}
          {order.status === 'init' && order.agentId === ownAgentId && (
            <PendingOrderActions orderId={order.id} size="small" onQr={() => navigate(`/price?orderId=${order.id}`)} />
          )}
        </Flex>
      ),
    },
    {
      title: t['orders.column.time'],
      key: 'time',
      width: 200,
      render: (_, order) => (
        <>
          <div>{t['orders.time.created'](time(order.createdAt))}</div>
          {order.paidAt && (
            <Typography.Text type="secondary">{t['orders.time.paid'](time(order.paidAt))}</Typography.Text>
          )}
        </>
      ),
    },
  ];
  return (
    <Table<PackageOrder>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={pager}
      scroll={{ x: 1040 }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={filtered ? t['orders.emptyFiltered'] : t['orders.empty']}
          />
        ),
      }}
    />
  );
}
