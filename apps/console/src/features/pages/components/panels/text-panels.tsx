import { Form, Input, InputNumber } from 'antd';
import { optionTexts, pageTexts as t } from '../../../../locales/zh-CN/pages';
import { ColorField } from '../color-field';
import { LinkField } from '../link-field';
import { PictureField } from '../picture-field';
import { Choice } from './choice';

// The components that are mostly words: 标语, 图文, 品牌 and 搜索. Their text is plain (never HTML), so nothing an
// agent types runs in a viewer's browser.

export function SloganFields() {
  return (
    <>
      <Form.Item name="text" label={t['pages.field.text']}>
        <Input.TextArea maxLength={200} showCount rows={3} data-testid="slogan-text" />
      </Form.Item>
      <Form.Item name="align" label={t['pages.field.align']}>
        <Choice labels={optionTexts.align} />
      </Form.Item>
      <Form.Item name="fontSize" label={t['pages.field.fontSize']}>
        <InputNumber min={10} max={48} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="textColor" label={t['pages.field.textColor']}>
        <ColorField testId="slogan-text-color" />
      </Form.Item>
      <Form.Item name="backgroundColor" label={t['pages.field.backgroundColor']}>
        <ColorField clearable testId="slogan-background" />
      </Form.Item>
    </>
  );
}

export function GraphicFields() {
  return (
    <>
      <Form.Item name="title" label={t['pages.field.title']}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="content" label={t['pages.field.content']}>
        <Input.TextArea maxLength={2000} showCount rows={5} />
      </Form.Item>
      <Form.Item name="image" label={t['pages.field.image']}>
        <PictureField testId="graphic-image" />
      </Form.Item>
      <Form.Item name="imagePosition" label={t['pages.field.imagePosition']}>
        <Choice labels={optionTexts.imagePosition} />
      </Form.Item>
      <Form.Item name="link" label={t['pages.field.link']}>
        <LinkField testId="graphic-link" />
      </Form.Item>
    </>
  );
}

export function BrandFields() {
  return (
    <>
      <Form.Item name="name" label={t['pages.field.brandName']}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="logo" label={t['pages.field.logo']}>
        <PictureField testId="brand-logo" />
      </Form.Item>
      <Form.Item name="description" label={t['pages.field.description']}>
        <Input.TextArea maxLength={500} showCount rows={3} />
      </Form.Item>
      <Form.Item name="link" label={t['pages.field.link']}>
        <LinkField testId="brand-link" />
      </Form.Item>
      <Form.Item name="backgroundColor" label={t['pages.field.backgroundColor']}>
        <ColorField clearable testId="brand-background" />
      </Form.Item>
    </>
  );
}

export function SearchFields() {
  return (
    <>
      <Form.Item name="placeholder" label={t['pages.field.placeholder']}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="backgroundColor" label={t['pages.field.backgroundColor']}>
        <ColorField clearable testId="search-background" />
      </Form.Item>
    </>
  );
}
