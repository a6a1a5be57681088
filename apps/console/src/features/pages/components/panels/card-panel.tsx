import { Form, Input, InputNumber } from 'antd';
import { pageTexts as t } from '../../../../locales/zh-CN/pages';
import { newCard } from '../../page-editor-rules';
import { ColorField } from '../color-field';
import { LinkField } from '../link-field';
import { PictureField } from '../picture-field';
import { ListItems } from './list-items';

/** 卡片: cards with a picture, a title, a line of text and a link, one to three a row. */
export function CardFields() {
  return (
    <>
      <ListItems
        name="items"
        label={t['pages.field.cards']}
        max={20}
        addText={t['pages.field.addCard']}
        newItem={newCard}
        testId="card-items"
      >
        {(name, index) => (
          <>
            <Form.Item name={[name, 'image']} label={t['pages.field.image']}>
              <PictureField testId={`card-image-${index}`} />
            </Form.Item>
            <Form.Item name={[name, 'title']} label={t['pages.field.title']}>
              <Input maxLength={60} />
            </Form.Item>
            <Form.Item name={[name, 'description']} label={t['pages.field.description']}>
              <Input.TextArea maxLength={200} rows={2} />
            </Form.Item>
            <Form.Item name={[name, 'link']} label={t['pages.field.link']}>
              <LinkField testId={`card-link-${index}`} />
            </Form.Item>
          </>
        )}
      </ListItems>
      <Form.Item name="columns" label={t['pages.field.columns']}>
        <InputNumber min={1} max={3} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="backgroundColor" label={t['pages.field.backgroundColor']}>
        <ColorField clearable testId="card-background" />
      </Form.Item>
    </>
  );
}
