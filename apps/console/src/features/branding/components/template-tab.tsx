import { useQuery } from '@tanstack/react-query';
import { DEFAULT_IMAGE_TEMPLATE, type ImageTemplate } from '@yanbo/contracts';
import { Button, Card, Empty, Flex, Form, Input, Popconfirm, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { customizedInfoQuery } from '../../../app/entry-queries';
import { brandingTexts as t } from '../../../locales/zh-CN/branding';
import { imageTemplateQuery, useSaveImageTemplate } from '../api/image-template';
import { activityOptionsQuery, useSetTemplateActivity } from '../api/template-activity';
import { type ImageTemplateFormValues, imageTemplateBody, imageTemplateFormValues } from '../branding-rules';
import { assetUrlRule, ImageField } from './image-field';

/** The activity (image) template and the template activity. */
export function TemplateTab({ readonly }: { readonly: boolean }) {
  const template = useQuery(imageTemplateQuery());
  return (
    <Flex vertical gap={16}>
      <Card title={t['branding.template.title']}>
        <Typography.Paragraph type="secondary">{t['branding.template.hint']}</Typography.Paragraph>
        {template.data ? <ImageTemplateForm template={template.data} readonly={readonly} /> : <Skeleton active />}
      </Card>
      <TemplateActivityCard readonly={readonly} />
    </Flex>
  );
}

function ImageTemplateForm({ template, readonly }: { template: ImageTemplate; readonly: boolean }) {
  const save = useSaveImageTemplate();
  const [form] = Form.useForm<ImageTemplateFormValues>();
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={readonly}
      initialValues={imageTemplateFormValues(template)}
      onFinish={(values) => save.mutate(imageTemplateBody(values))}
      style={{ maxWidth: 640 }}
    >
      <Form.Item
        name="title"
        label={t['branding.template.field.title']}
        rules={[{ max: 40, message: t['branding.template.titleTooLong'] }]}
        extra={t['branding.template.field.titlePlaceholder']}
      >
        <Input placeholder={DEFAULT_IMAGE_TEMPLATE.title} showCount maxLength={40} data-testid="template-title" />
      </Form.Item>
      <Form.Item
        name="logo"
        label={t['branding.template.field.logo']}
        rules={[assetUrlRule]}
        extra={t['branding.template.defaultHint']}
      >
        <ImageField testId="template-logo" fallback={DEFAULT_IMAGE_TEMPLATE.logo} />
      </Form.Item>
      <Form.Item
        name="favicon"
        label={t['branding.template.field.favicon']}
        rules={[assetUrlRule]}
        extra={t['branding.template.defaultHint']}
      >
        <ImageField testId="template-favicon" fallback={DEFAULT_IMAGE_TEMPLATE.favicon} />
      </Form.Item>
      {!readonly && (
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t['branding.save']}
          </Button>
          <Popconfirm
            title={t['branding.reset']}
            okText={t['branding.confirm.ok']}
            cancelText={t['branding.confirm.cancel']}
            onConfirm={() =>
              save.mutate(
                { title: '', logo: '', favicon: '' },
                {
                  onSuccess: (saved) => form.setFieldsValue(imageTemplateFormValues(saved)),
                },
              )
            }
          >
            <Button>{t['branding.reset']}</Button>
          </Popconfirm>
        </Space>
      )}
    </Form>
  );
}

function TemplateActivityCard({ readonly }: { readonly: boolean }) {
  const info = useQuery(customizedInfoQuery());
  const [search, setSearch] = useState('');
  const name = useDeferredValue(search);
  const options = useQuery({ ...activityOptionsQuery(name), enabled: !readonly });
  const [chosen, setChosen] = useState<number | null>(null);
  const setTemplate = useSetTemplateActivity();
  const current = info.data?.templateActivity ?? null;

  return (
    <Card title={t['branding.templateActivity.title']}>
      <Typography.Paragraph type="secondary">{t['branding.templateActivity.hint']}</Typography.Paragraph>
      <Flex vertical gap={16} style={{ maxWidth: 640 }}>
        <Flex align="center" gap={8}>
          <Typography.Text>{t['branding.templateActivity.current']}：</Typography.Text>
          {current ? (
            <Tag color="blue" data-testid="template-activity">
              {current.name}（ID {current.id}）
            </Tag>
          ) : (
            <Typography.Text type="secondary">{t['branding.templateActivity.none']}</Typography.Text>
          )}
        </Flex>
        {!readonly && (
          <Space.Compact style={{ width: '100%' }}>
            <Select
              showSearch={{ filterOption: false, onSearch: setSearch }}
              value={chosen}
              onChange={setChosen}
              placeholder={t['branding.templateActivity.placeholder']}
              loading={options.isFetching}
              notFoundContent={options.isFetching ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
              options={(options.data?.items ?? []).map((item) => ({
                value: item.id,
                label: `${item.name}（ID ${item.id}）`,
              }))}
              style={{ flex: 1 }}
            />
            <Button
              type="primary"
              disabled={chosen === null}
              loading={setTemplate.isPending && setTemplate.variables !== null}
              onClick={() => chosen !== null && setTemplate.mutate(chosen, { onSuccess: () => setChosen(null) })}
            >
              {t['branding.templateActivity.set']}
            </Button>
          </Space.Compact>
        )}
        {!readonly && current && (
          <Popconfirm
            title={t['branding.templateActivity.clearConfirm']}
            okText={t['branding.confirm.ok']}
            cancelText={t['branding.confirm.cancel']}
            onConfirm={() => setTemplate.mutate(null)}
          >
            <Button danger style={{ alignSelf: 'flex-start' }}>
              {t['branding.templateActivity.clear']}
            </Button>
          </Popconfirm>
        )}
      </Flex>
    </Card>
  );
}
