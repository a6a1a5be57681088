import { App, Card } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { productTexts as t } from '../../locales/zh-CN/products';
import { productErrorText, useProductMutations } from './api/products';
import { ProductForm } from './components/product-form';

/** /product/create: a new product of the library; 创建成功 and back to the list. */
export function ProductCreatePage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { create } = useProductMutations();
  return (
    <>
      <PageHeader name="products.create" />
      <Card>
        <ProductForm
          saving={create.isPending}
          onBack={() => navigate('/product/list')}
          onSubmit={(input) =>
            create.mutateAsync(input).then(
              () => {
                message.success(t['products.toast.created']);
                navigate('/product/list');
              },
              async (error) => message.error(await productErrorText(error)),
            )
          }
        />
      </Card>
    </>
  );
}
