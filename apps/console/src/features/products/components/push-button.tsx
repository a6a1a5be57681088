import { SoundOutlined } from '@ant-design/icons';
import type { Product } from '@yanbo/contracts';
import { App, Button } from 'antd';
import { productTexts as t } from '../../../locales/zh-CN/products';
import { productErrorText, useShopMutations } from '../api/products';

/** 讲解 (present the product to every viewer) or, for the one presented now, 取消讲解. */
export function PushButton({
  activityId,
  product,
  pushed,
}: {
  activityId: number;
  product: Pick<Product, 'id' | 'status'>;
  pushed: boolean;
}) {
  const { message } = App.useApp();
  const { push, withdraw } = useShopMutations();
  const fail = async (error: unknown) => {
    message.error(await productErrorText(error));
  };
  return pushed ? (
    <Button
      size="small"
      loading={withdraw.isPending}
      onClick={() => withdraw.mutateAsync(activityId).then(() => message.success(t['products.toast.withdrawn']), fail)}
    >
      {t['shops.withdraw']}
    </Button>
  ) : (
    <Button
      size="small"
      type="primary"
      ghost
      icon={<SoundOutlined />}
      disabled={product.status !== 'on'}
      loading={push.isPending}
      onClick={() =>
        push
          .mutateAsync({ activityId, productId: product.id })
          .then(() => message.success(t['products.toast.pushed']), fail)
      }
    >
      {t['shops.push']}
    </Button>
  );
}
