import { type CurrentPackage, fenToYuan, type PricePackage } from '@yanbo/contracts';
import { Alert, Button, Descriptions, Flex, Form, Input, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { packageTypeText, priceTexts as t } from '../../../locales/zh-CN/price';
import { useActivityOptions } from '../api/packages';
import { type PurchaseOutcome, purchaseOutcome } from '../buy-rules';

const day = (date: Date) => dayjs(date).format('YYYY-MM-DD');

/** Says before paying whether the package renews the current one, starts afresh, or is for one activity. */
function OutcomeNotice({ outcome }: { outcome: PurchaseOutcome }) {
  if (outcome.kind === 'activity') {
    return <Alert type="info" showIcon title={t['price.confirm.outcome.activity']} data-testid="purchase-outcome" />;
  }
  const title =
    outcome.kind === 'stack'
      ? t['price.confirm.outcome.stack'](
          outcome.previousName ?? '',
          outcome.previousExpiresAt ? day(outcome.previousExpiresAt) : '',
          day(outcome.expiresAt),
        )
      : t['price.confirm.outcome.fresh'](day(outcome.expiresAt));
  const hint =
    outcome.kind === 'stack'
      ? t['price.confirm.outcome.stackHint']
      : outcome.previousName
        ? t['price.confirm.outcome.expiredHint'](outcome.previousName)
        : null;
  return (
    <Alert
      type={outcome.kind === 'stack' ? 'success' : 'info'}
      showIcon
      data-testid="purchase-outcome"
      title={title}
      description={
        <Flex vertical gap={4}>
          {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
          <Typography.Text>
            {t['price.confirm.outcome.after'](
              outcome.activityQuota,
              outcome.subagentQuota,
              outcome.fluxGb,
              outcome.storageGb,
            )}
          </Typography.Text>
        </Flex>
      }
    />
  );
}

export interface ConfirmValues {
  promotionCode?: string;
  activityId?: number | null;
}

/** Step 1: the package, a promotion code, and for package 100005 the activity it is bought for. */
export function ConfirmOrder({
  pkg,
  current,
  submitting,
  onBack,
  onSubmit,
}: {
  pkg: PricePackage;
  current: CurrentPackage | undefined;
  submitting: boolean;
  onBack: () => void;
  onSubmit: (values: ConfirmValues) => void;
}) {
  const [form] = Form.useForm<ConfirmValues>();
  const [search, setSearch] = useState('');
  const activities = useActivityOptions(search, pkg.forActivity);
  const outcome = useMemo(() => purchaseOutcome(current, pkg, new Date()), [current, pkg]);

  return (
    <Flex vertical gap={24} style={{ maxWidth: 640 }}>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'package',
            label: t['price.confirm.package'],
            children:
              pkg.name === packageTypeText(pkg.type)
                ? pkg.name
                : t['price.confirm.packageName'](pkg.name, packageTypeText(pkg.type)),
          },
          {
            key: 'validity',
            label: t['price.confirm.validity'],
            children: t['price.confirm.validityDays'](pkg.validityDays),
          },
          { key: 'price', label: t['price.confirm.price'], children: `¥${fenToYuan(pkg.price)}` },
        ]}
      />
      <OutcomeNotice outcome={outcome} />
      <Form<ConfirmValues> form={form} layout="vertical" onFinish={onSubmit} requiredMark>
        {pkg.forActivity && (
          <Form.Item
            name="activityId"
            label={t['price.confirm.activity']}
            rules={[{ required: true, message: t['price.confirm.activityRequired'] }]}
          >
            <Select
              showSearch={{ filterOption: false, onSearch: setSearch }}
              placeholder={t['price.confirm.activityPlaceholder']}
              options={activities.data}
              loading={activities.isFetching}
              data-testid="activity-select"
            />
          </Form.Item>
        )}
        <Form.Item
          name="promotionCode"
          label={t['price.confirm.promotionCode']}
          rules={[{ pattern: /^[A-Za-z0-9_-]*$/, message: t['price.confirm.promotionCodeFormat'] }, { max: 32 }]}
        >
          <Input placeholder={t['price.confirm.promotionCodePlaceholder']} maxLength={32} allowClear />
        </Form.Item>
        <Flex gap={12}>
          <Button onClick={onBack} disabled={submitting}>
            {t['price.confirm.back']}
          </Button>
          <Button type="primary" htmlType="submit" loading={submitting} disabled={submitting}>
            {t['price.confirm.submit']}
          </Button>
        </Flex>
      </Form>
    </Flex>
  );
}
