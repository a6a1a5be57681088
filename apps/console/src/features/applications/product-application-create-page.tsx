import { Card } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { ShopCreateForm, shopEditPath } from '../products';

/** /application/product/create: pick an activity and its products; then on to the shop's screen. */
export function ProductApplicationCreatePage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader name="applications.product.create" />
      <Card>
        <ShopCreateForm onCreated={(activityId, shopId) => navigate(shopEditPath(activityId, shopId))} />
      </Card>
    </>
  );
}
