import { UploadOutlined } from '@ant-design/icons';
import {
  REGISTRATION_SUBMITTED,
  type RegistrationConfig,
  type RegistrationField,
  type UserExtraField,
} from '@yanbo/contracts';
import { Button, Checkbox, DatePicker, Divider, Flex, Input, Radio, Select, Space, Typography } from 'antd';
import { registrationTexts as t } from '../../../locales/zh-CN/registration';

interface FormPreviewProps {
  name: string;
  fields: RegistrationField[];
  config: RegistrationConfig;
  extraFields: UserExtraField[];
}

/** One field as the viewer's phone shows it. */
function PreviewField({ field, extra }: { field: RegistrationField; extra: UserExtraField | undefined }) {
  const label = field.label || '—';
  const type = field.type === 'extra' ? (extra?.type ?? 'text') : field.type;
  const options = field.type === 'extra' ? (extra?.options ?? []) : field.options;
  let input: React.ReactNode;
  switch (type) {
    case 'mobile':
      input = (
        <Flex vertical gap={6}>
          <Input placeholder={t['registration.preview.placeholder'](label)} />
          <Space.Compact style={{ width: '100%' }}>
            <Input placeholder={t['registration.preview.code']} />
            <Button>{t['registration.preview.sendCode']}</Button>
          </Space.Compact>
        </Flex>
      );
      break;
    case 'select':
      input = (
        <Radio.Group>
          <Flex vertical gap={4}>
            {options.map((option) => (
              <Radio key={option} value={option}>
                {option}
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      );
      break;
    case 'multiSelect':
      input = (
        <Checkbox.Group>
          <Flex vertical gap={4}>
            {options.map((option) => (
              <Checkbox key={option} value={option}>
                {option}
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      );
      break;
    case 'date':
      input = <DatePicker style={{ width: '100%' }} placeholder={t['registration.preview.choose'](label)} />;
      break;
    case 'region':
      input = <Select style={{ width: '100%' }} placeholder={t['registration.preview.choose'](label)} options={[]} />;
      break;
    case 'file':
      input = <Button icon={<UploadOutlined />}>{t['registration.preview.upload']}</Button>;
      break;
    default:
      input = <Input placeholder={t['registration.preview.placeholder'](label)} />;
  }
  return (
    <Flex vertical gap={4}>
      <Typography.Text>
        {field.required && <Typography.Text type="danger">* </Typography.Text>}
        {label}
      </Typography.Text>
      {input}
    </Flex>
  );
}

/** The live preview beside the field builder: the form in a phone-sized frame, as the watch page will show it. */
export function FormPreview({ name, fields, config, extraFields }: FormPreviewProps) {
  return (
    <div
      data-testid="registration-preview"
      style={{
        width: 320,
        minHeight: 560,
        border: '10px solid #1f1f1f',
        borderRadius: 28,
        padding: 16,
        background: '#fff',
        boxShadow: '0 8px 24px rgba(0,0,0,0.12)',
      }}
    >
      <Typography.Title level={5} style={{ marginTop: 4, textAlign: 'center' }}>
        {config.title || name || '—'}
      </Typography.Title>
      {config.description && (
        <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
          {config.description}
        </Typography.Paragraph>
      )}
      <Divider style={{ margin: '8px 0 12px' }} />
      <Flex vertical gap={14}>
        {fields.map((field) => (
          <PreviewField
            key={field.key}
            field={field}
            extra={extraFields.find((candidate) => candidate.key === field.extraKey)}
          />
        ))}
        <Button type="primary" block>
          {config.submitText || t['registration.preview.submit']}
        </Button>
        <Typography.Text type="secondary" style={{ textAlign: 'center', fontSize: 12 }}>
          {config.successText || REGISTRATION_SUBMITTED}
        </Typography.Text>
      </Flex>
    </div>
  );
}
