import { useQuery } from '@tanstack/react-query';
import { PAID_VIEW_MAX_PRICE, type PayConfig } from '@yanbo/contracts';
import { Button, Card, Form, InputNumber, Switch, Typography } from 'antd';
import { financeTexts as t } from '../../../locales/zh-CN/finance';
import { payConfigQuery, usePayConfigMutation } from '../api/money';

function PaidViewForm({ activityId, current }: { activityId: number; current: PayConfig }) {
  const [form] = Form.useForm<{ enabled: boolean; priceYuan: number | null }>();
  const save = usePayConfigMutation(activityId);
  return (
    <Form
      form={form}
      labelCol={{ flex: '140px' }}
      style={{ maxWidth: 520 }}
      initialValues={{ enabled: current.enabled, priceYuan: current.price > 0 ? current.price / 100 : null }}
      onFinish={(values) =>
        save.mutate({
          enabled: values.enabled,
          ...(values.priceYuan ? { price: Math.round(values.priceYuan * 100) } : {}),
        })
      }
      data-testid="paid-view-form"
    >
      <Form.Item name="enabled" label={t['finance.payConfig.enabled']} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="priceYuan"
        label={t['finance.payConfig.price']}
        dependencies={['enabled']}
        rules={[({ getFieldValue }) => ({ required: getFieldValue('enabled') === true })]}
      >
        <InputNumber min={0.01} max={PAID_VIEW_MAX_PRICE / 100} precision={2} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 0 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t['finance.payConfig.save']}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** 付费观看 (issue 13): the activity's per-view price, which the watch page asks before it plays. */
export function PaidViewPanel({ activityId }: { activityId: number }) {
  const config = useQuery(payConfigQuery(activityId));
  return (
    <Card title={t['finance.payConfig.title']}>
      <Typography.Paragraph type="secondary">{t['finance.payConfig.hint']}</Typography.Paragraph>
      {config.data && <PaidViewForm activityId={activityId} current={config.data} />}
    </Card>
  );
}
