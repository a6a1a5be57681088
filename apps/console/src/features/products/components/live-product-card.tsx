import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Image, List, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { productTexts as t } from '../../../locales/zh-CN/products';
import { pushQuery, shopListQuery, shopQuery } from '../api/products';
import { PushButton } from './push-button';
import { shopEditPath } from './shop-list';

/** The live operations screen's 商品讲解: the activity's shop, each product presented (讲解) with one click. */
export function LiveProductCard({ activityId }: { activityId: number }) {
  const shops = useQuery(shopListQuery(1, activityId));
  const summary = shops.data?.items[0];
  const shop = useQuery({ ...shopQuery(activityId, summary?.activityShopId ?? 0), enabled: !!summary });
  const push = useQuery(pushQuery(activityId));
  const pushed = push.data?.product?.id ?? null;
  return (
    <Card
      size="small"
      title={t['live.title']}
      data-testid="live-product-card"
      extra={summary && <Link to={shopEditPath(activityId, summary.activityShopId)}>{t['shops.manage']}</Link>}
    >
      {!shops.data || (summary && !shop.data) ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : !summary ? (
        <Flex vertical align="center" gap={8}>
          <Typography.Text type="secondary">{t['live.noShop']}</Typography.Text>
          <Link to="/application/product/create">
            <Button size="small" type="primary">
              {t['shops.create']}
            </Button>
          </Link>
        </Flex>
      ) : (
        <List
          size="small"
          dataSource={shop.data?.products ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['shops.noProducts']} /> }}
          style={{ maxHeight: 280, overflowY: 'auto' }}
          renderItem={(product) => (
            <List.Item
              actions={[
                <PushButton key="push" activityId={activityId} product={product} pushed={pushed === product.id} />,
              ]}
            >
              <List.Item.Meta
                avatar={
                  <Image
                    src={product.cover}
                    width={36}
                    height={36}
                    preview={false}
                    style={{ objectFit: 'cover', borderRadius: 4 }}
                  />
                }
                title={
                  <Flex gap={6} align="center">
                    <Typography.Text ellipsis style={{ maxWidth: 160 }}>
                      {product.name}
                    </Typography.Text>
                    {pushed === product.id && <Tag color="red">{t['shops.pushing']}</Tag>}
                  </Flex>
                }
                description={t['products.yuan'](product.price)}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
