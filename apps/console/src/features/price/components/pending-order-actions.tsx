import { isQrPayUrl } from '@yanbo/contracts';
import { Button, Popconfirm, Space } from 'antd';
import { priceTexts as t } from '../../../locales/zh-CN/price';
import { useCancelOrder, useOrderCheckout } from '../api/pending-orders';

/**
 * 继续支付 and 取消订单 for an unpaid order, on /price and /order (issue 8). Paying again opens the order's pay page,
 * or for a WeChat Pay QR code hands the url to onQr; both buttons stay disabled while either call is on its way.
 */
export function PendingOrderActions({
  orderId,
  size,
  onQr,
}: {
  orderId: number;
  size?: 'small' | 'middle';
  onQr?: (url: string) => void;
}) {
  const checkout = useOrderCheckout();
  const cancel = useCancelOrder();
  const busy = checkout.isPending || cancel.isPending;
  const resume = () =>
    checkout.mutate(orderId, {
      onSuccess: ({ url }) => {
        if (isQrPayUrl(url)) onQr?.(url);
        else window.location.assign(url);
      },
    });
  return (
    <Space size={8} data-testid={`pending-order-${orderId}`}>
      <Button
        type="primary"
        size={size}
        onClick={resume}
        loading={checkout.isPending}
        disabled={busy && !checkout.isPending}
      >
        {t['price.pending.resume']}
      </Button>
      <Popconfirm
        title={t['price.pending.cancelConfirm'](orderId)}
        okText={t['price.pending.cancelOk']}
        cancelText={t['price.pending.keep']}
        onConfirm={() => cancel.mutateAsync(orderId).catch(() => undefined)}
      >
        <Button danger size={size} loading={cancel.isPending} disabled={busy && !cancel.isPending}>
          {t['price.pending.cancel']}
        </Button>
      </Popconfirm>
    </Space>
  );
}
