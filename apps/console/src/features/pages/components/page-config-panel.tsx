import { PAGE_NAME_MAX, type PageConfig } from '@yanbo/contracts';
import { Form, Input } from 'antd';
import { optionTexts, pageTexts as t } from '../../../locales/zh-CN/pages';
import { ColorField } from './color-field';
import { Choice } from './panels/choice';
import { PictureField } from './picture-field';

interface PageSettings {
  name: string;
  config: PageConfig;
}

interface PageConfigPanelProps {
  value: PageSettings;
  onChange: (value: PageSettings) => void;
}

/** The page's own settings (seed 001 §3 "config: carouselType, icon, share"), its name and background. */
export function PageConfigPanel({ value, onChange }: PageConfigPanelProps) {
  const [form] = Form.useForm<PageSettings>();
  return (
    <Form<PageSettings>
      form={form}
      layout="vertical"
      initialValues={value}
      style={{ maxWidth: 560 }}
      onValuesChange={() => onChange({ ...value, ...form.getFieldsValue(true) })}
    >
      <Form.Item
        name="name"
        label={t['pages.config.name']}
        rules={[{ required: true, whitespace: true, message: t['pages.form.nameRequired'] }]}
      >
        <Input count={{ show: true, max: PAGE_NAME_MAX }} maxLength={PAGE_NAME_MAX} data-testid="page-config-name" />
      </Form.Item>
      <Form.Item name={['config', 'carouselType']} label={t['pages.config.carouselType']}>
        <Choice labels={optionTexts.carouselType} testId="page-config-carousel" />
      </Form.Item>
      <Form.Item name={['config', 'icon']} label={t['pages.config.icon']}>
        <PictureField testId="page-config-icon" />
      </Form.Item>
      <Form.Item name={['config', 'backgroundColor']} label={t['pages.field.backgroundColor']}>
        <ColorField testId="page-config-background" />
      </Form.Item>
      <Form.Item name={['config', 'share', 'title']} label={t['pages.config.shareTitle']}>
        <Input
          maxLength={60}
          showCount
          placeholder={t['pages.config.shareTitlePlaceholder']}
          data-testid="share-title"
        />
      </Form.Item>
      <Form.Item name={['config', 'share', 'description']} label={t['pages.config.shareDescription']}>
        <Input.TextArea maxLength={200} showCount rows={2} data-testid="share-description" />
      </Form.Item>
      <Form.Item name={['config', 'share', 'imgUrl']} label={t['pages.config.shareImage']}>
        <PictureField testId="share-image" />
      </Form.Item>
    </Form>
  );
}
