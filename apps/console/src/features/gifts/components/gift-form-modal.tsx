import { GIFT_MAX_PRICE, type Gift } from '@yanbo/contracts';
import { Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { giftTexts as t } from '../../../locales/zh-CN/gifts';
import { ImageField } from '../../branding';
import { yuanToFen } from '../gift-rules';

export interface GiftFormValues {
  name: string;
  icon: string;
  price: number;
  sort: number;
  enabled: boolean;
}

interface FormFields {
  name: string;
  icon: string;
  yuan: number;
  sort: number;
  enabled: boolean;
}

interface GiftFormModalProps {
  open: boolean;
  /** The gift being edited; null adds one. */
  gift: Gift | null;
  saving: boolean;
  onSubmit: (values: GiftFormValues) => Promise<unknown>;
  onClose: () => void;
}

export function GiftFormModal({ open, gift, saving, onSubmit, onClose }: GiftFormModalProps) {
  const [form] = Form.useForm<FormFields>();
  useEffect(() => {
    if (open) {
      form.setFieldsValue({
        name: gift?.name ?? '',
        icon: gift?.icon ?? '',
        yuan: (gift?.price ?? 0) / 100,
        sort: gift?.sort ?? 0,
        enabled: gift?.enabled ?? true,
      });
    }
  }, [open, gift, form]);
  return (
    <Modal
      open={open}
      title={gift ? t['gifts.form.editTitle'] : t['gifts.form.createTitle']}
      okText={t['gifts.form.save']}
      cancelText={t['gifts.cancel']}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<FormFields>
        form={form}
        layout="vertical"
        onFinish={(values) =>
          onSubmit({
            name: values.name.trim(),
            icon: values.icon,
            price: yuanToFen(values.yuan ?? 0),
            sort: values.sort ?? 0,
            enabled: values.enabled,
          })
            .then(onClose)
            .catch(() => undefined)
        }
      >
        <Form.Item
          name="name"
          label={t['gifts.form.name']}
          rules={[
            { required: true, whitespace: true, message: t['gifts.form.nameRequired'] },
            { max: 20, message: t['gifts.form.nameTooLong'] },
          ]}
        >
          <Input placeholder={t['gifts.form.namePlaceholder']} maxLength={20} showCount />
        </Form.Item>
        <Form.Item
          name="icon"
          label={t['gifts.form.icon']}
          rules={[{ required: true, message: t['gifts.form.iconRequired'] }]}
        >
          <ImageField testId="gift-icon" />
        </Form.Item>
        <Form.Item
          name="yuan"
          label={t['gifts.form.price']}
          extra={t['gifts.form.priceHelp']}
          rules={[{ required: true, message: t['gifts.form.priceRequired'] }]}
        >
          <InputNumber min={0} max={GIFT_MAX_PRICE / 100} precision={2} step={1} prefix="¥" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="sort" label={t['gifts.form.sort']}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="enabled" label={t['gifts.form.enabled']} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
