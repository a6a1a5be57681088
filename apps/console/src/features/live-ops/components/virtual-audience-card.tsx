import { useQuery } from '@tanstack/react-query';
import {
  ROBOT_COMMENT_INTERVAL_MAX_SECONDS,
  ROBOT_COMMENT_INTERVAL_MIN_SECONDS,
  VIRTUAL_AUDIENCE_MAX,
  VIRTUAL_JITTER_MAX_PERCENT,
  VIRTUAL_RAMP_MAX_MINUTES,
  type VirtualAudience,
} from '@yanbo/contracts';
import { Button, Card, Form, InputNumber, Select, Skeleton, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { liveOpsTexts as t } from '../../../locales/zh-CN/live-ops';
import { libraryOptionsQuery, useSaveVirtualAudience, virtualAudienceQuery } from '../api/live-ops';

/** The activity's virtual audience: the curve robots add to the online count, and their comments from a library. */
export function VirtualAudienceCard({ activityId }: { activityId: number }) {
  const settings = useQuery(virtualAudienceQuery(activityId));
  const libraries = useQuery(libraryOptionsQuery());
  const save = useSaveVirtualAudience(activityId);
  const [form] = Form.useForm<VirtualAudience>();
  const commentsEnabled = Form.useWatch('commentsEnabled', form);

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  return (
    <Card title={t['liveOps.virtual.title']} size="small" data-testid="virtual-audience-card">
      {settings.data ? (
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ span: 10 }}
          wrapperCol={{ span: 14 }}
          initialValues={settings.data}
          onFinish={(values) => save.mutate({ ...settings.data, ...values })}
        >
          <Form.Item name="enabled" label={t['liveOps.virtual.enabled']} valuePropName="checked">
            <Switch data-testid="virtual-enabled" />
          </Form.Item>
          <Form.Item name="target" label={t['liveOps.virtual.target']} rules={[{ required: true }]}>
            <InputNumber min={0} max={VIRTUAL_AUDIENCE_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="rampMinutes"
            label={t['liveOps.virtual.rampMinutes']}
            tooltip={t['liveOps.virtual.rampHelp']}
            rules={[{ required: true }]}
          >
            <InputNumber min={0} max={VIRTUAL_RAMP_MAX_MINUTES} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="jitterPercent" label={t['liveOps.virtual.jitterPercent']} rules={[{ required: true }]}>
            <InputNumber min={0} max={VIRTUAL_JITTER_MAX_PERCENT} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="commentsEnabled" label={t['liveOps.virtual.commentsEnabled']} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="libraryId" label={t['liveOps.virtual.library']}>
            <Select
              disabled={!commentsEnabled}
              loading={libraries.isLoading}
              options={(libraries.data?.items ?? []).map((library) => ({ value: library.id, label: library.name }))}
            />
          </Form.Item>
          <Form.Item name="commentIntervalSeconds" label={t['liveOps.virtual.interval']} rules={[{ required: true }]}>
            <InputNumber
              disabled={!commentsEnabled}
              min={ROBOT_COMMENT_INTERVAL_MIN_SECONDS}
              max={ROBOT_COMMENT_INTERVAL_MAX_SECONDS}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t['liveOps.virtual.note']}
          </Typography.Paragraph>
          <Button type="primary" htmlType="submit" loading={save.isPending} block data-testid="virtual-save">
            {t['liveOps.virtual.save']}
          </Button>
        </Form>
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}
