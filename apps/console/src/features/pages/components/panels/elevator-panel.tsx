import { MAX_TABS, type PageComponent } from '@yanbo/contracts';
import { Form, Input, Select } from 'antd';
import { pageTexts as t } from '../../../../locales/zh-CN/pages';
import { ColorField } from '../color-field';
import { componentLabel, componentSummary } from '../component-types';
import { ListItems } from './list-items';

/** 电梯导航: quick links that scroll the page to its other components. */
export function ElevatorFields({ self, components }: { self: string; components: readonly PageComponent[] }) {
  const targets = components.filter((component) => component.id !== self);
  return (
    <>
      <ListItems
        name="anchors"
        label={t['pages.field.anchors']}
        max={MAX_TABS}
        addText={t['pages.field.addAnchor']}
        newItem={() => ({ title: '', componentId: targets[0]?.id ?? '' })}
        testId="elevator-anchors"
      >
        {(name) => (
          <>
            <Form.Item
              name={[name, 'title']}
              label={t['pages.field.title']}
              rules={[{ required: true, whitespace: true, message: t['pages.field.titleRequired'] }]}
            >
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name={[name, 'componentId']} label={t['pages.field.anchorTarget']}>
              <Select
                options={targets.map((component, index) => ({
                  value: component.id,
                  label: `${index + 1}. ${componentLabel(component)} ${componentSummary(component)}`.trim(),
                }))}
              />
            </Form.Item>
          </>
        )}
      </ListItems>
      <Form.Item name="activeColor" label={t['pages.field.activeColor']}>
        <ColorField testId="elevator-active-color" />
      </Form.Item>
    </>
  );
}
