import { SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  type Customization,
  type CustomizationSection,
  type CustomizationUpdate,
  customizationSection,
} from '@yanbo/contracts';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Popconfirm,
  Row,
  Skeleton,
  Space,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { customizationSectionTitles, brandingTexts as t } from '../../../locales/zh-CN/branding';
import { customizationQuery, useSaveCustomization, useVerifyHost } from '../api/customization';
import { brandingErrorText, checkPfx, isHostname } from '../branding-rules';

type Slot = { type: 'success' | 'error'; text: string };

/**
 * The customisation config: four sections, each saving alone and reporting into its own message slot, chosen by the
 * save's first field name (seed 001 §5); a failure goes to the slot, never to a toast (seed 001 §8).
 */
export function CustomizationTab({ readonly }: { readonly: boolean }) {
  const config = useQuery(customizationQuery());
  const save = useSaveCustomization();
  const [slots, setSlots] = useState<Partial<Record<CustomizationSection, Slot>>>({});
  const [pending, setPending] = useState<CustomizationSection | null>(null);

  const submit = async (body: CustomizationUpdate, successText = t['branding.custom.saved']) => {
    const section = customizationSection(body) ?? 'host';
    setSlots((current) => ({ ...current, [section]: undefined }));
    setPending(section);
    try {
      await save.mutateAsync(body);
      setSlots((current) => ({ ...current, [section]: { type: 'success', text: successText } }));
      return true;
    } catch (failure) {
      const text = await brandingErrorText(failure);
      setSlots((current) => ({ ...current, [section]: { type: 'error', text } }));
      return false;
    } finally {
      setPending(null);
    }
  };

  if (!config.data) return <Skeleton active />;
  const data = config.data;
  const section = (key: CustomizationSection, hint: string, children: ReactNode) => (
    <Card title={customizationSectionTitles[key]} data-testid={`custom-${key}`} style={{ height: '100%' }}>
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      {children}
      {slots[key]?.text && (
        <Alert
          showIcon
          type={slots[key].type}
          title={slots[key].text}
          style={{ marginTop: 16, maxWidth: 640 }}
          data-testid={`slot-${key}`}
        />
      )}
    </Card>
  );

  return (
    <Flex vertical gap={16}>
      <Flags config={data} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          {section(
            'host',
            t['branding.custom.host.hint'],
            <>
              <HostForm config={data} readonly={readonly} busy={pending === 'host'} onSave={submit} />
              <HostVerification
                config={data}
                readonly={readonly}
                onResult={(slot) => setSlots((current) => ({ ...current, host: slot }))}
              />
            </>,
          )}
        </Col>
        <Col xs={24} xl={12}>
          {section(
            'apiAppId',
            t['branding.custom.apiAppId.hint'],
            <AppForm config={data} readonly={readonly} busy={pending === 'apiAppId'} onSave={submit} />,
          )}
        </Col>
        <Col xs={24} xl={12}>
          {section(
            'payPfx',
            t['branding.custom.payPfx.hint'],
            <PfxForm
              config={data}
              readonly={readonly}
              busy={pending === 'payPfx'}
              onSave={submit}
              onRejected={(text) => setSlots((current) => ({ ...current, payPfx: { type: 'error', text } }))}
            />,
          )}
        </Col>
        <Col xs={24} xl={12}>
          {section(
            'data',
            t['branding.custom.data.hint'],
            <TemplateIdForm config={data} readonly={readonly} busy={pending === 'data'} onSave={submit} />,
          )}
        </Col>
      </Row>
    </Flex>
  );
}

interface SectionProps {
  config: Customization;
  readonly: boolean;
  busy: boolean;
  onSave: (body: CustomizationUpdate, successText?: string) => Promise<boolean>;
}

function Flags({ config }: { config: Customization }) {
  const flag = (on: boolean, testId: string) => (
    <Tag color={on ? 'success' : 'default'} data-testid={testId}>
      {on ? t['branding.custom.flag.on'] : t['branding.custom.flag.off']}
    </Tag>
  );
  return (
    <Card size="small">
      <Descriptions
        column={2}
        items={[
          {
            key: 'login',
            label: t['branding.custom.flag.login'],
            children: flag(config.isWechatLoginCustomized, 'flag-login'),
          },
          {
            key: 'template',
            label: t['branding.custom.flag.template'],
            children: flag(config.isWechatTemplateCustomized, 'flag-template'),
          },
        ]}
      />
    </Card>
  );
}

function SaveButton({ busy }: { busy: boolean }) {
  return (
    <Button type="primary" htmlType="submit" loading={busy}>
      {t['branding.save']}
    </Button>
  );
}

function HostForm({ config, readonly, busy, onSave }: SectionProps) {
  return (
    <Form
      layout="vertical"
      disabled={readonly}
      initialValues={{ host: config.host }}
      onFinish={(values: { host: string }) => onSave({ host: (values.host ?? '').trim() })}
      style={{ maxWidth: 640 }}
    >
      <Form.Item
        name="host"
        label={t['branding.custom.host.label']}
        rules={[
          {
            validator: (_rule, value: string | undefined) =>
              !value?.trim() || isHostname(value)
                ? Promise.resolve()
                : Promise.reject(new Error(t['branding.custom.host.invalid'])),
          },
        ]}
      >
        <Input placeholder={t['branding.custom.host.placeholder']} allowClear />
      </Form.Item>
      {!readonly && <SaveButton busy={busy} />}
    </Form>
  );
}

/**
 * A custom host restyles /login only once its owner has proved control of it (issue 8): the TXT record to add, the
 * state (待验证 / 已验证) and 验证, which has the server look the record up.
 */
function HostVerification({
  config,
  readonly,
  onResult,
}: {
  config: Customization;
  readonly: boolean;
  onResult: (slot: Slot | undefined) => void;
}) {
  const verify = useVerifyHost();
  const record = config.hostVerification;
  if (!config.host || !record) return null;
  const run = async () => {
    onResult(undefined);
    try {
      await verify.mutateAsync();
      onResult({ type: 'success', text: t['branding.custom.host.verifyDone'] });
    } catch (failure) {
      onResult({ type: 'error', text: await brandingErrorText(failure) });
    }
  };
  return (
    <Flex vertical gap={12} style={{ marginTop: 16, maxWidth: 640 }} data-testid="host-verification">
      <Flex gap={8} align="center">
        <Typography.Text>{t['branding.custom.host.state']}</Typography.Text>
        <Tag color={config.hostVerified ? 'success' : 'warning'} data-testid="host-state">
          {config.hostVerified ? t['branding.custom.host.verified'] : t['branding.custom.host.pending']}
        </Tag>
      </Flex>
      <Typography.Text type="secondary">
        {config.hostVerified ? t['branding.custom.host.verifiedHint'] : t['branding.custom.host.recordHint']}
      </Typography.Text>
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'type', label: t['branding.custom.host.recordType'], children: 'TXT' },
          {
            key: 'name',
            label: t['branding.custom.host.recordName'],
            children: (
              <Typography.Text copyable data-testid="host-record-name">
                {record.name}
              </Typography.Text>
            ),
          },
          {
            key: 'value',
            label: t['branding.custom.host.recordValue'],
            children: (
              <Typography.Text copyable data-testid="host-record-value">
                {record.value}
              </Typography.Text>
            ),
          },
        ]}
      />
      {!readonly && !config.hostVerified && (
        <div>
          <Button onClick={run} loading={verify.isPending} disabled={verify.isPending}>
            {t['branding.custom.host.verify']}
          </Button>
        </div>
      )}
    </Flex>
  );
}

/** AppSecret is write-only: the field never holds the stored value, only says whether one is set. */
function AppForm({ config, readonly, busy, onSave }: SectionProps) {
  const [form] = Form.useForm<{ apiAppId: string; apiAppSecret: string }>();
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={readonly}
      initialValues={{ apiAppId: config.apiAppId, apiAppSecret: '' }}
      onFinish={async (values) => {
        const body: CustomizationUpdate = { apiAppId: (values.apiAppId ?? '').trim() };
        if (values.apiAppSecret) body.apiAppSecret = values.apiAppSecret.trim();
        if (await onSave(body)) form.setFieldValue('apiAppSecret', '');
      }}
      style={{ maxWidth: 640 }}
    >
      <Form.Item
        name="apiAppId"
        label={t['branding.custom.apiAppId.label']}
        rules={[{ pattern: /^wx[0-9a-f]{16}$/, message: t['branding.custom.apiAppId.invalid'] }]}
      >
        <Input placeholder={t['branding.custom.apiAppId.placeholder']} allowClear />
      </Form.Item>
      <Form.Item
        name="apiAppSecret"
        label={
          <Space>
            {t['branding.custom.apiAppSecret.label']}
            <Tag color={config.apiAppSecretSet ? 'success' : 'default'} data-testid="secret-state">
              {config.apiAppSecretSet ? t['branding.custom.secretSet'] : t['branding.custom.secretUnset']}
            </Tag>
          </Space>
        }
        rules={[{ pattern: /^[0-9A-Za-z]{16,64}$/, message: t['branding.custom.apiAppSecret.invalid'] }]}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={
            config.apiAppSecretSet
              ? t['branding.custom.apiAppSecret.placeholderSet']
              : t['branding.custom.apiAppSecret.placeholder']
          }
        />
      </Form.Item>
      {!readonly && <SaveButton busy={busy} />}
    </Form>
  );
}

function PfxForm({
  config,
  readonly,
  busy,
  onSave,
  onRejected,
}: SectionProps & { onRejected: (text: string) => void }) {
  const choose = async (file: File) => {
    const checked = checkPfx(file.name, new Uint8Array(await file.arrayBuffer()));
    if (!checked.ok) {
      onRejected(checked.reason === 'empty' ? t['branding.custom.payPfx.empty'] : t['branding.custom.payPfx.tooLarge']);
      return;
    }
    await onSave({ payPfx: checked.base64, payPfxName: checked.name });
  };
  return (
    <Flex vertical gap={12} align="start">
      <Space>
        <Typography.Text>{t['branding.custom.payPfx.label']}：</Typography.Text>
        {config.payPfxSet ? (
          <Tag icon={<SafetyCertificateOutlined />} color="success" data-testid="pfx-state">
            {t['branding.custom.payPfx.current'](config.payPfxName, (config.payPfxBytes / 1024).toFixed(1))}
          </Tag>
        ) : (
          <Typography.Text type="secondary" data-testid="pfx-state">
            {t['branding.notSet']}
          </Typography.Text>
        )}
      </Space>
      {!readonly && (
        <Space>
          <Upload
            accept=".p12,.pfx,application/x-pkcs12"
            showUploadList={false}
            beforeUpload={(file) => {
              void choose(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} type="primary" ghost>
              {t['branding.custom.payPfx.choose']}
            </Button>
          </Upload>
          {config.payPfxSet && (
            <Popconfirm
              title={t['branding.custom.payPfx.removeConfirm']}
              okText={t['branding.confirm.ok']}
              cancelText={t['branding.confirm.cancel']}
              onConfirm={() => onSave({ payPfx: '' }, t['branding.custom.removed'])}
            >
              <Button danger>{t['branding.custom.payPfx.remove']}</Button>
            </Popconfirm>
          )}
        </Space>
      )}
    </Flex>
  );
}

function TemplateIdForm({ config, readonly, busy, onSave }: SectionProps) {
  return (
    <Form
      layout="vertical"
      disabled={readonly}
      initialValues={{ wechatPrivateTemplateId: config.data.wechatPrivateTemplateId }}
      onFinish={(values: { wechatPrivateTemplateId?: string }) =>
        onSave({ data: { wechatPrivateTemplateId: (values.wechatPrivateTemplateId ?? '').trim() } })
      }
      style={{ maxWidth: 640 }}
    >
      <Form.Item
        name="wechatPrivateTemplateId"
        label={t['branding.custom.data.label']}
        rules={[{ pattern: /^[A-Za-z0-9_-]{0,64}$/, message: t['branding.custom.data.invalid'] }]}
      >
        <Input placeholder={t['branding.custom.data.placeholder']} allowClear />
      </Form.Item>
      {!readonly && <SaveButton busy={busy} />}
    </Form>
  );
}
