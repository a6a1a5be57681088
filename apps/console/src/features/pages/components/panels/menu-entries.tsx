import { Form, Input, InputNumber } from 'antd';
import { optionTexts, pageTexts as t } from '../../../../locales/zh-CN/pages';
import { newMenuEntry } from '../../page-editor-rules';
import { GroupPicker } from '../group-picker';
import { NamedPicker } from '../named-picker';
import { PictureField } from '../picture-field';
import { Choice } from './choice';
import { ListItems } from './list-items';

/**
 * A navigation's menu entries (seed 001 §3 "menuArr": title, type group or activity, groupId, activities, num): a
 * group's or chosen activities, num of them, or a link.
 */
export function MenuEntries({ max, testId }: { max: number; testId: string }) {
  return (
    <ListItems
      name="menuArr"
      label={t['pages.menu.title']}
      max={max}
      addText={t['pages.menu.add']}
      newItem={(index) => newMenuEntry(t['pages.menu.defaultTitle'](index + 1))}
      testId={testId}
    >
      {(name, index) => (
        <>
          <Form.Item
            name={[name, 'title']}
            label={t['pages.menu.entryTitle']}
            rules={[{ required: true, whitespace: true, message: t['pages.field.titleRequired'] }]}
          >
            <Input maxLength={20} data-testid={`${testId}-title-${index}`} />
          </Form.Item>
          <Form.Item name={[name, 'icon']} label={t['pages.field.icon']}>
            <PictureField testId={`${testId}-icon-${index}`} />
          </Form.Item>
          <Form.Item name={[name, 'type']} label={t['pages.menu.type']}>
            <Choice labels={optionTexts.menuType} testId={`${testId}-type-${index}`} />
          </Form.Item>
          <Form.Item noStyle dependencies={[['menuArr', name, 'type']]}>
            {({ getFieldValue }) => {
              const type = getFieldValue(['menuArr', name, 'type']);
              if (type === 'link') {
                return (
                  <Form.Item name={[name, 'url']} label={t['pages.field.link']}>
                    <Input placeholder={t['pages.field.linkPlaceholder']} />
                  </Form.Item>
                );
              }
              return (
                <>
                  {type === 'group' ? (
                    <Form.Item name={[name, 'groupId']} label={t['pages.field.group']}>
                      <GroupPicker testId={`${testId}-group-${index}`} />
                    </Form.Item>
                  ) : (
                    <Form.Item name={[name, 'activities']} label={t['pages.field.activities']}>
                      <NamedPicker of="activities" testId={`${testId}-activities-${index}`} />
                    </Form.Item>
                  )}
                  <Form.Item name={[name, 'num']} label={t['pages.field.num']}>
                    <InputNumber min={1} max={99} style={{ width: '100%' }} />
                  </Form.Item>
                </>
              );
            }}
          </Form.Item>
        </>
      )}
    </ListItems>
  );
}
