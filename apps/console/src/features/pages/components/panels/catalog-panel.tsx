import { Form, Input } from 'antd';
import { optionTexts, pageTexts as t } from '../../../../locales/zh-CN/pages';
import { NamedPicker } from '../named-picker';
import { Choice } from './choice';

/** 合辑: some of the agent's catalogs, each card opening the catalog's public page. */
export function CatalogFields() {
  return (
    <>
      <Form.Item name="title" label={t['pages.field.title']}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="catalogIds" label={t['pages.field.catalogs']}>
        <NamedPicker of="catalogs" testId="catalog-ids" />
      </Form.Item>
      <Form.Item name="layout" label={t['pages.field.layout']}>
        <Choice labels={optionTexts.catalogLayout} />
      </Form.Item>
    </>
  );
}
