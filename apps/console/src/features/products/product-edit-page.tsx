import { useQuery } from '@tanstack/react-query';
import { App, Card, Result, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { productTexts as t } from '../../locales/zh-CN/products';
import { productErrorText, productQuery, useProductMutations } from './api/products';
import { ProductForm } from './components/product-form';

/** /product/:id/edit: change a product; 保存成功 and back to the list. */
export function ProductEditPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const product = useQuery({ ...productQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const { update } = useProductMutations();
  return (
    <>
      <PageHeader name="products.edit" />
      <Card>
        {product.isError ? (
          <Result status="404" subTitle={t['products.emptyFiltered']} />
        ) : !product.data ? (
          <Skeleton active />
        ) : (
          <ProductForm
            key={product.data.id}
            product={product.data}
            saving={update.isPending}
            onBack={() => navigate('/product/list')}
            onSubmit={(input) =>
              update.mutateAsync({ id, body: input }).then(
                () => {
                  message.success(t['products.toast.saved']);
                  navigate('/product/list');
                },
                async (error) => message.error(await productErrorText(error)),
              )
            }
          />
        )}
      </Card>
    </>
  );
}
