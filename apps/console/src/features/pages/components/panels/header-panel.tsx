import { Form, Input } from 'antd';
import { pageTexts as t } from '../../../../locales/zh-CN/pages';
import { ColorField } from '../color-field';
import { PictureField } from '../picture-field';

/** 页头: the page's title bar with its logo and background. */
export function HeaderFields() {
  return (
    <>
      <Form.Item name="title" label={t['pages.field.title']}>
        <Input maxLength={60} showCount data-testid="header-title" />
      </Form.Item>
      <Form.Item name="subtitle" label={t['pages.field.subtitle']}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="logo" label={t['pages.field.logo']}>
        <PictureField testId="header-logo" />
      </Form.Item>
      <Form.Item name="backgroundImage" label={t['pages.field.backgroundImage']}>
        <PictureField testId="header-background" />
      </Form.Item>
      <Form.Item name="backgroundColor" label={t['pages.field.backgroundColor']}>
        <ColorField testId="header-background-color" />
      </Form.Item>
      <Form.Item name="textColor" label={t['pages.field.textColor']}>
        <ColorField testId="header-text-color" />
      </Form.Item>
    </>
  );
}
