import { fenToYuan, type OrderCreated } from '@yanbo/contracts';
import { Flex, Modal, QRCode, Typography } from 'antd';
import { priceTexts as t } from '../../../locales/zh-CN/price';

/**
 * WeChat Pay Native: the order's code_url as a QR code the payer scans with WeChat. The page behind it polls the
 * order's status, so the dialog closes itself once the order is paid or failed.
 */
export function PayQrModal({ order, open, onClose }: { order: OrderCreated; open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title={t['price.pay.qrTitle']} footer={null} onCancel={onClose} width={360} centered>
      <Flex vertical align="center" gap={12} style={{ paddingTop: 8 }}>
        <QRCode value={order.url} size={220} data-testid="pay-qr" />
        <Typography.Text strong>{t['price.pay.qrHint'](fenToYuan(order.amount))}</Typography.Text>
        <Typography.Text type="secondary">{t['price.result.waitingHint'](order.orderId)}</Typography.Text>
      </Flex>
    </Modal>
  );
}
