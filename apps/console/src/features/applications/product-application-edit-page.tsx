import { Alert } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { productTexts as t } from '../../locales/zh-CN/products';
import { ShopEditor } from '../products';

/** /application/product/edit?activityId=&shopId=: one activity's shop, its presented product and its orders. */
export function ProductApplicationEditPage() {
  const [search] = useSearchParams();
  const activityId = Number(search.get('activityId'));
  const shopId = Number(search.get('shopId'));
  const valid = Number.isInteger(activityId) && activityId > 0 && Number.isInteger(shopId) && shopId > 0;
  return (
    <>
      <PageHeader name="applications.product.edit" />
      {valid ? (
        <ShopEditor activityId={activityId} shopId={shopId} />
      ) : (
        <Alert type="warning" showIcon message={t['shops.notFound']} />
      )}
    </>
  );
}
