import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { WatchCode } from '@yanbo/contracts';
import { App, Button, Flex, Form, Input, Space, Switch, Tag, Typography } from 'antd';
import { activitySettingsTexts as t } from '../../../locales/zh-CN/activity-settings';
import { useWatchCodeMutations, watchCodeQuery } from '../api/settings-queries';
import { CopyButton, SettingsSection } from './settings-section';

interface WatchCodeForm {
  enabled: boolean;
  code: string;
}

function WatchCodeEditor({ activityId, current }: { activityId: number; current: WatchCode }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<WatchCodeForm>();
  const { update, refresh } = useWatchCodeMutations(activityId);
  return (
    <Flex vertical gap={24}>
      <Flex align="center" gap={16} wrap>
        <Typography.Text type="secondary">{t['watchCode.current']}</Typography.Text>
        <Typography.Text strong style={{ fontSize: 28, letterSpacing: 4 }} data-testid="watch-code-current">
          {current.code || t['watchCode.none']}
        </Typography.Text>
        <Tag color={current.enabled ? 'success' : 'default'}>
          {current.enabled ? t['watchCode.enabledTag'] : t['watchCode.disabledTag']}
        </Tag>
        <Space>
          {current.code && <CopyButton text={current.code} />}
          <Button
            icon={<ReloadOutlined />}
            loading={refresh.isPending}
            onClick={() =>
              modal.confirm({
                title: t['watchCode.refresh'],
                content: t['watchCode.refreshConfirm'],
                onOk: () => refresh.mutateAsync().catch(() => undefined),
              })
            }
          >
            {t['watchCode.refresh']}
          </Button>
        </Space>
      </Flex>
      <Form<WatchCodeForm>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        style={{ maxWidth: 560 }}
        initialValues={{ enabled: current.enabled, code: '' }}
        onFinish={(values) =>
          update.mutate(
            { enabled: values.enabled, ...(values.code ? { code: values.code } : {}) },
            { onSuccess: () => form.setFieldValue('code', '') },
          )
        }
      >
        <Form.Item name="enabled" label={t['watchCode.enabled']} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="code"
          label={t['watchCode.code']}
          rules={[{ pattern: /^[A-Za-z0-9]{4,16}$/, message: t['watchCode.codeInvalid'] }]}
        >
          <Input placeholder={t['watchCode.codePlaceholder']} maxLength={16} allowClear />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t['watchCode.update']}
          </Button>
        </Form.Item>
      </Form>
    </Flex>
  );
}

export function WatchCodeTab({ activityId }: { activityId: number }) {
  const query = useQuery(watchCodeQuery(activityId));
  return (
    <SettingsSection title={t['watchCode.title']} hint={t['watchCode.hint']} query={query}>
      {(current) => <WatchCodeEditor activityId={activityId} current={current} />}
    </SettingsSection>
  );
}
