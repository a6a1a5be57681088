import { useQuery } from '@tanstack/react-query';
import { SHOP_ORDER_PAGE_SIZE, type ShopOrder } from '@yanbo/contracts';
import { App, Button, Empty, Flex, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { productTexts as t } from '../../../locales/zh-CN/products';
import { productErrorText, shopOrdersQuery, useShopMutations } from '../api/products';

const STATUS_COLORS: Record<ShopOrder['status'], string> = {
  init: 'default',
  paid: 'blue',
  failed: 'default',
  soldOut: 'orange',
};

/** The viewers' orders of an activity's products: buyer and delivery, product, amount, status, time; mark shipped. */
export function ShopOrders({ activityId }: { activityId: number }) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const orders = useQuery(shopOrdersQuery(activityId, page));
  const { ship } = useShopMutations();
  return (
    <Table<ShopOrder>
      rowKey="id"
      dataSource={orders.data?.items ?? []}
      loading={orders.isFetching}
      scroll={{ x: 900 }}
      data-testid="shop-orders"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['shops.order.empty']} /> }}
      pagination={{
        current: page,
        pageSize: SHOP_ORDER_PAGE_SIZE,
        total: orders.data?.pager.total ?? 0,
        showSizeChanger: false,
        showTotal: (total) => t['shops.order.total'](total),
        onChange: setPage,
      }}
      columns={[
        {
          title: t['shops.order.product'],
          dataIndex: 'productName',
          render: (name: string, order) => (
            <Flex vertical>
              <Typography.Text strong>{name}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t['products.yuan'](order.price)} × {order.count}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          title: t['shops.order.buyer'],
          dataIndex: 'buyerName',
          render: (name: string, order) => (
            <Flex vertical>
              <span>
                {name} {order.buyerMobile}
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {order.buyerAddress}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          title: t['shops.order.amount'],
          dataIndex: 'amount',
          width: 110,
          render: (amount: number) => t['products.yuan'](amount),
        },
        {
          title: t['shops.order.status'],
          dataIndex: 'status',
          width: 130,
          render: (status: ShopOrder['status'], order) =>
            order.shippedAt ? (
              <Tag color="green">{t['shops.order.shipped']}</Tag>
            ) : (
              <Tag color={STATUS_COLORS[status]}>{t[`shops.orderStatus.${status}`]}</Tag>
            ),
        },
        {
          title: t['shops.order.createdAt'],
          dataIndex: 'createdAt',
          width: 150,
          render: (iso: string) => (
            <span style={{ whiteSpace: 'nowrap' }}>{dayjs(iso).format('YYYY-MM-DD HH:mm')}</span>
          ),
        },
        {
          title: t['shops.order.actions'],
          key: 'actions',
          width: 110,
          render: (_, order) =>
            order.status === 'paid' && !order.shippedAt ? (
              <Button
                size="small"
                onClick={() =>
                  ship.mutateAsync({ activityId, orderId: order.id }).then(
                    () => message.success(t['products.toast.shipped']),
                    async (error) => message.error(await productErrorText(error)),
                  )
                }
              >
                {t['shops.order.ship']}
              </Button>
            ) : null,
        },
      ]}
    />
  );
}
