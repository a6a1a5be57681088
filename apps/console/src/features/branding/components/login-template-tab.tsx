import { useQuery } from '@tanstack/react-query';
import type { LoginTemplate, LoginTemplateUpdate } from '@yanbo/contracts';
import { Button, Card, Col, ColorPicker, Flex, Form, Input, Row, Skeleton, Space, Typography } from 'antd';
import { customizedInfoQuery } from '../../../app/entry-queries';
import { accountTexts } from '../../../locales/zh-CN/account';
import { brandingTexts as t } from '../../../locales/zh-CN/branding';
import { loginTemplateQuery, useSaveLoginTemplate } from '../api/login-template';
import { customHostLoginUrl } from '../branding-rules';
import { assetUrlRule, ImageField } from './image-field';

const DEFAULT_PRIMARY = '#1677ff';

/** The login page of the agent's custom host: title, slogan, logo, background and colour, with a live preview. */
export function LoginTemplateTab({ readonly }: { readonly: boolean }) {
  const template = useQuery(loginTemplateQuery());
  const info = useQuery(customizedInfoQuery());
  const host = info.data?.host ?? '';
  return (
    <Card title={t['branding.login.title']}>
      <Typography.Paragraph type="secondary">
        {t['branding.login.hint'](host)}{' '}
        {host && (
          <Typography.Link href={customHostLoginUrl(host, window.location)} target="_blank">
            {t['branding.login.openHost']}
          </Typography.Link>
        )}
      </Typography.Paragraph>
      {template.data ? <LoginTemplateForm template={template.data} readonly={readonly} /> : <Skeleton active />}
    </Card>
  );
}

function LoginTemplateForm({ template, readonly }: { template: LoginTemplate; readonly: boolean }) {
  const save = useSaveLoginTemplate();
  const [form] = Form.useForm<LoginTemplateUpdate>();
  const watched = Form.useWatch([], form) ?? template;
  return (
    <Row gutter={[32, 24]}>
      <Col xs={24} xl={12}>
        <Form
          form={form}
          layout="vertical"
          disabled={readonly}
          initialValues={template}
          onFinish={(values) => save.mutate(values)}
        >
          <Form.Item
            name="title"
            label={t['branding.login.field.title']}
            rules={[{ max: 30, message: t['branding.login.titleTooLong'] }]}
          >
            <Input placeholder={accountTexts.brand} showCount maxLength={30} />
          </Form.Item>
          <Form.Item
            name="slogan"
            label={t['branding.login.field.slogan']}
            rules={[{ max: 60, message: t['branding.login.sloganTooLong'] }]}
          >
            <Input placeholder={accountTexts.slogan} showCount maxLength={60} />
          </Form.Item>
          <Form.Item name="logo" label={t['branding.login.field.logo']} rules={[assetUrlRule]}>
            <ImageField fallback="/favicon.svg" testId="login-logo" />
          </Form.Item>
          <Form.Item name="background" label={t['branding.login.field.background']} rules={[assetUrlRule]}>
            <ImageField previewWidth={96} testId="login-background" />
          </Form.Item>
          <Form.Item
            name="primaryColor"
            label={t['branding.login.field.primaryColor']}
            getValueFromEvent={(color: { toHexString(): string }) => color.toHexString()}
          >
            <ColorPicker showText format="hex" disabledAlpha />
          </Form.Item>
          {!readonly && (
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t['branding.save']}
              </Button>
              <Button
                onClick={() =>
                  save.mutate(
                    { title: '', slogan: '', logo: '', background: '', primaryColor: '' },
                    { onSuccess: (saved) => form.setFieldsValue(saved) },
                  )
                }
              >
                {t['branding.reset']}
              </Button>
            </Space>
          )}
        </Form>
      </Col>
      <Col xs={24} xl={12}>
        <Typography.Text strong>{t['branding.login.preview']}</Typography.Text>
        <LoginPreview template={{ ...template, ...watched }} />
      </Col>
    </Row>
  );
}

/** A small picture of the login page as the template makes it look. */
function LoginPreview({ template }: { template: LoginTemplate }) {
  const primary = template.primaryColor || DEFAULT_PRIMARY;
  const background = template.background
    ? `center / cover no-repeat url("${template.background}")`
    : `linear-gradient(135deg, ${primary} 0%, ${primary}cc 55%, ${primary}66 100%)`;
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      data-testid="login-preview"
      style={{ marginTop: 8, height: 360, borderRadius: 8, background, padding: 16, overflow: 'hidden' }}
    >
      <Flex align="center" gap={8}>
        <img
          src={template.logo || '/favicon.svg'}
          alt=""
          width={28}
          height={28}
          style={{ borderRadius: 6, background: '#fff', objectFit: 'contain' }}
        />
        <Typography.Title level={4} style={{ color: '#fff', margin: 0, letterSpacing: 2 }}>
          {template.title || accountTexts.brand}
        </Typography.Title>
      </Flex>
      <Typography.Text style={{ color: 'rgba(255,255,255,0.9)', margin: '6px 0 16px', fontSize: 12 }}>
        {template.slogan || accountTexts.slogan}
      </Typography.Text>
      <Card size="small" style={{ width: 240 }} title={t['branding.login.previewCard']}>
        <Flex vertical gap={8}>
          <div style={{ height: 24, border: '1px solid #d9d9d9', borderRadius: 6 }} />
          <div style={{ height: 24, border: '1px solid #d9d9d9', borderRadius: 6 }} />
          <div
            style={{
              height: 26,
              borderRadius: 6,
              background: primary,
              color: '#fff',
              fontSize: 12,
              lineHeight: '26px',
              textAlign: 'center',
            }}
          >
            {t['branding.login.previewButton']}
          </div>
        </Flex>
      </Card>
    </Flex>
  );
}
