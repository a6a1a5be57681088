import { MAX_TABS } from '@yanbo/contracts';
import { Form, Input, InputNumber, Switch } from 'antd';
import { optionTexts, pageTexts as t } from '../../../../locales/zh-CN/pages';
import { newActivityTab } from '../../page-editor-rules';
import { SourceField } from '../source-field';
import { Choice } from './choice';
import { ListItems } from './list-items';

/** 活动: a list of activity cards from one source, each card opening its watch page. */
export function ActivityFields({ pageId }: { pageId: number }) {
  return (
    <>
      <Form.Item name="title" label={t['pages.field.title']}>
        <Input maxLength={30} data-testid="activity-title" />
      </Form.Item>
      <Form.Item name="source" label={t['pages.field.source']}>
        <SourceField pageId={pageId} testId="activity-source" />
      </Form.Item>
      <Form.Item name="num" label={t['pages.field.num']}>
        <InputNumber min={1} max={99} style={{ width: '100%' }} data-testid="activity-num" />
      </Form.Item>
      <Form.Item name="layout" label={t['pages.field.layout']}>
        <Choice labels={optionTexts.activityLayout} testId="activity-layout" />
      </Form.Item>
      <Form.Item name="showViewers" label={t['pages.field.showViewers']} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}

/** 活动标签页: tabs, each a list of activities from its own source. */
export function ActivityTabFields({ pageId }: { pageId: number }) {
  return (
    <>
      <ListItems
        name="tabs"
        label={t['pages.field.tabs']}
        max={MAX_TABS}
        addText={t['pages.field.addTab']}
        newItem={(index) => newActivityTab(t['pages.field.defaultTab'](index + 1))}
        testId="activity-tabs"
      >
        {(name, index) => (
          <>
            <Form.Item
              name={[name, 'title']}
              label={t['pages.field.title']}
              rules={[{ required: true, whitespace: true, message: t['pages.field.titleRequired'] }]}
            >
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name={[name, 'source']} label={t['pages.field.source']}>
              <SourceField pageId={pageId} testId={`activity-tab-source-${index}`} />
            </Form.Item>
            <Form.Item name={[name, 'num']} label={t['pages.field.num']}>
              <InputNumber min={1} max={99} style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
      </ListItems>
      <Form.Item name="layout" label={t['pages.field.layout']}>
        <Choice labels={optionTexts.activityLayout} />
      </Form.Item>
    </>
  );
}
