import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { productTexts as t } from '../../locales/zh-CN/products';
import { ShopList } from '../products';

/** /application/product: the activities' shops (seed 000 §2), each with its products, presented product and orders. */
export function ProductApplicationPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        name="applications.product"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/application/product/create')}>
            {t['shops.create']}
          </Button>
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={t['shops.hint']} />
          <ShopList />
        </Flex>
      </Card>
    </>
  );
}
