import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@yanbo/contracts';
import { Alert, App, Button, Card, Empty, Flex, Image, List, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { productTexts as t } from '../../../locales/zh-CN/products';
import { productErrorText, productOptionsQuery, pushQuery, shopQuery, useShopMutations } from '../api/products';
import { PushButton } from './push-button';
import { ShopOrders } from './shop-orders';

/** Moves one item of a list by `by` places (kept inside the list). */
function moved<T>(items: T[], index: number, by: number): T[] {
  const target = index + by;
  if (target < 0 || target >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

/**
 * One activity's shop: its products in order (add, move, remove, save), the product presented to the viewers now
 * (讲解 / 取消讲解), and the viewers' orders.
 */
export function ShopEditor({ activityId, shopId }: { activityId: number; shopId: number }) {
  const { message } = App.useApp();
  const shop = useQuery(shopQuery(activityId, shopId));
  const push = useQuery(pushQuery(activityId));
  const [search, setSearch] = useState('');
  const options = useQuery(productOptionsQuery(search));
  const [products, setProducts] = useState<Product[]>([]);
  const mutations = useShopMutations();

  useEffect(() => {
    if (shop.data) setProducts(shop.data.products);
  }, [shop.data]);

  const fail = async (error: unknown) => {
    message.error(await productErrorText(error));
  };
  const save = () =>
    mutations.update
      .mutateAsync({ activityId, shopId, body: { productIds: products.map((product) => product.id) } })
      .then(() => message.success(t['products.toast.saved']), fail);
  const pushed = push.data?.product?.id ?? null;

  if (shop.isError) return <Alert type="warning" showIcon message={t['shops.notFound']} />;
  if (!shop.data) return <Skeleton active />;
  return (
    <Flex vertical gap={16}>
      <Card
        title={shop.data.activityName}
        extra={<Typography.Text type="secondary">{t['shops.shopId'](shop.data.activityShopId)}</Typography.Text>}
      >
        <Flex vertical gap={12}>
          <Alert type="info" showIcon message={t['shops.pushHint']} />
          <Flex gap={8}>
            <Select<number>
              showSearch
              filterOption={false}
              onSearch={setSearch}
              value={null as unknown as number}
              placeholder={t['shops.add']}
              style={{ width: 320 }}
              loading={options.isFetching}
              options={(options.data?.items ?? [])
                .filter((option) => !products.some((product) => product.id === option.id))
                .map((option) => ({ value: option.id, label: option.name }))}
              onSelect={(id) => {
                const product = options.data?.items.find((option) => option.id === id);
                if (product) setProducts((list) => [...list, product]);
              }}
              data-testid="shop-add-product"
            />
            <Button type="primary" onClick={save} loading={mutations.update.isPending} data-testid="shop-save">
              {t['shops.save']}
            </Button>
          </Flex>
          <List
            bordered
            dataSource={products}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['shops.noProducts']} /> }}
            renderItem={(product, index) => (
              <List.Item
                data-testid="shop-product"
                actions={[
                  <PushButton key="push" activityId={activityId} product={product} pushed={pushed === product.id} />,
                  <Button
                    key="up"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={t['shops.up']}
                    disabled={index === 0}
                    onClick={() => setProducts((list) => moved(list, index, -1))}
                  />,
                  <Button
                    key="down"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={t['shops.down']}
                    disabled={index === products.length - 1}
                    onClick={() => setProducts((list) => moved(list, index, 1))}
                  />,
                  <Button
                    key="remove"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t['shops.remove']}
                    onClick={() => setProducts((list) => list.filter((other) => other.id !== product.id))}
                  />,
                ]}
              >
                <List.Item.Meta
                  avatar={
                    <Image
                      src={product.cover}
                      width={48}
                      height={48}
                      preview={false}
                      style={{ objectFit: 'cover', borderRadius: 6 }}
                    />
                  }
                  title={
                    <Space>
                      <span>{product.name}</span>
                      {pushed === product.id && <Tag color="red">{t['shops.pushing']}</Tag>}
                      {product.status === 'off' && <Tag>{t['products.status.off']}</Tag>}
                    </Space>
                  }
                  description={`${t['products.yuan'](product.price)} · ${t[`products.buyMode.${product.buyMode}`]} · ${t['products.column.stock']} ${product.stock ?? t['products.stock.unlimited']}`}
                />
              </List.Item>
            )}
          />
        </Flex>
      </Card>
      <Card title={t['shops.ordersTitle']}>
        <ShopOrders activityId={activityId} />
      </Card>
    </Flex>
  );
}
