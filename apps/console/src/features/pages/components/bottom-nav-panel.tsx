import { type BottomNav, MAX_BOTTOM_NAV_ITEMS } from '@yanbo/contracts';
import { Button, Flex, Form, Input, Switch, Typography } from 'antd';
import { pageTexts as t } from '../../../locales/zh-CN/pages';
import { ColorField } from './color-field';
import { LinkField } from './link-field';
import { ListItems } from './panels/list-items';
import { PictureField } from './picture-field';

interface BottomNavPanelProps {
  value: BottomNav;
  onChange: (value: BottomNav) => void;
  onSave: () => void;
  saving: boolean;
  dirty: boolean;
}

/**
 * The bottom navigation (seed 001 §7 POST /page/{id}/homepage/bottom-nav): up to five items fixed under the public
 * page, each leading to an activity, a catalog, another page or an address. Saved on its own, shown at once.
 */
export function BottomNavPanel({ value, onChange, onSave, saving, dirty }: BottomNavPanelProps) {
  const [form] = Form.useForm<BottomNav>();
  return (
    <Form<BottomNav>
      form={form}
      layout="vertical"
      initialValues={value}
      style={{ maxWidth: 560 }}
      onValuesChange={() => onChange({ ...value, ...form.getFieldsValue(true) })}
      data-testid="bottom-nav-panel"
    >
      <Typography.Paragraph type="secondary">{t['pages.bottomNav.hint']}</Typography.Paragraph>
      <Form.Item name="enabled" label={t['pages.bottomNav.enabled']} valuePropName="checked">
        <Switch data-testid="bottom-nav-enabled" />
      </Form.Item>
      <Form.Item noStyle dependencies={['enabled']}>
        {({ getFieldValue }) =>
          getFieldValue('enabled') && (
            <>
              <ListItems
                name="items"
                label={t['pages.bottomNav.items']}
                max={MAX_BOTTOM_NAV_ITEMS}
                addText={t['pages.bottomNav.add']}
                newItem={(index) => ({
                  title: t['pages.bottomNav.defaultTitle'](index + 1),
                  icon: '',
                  link: { kind: 'none' },
                })}
                testId="bottom-nav-items"
              >
                {(name, index) => (
                  <>
                    <Form.Item
                      name={[name, 'title']}
                      label={t['pages.bottomNav.title']}
                      rules={[{ required: true, whitespace: true, message: t['pages.field.titleRequired'] }]}
                    >
                      <Input maxLength={8} showCount data-testid={`bottom-nav-title-${index}`} />
                    </Form.Item>
                    <Form.Item name={[name, 'icon']} label={t['pages.field.icon']}>
                      <PictureField testId={`bottom-nav-icon-${index}`} />
                    </Form.Item>
                    <Form.Item name={[name, 'link']} label={t['pages.bottomNav.target']}>
                      <LinkField testId={`bottom-nav-link-${index}`} />
                    </Form.Item>
                  </>
                )}
              </ListItems>
              <Flex gap={24}>
                <Form.Item name="color" label={t['pages.field.textColor']}>
                  <ColorField testId="bottom-nav-color" />
                </Form.Item>
                <Form.Item name="activeColor" label={t['pages.field.activeColor']}>
                  <ColorField testId="bottom-nav-active-color" />
                </Form.Item>
              </Flex>
            </>
          )
        }
      </Form.Item>
      <Button type="primary" loading={saving} disabled={!dirty} onClick={onSave} data-testid="bottom-nav-save">
        {t['pages.bottomNav.save']}
      </Button>
    </Form>
  );
}
