import { DeleteOutlined, SettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type ActivityShopSummary, SHOP_PAGE_SIZE } from '@yanbo/contracts';
import { App, Button, Empty, Popconfirm, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { productTexts as t } from '../../../locales/zh-CN/products';
import { productErrorText, shopListQuery, useShopMutations } from '../api/products';

/** Where an activity's shop is managed (/application/product/edit). */
export const shopEditPath = (activityId: number, shopId: number) =>
  `/application/product/edit?activityId=${activityId}&shopId=${shopId}`;

/** The shops of the caller's activities: the activity, its shop id (the product tab's productListId), counts. */
export function ShopList() {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const shops = useQuery(shopListQuery(page));
  const { remove } = useShopMutations();
  return (
    <Table<ActivityShopSummary>
      rowKey="activityShopId"
      dataSource={shops.data?.items ?? []}
      loading={shops.isFetching}
      scroll={{ x: 800 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['shops.empty']} /> }}
      pagination={{
        current: page,
        pageSize: SHOP_PAGE_SIZE,
        total: shops.data?.pager.total ?? 0,
        showSizeChanger: false,
        showTotal: (total) => t['shops.total'](total),
        onChange: setPage,
      }}
      columns={[
        {
          title: t['shops.column.activity'],
          dataIndex: 'activityName',
          render: (name: string, shop) => <Link to={shopEditPath(shop.activityId, shop.activityShopId)}>{name}</Link>,
        },
        { title: t['shops.column.shopId'], dataIndex: 'activityShopId', width: 120 },
        { title: t['shops.column.products'], dataIndex: 'productCount', width: 90 },
        { title: t['shops.column.orders'], dataIndex: 'paidOrderCount', width: 90 },
        {
          title: t['shops.column.updatedAt'],
          dataIndex: 'updatedAt',
          width: 150,
          render: (iso: string) => (
            <span style={{ whiteSpace: 'nowrap' }}>{dayjs(iso).format('YYYY-MM-DD HH:mm')}</span>
          ),
        },
        {
          title: t['shops.column.actions'],
          key: 'actions',
          width: 180,
          render: (_, shop) => (
            <Space size={4}>
              <Link to={shopEditPath(shop.activityId, shop.activityShopId)}>
                <Button size="small" type="primary" ghost icon={<SettingOutlined />}>
                  {t['shops.manage']}
                </Button>
              </Link>
              <Popconfirm
                title={t['shops.deleteConfirm'](shop.activityName)}
                okText={t['products.ok']}
                cancelText={t['products.cancel']}
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove.mutateAsync({ activityId: shop.activityId, shopId: shop.activityShopId }).then(
                    () => message.success(t['products.toast.deleted']),
                    async (error) => message.error(await productErrorText(error)),
                  )
                }
              >
                <Button size="small" danger icon={<DeleteOutlined />}>
                  {t['shops.delete']}
                </Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );
}
