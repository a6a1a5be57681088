import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Select } from 'antd';
import { useState } from 'react';
import { productTexts as t } from '../../../locales/zh-CN/products';
import { activityOptionsQuery, productErrorText, productOptionsQuery, useShopMutations } from '../api/products';

/** Opens an activity's shop: the activity, and its first products in the order picked. */
export function ShopCreateForm({ onCreated }: { onCreated: (activityId: number, shopId: number) => void }) {
  const { message } = App.useApp();
  const [activityName, setActivityName] = useState('');
  const [productName, setProductName] = useState('');
  const activities = useQuery(activityOptionsQuery(activityName));
  const products = useQuery(productOptionsQuery(productName));
  const { create } = useShopMutations();
  return (
    <Form<{ activityId: number; productIds: number[] }>
      layout="vertical"
      style={{ maxWidth: 640 }}
      initialValues={{ productIds: [] }}
      onFinish={(values) =>
        create.mutateAsync({ activityId: values.activityId, body: { productIds: values.productIds ?? [] } }).then(
          (shop) => {
            message.success(t['products.toast.created']);
            onCreated(shop.activityId, shop.activityShopId);
          },
          async (error) => message.error(await productErrorText(error)),
        )
      }
    >
      <Form.Item
        name="activityId"
        label={t['shops.pickActivity']}
        rules={[{ required: true, message: t['shops.pickActivityRequired'] }]}
      >
        <Select
          showSearch
          filterOption={false}
          onSearch={setActivityName}
          loading={activities.isFetching}
          placeholder={t['shops.pickActivityPlaceholder']}
          options={(activities.data?.items ?? []).map((activity) => ({ value: activity.id, label: activity.name }))}
          data-testid="shop-activity"
        />
      </Form.Item>
      <Form.Item name="productIds" label={t['shops.pickProducts']}>
        <Select
          mode="multiple"
          showSearch
          filterOption={false}
          onSearch={setProductName}
          loading={products.isFetching}
          placeholder={t['shops.pickProductsPlaceholder']}
          options={(products.data?.items ?? []).map((product) => ({ value: product.id, label: product.name }))}
          data-testid="shop-products"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="shop-create">
        {t['shops.submitCreate']}
      </Button>
    </Form>
  );
}
