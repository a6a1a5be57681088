import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { INTRO_TAB_TYPES, type IntroTab, type IntroTabType } from '@yanbo/contracts';
import {
  Button,
  Card,
  Dropdown,
  Empty,
  Flex,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Popconfirm,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useParams } from 'react-router';
import { introTabTypeTexts, pageTemplateTexts as t } from '../../../locales/zh-CN/page-template';
import { PhotoListSelect } from '../../photos';
import { INTRO_TITLE_MAX, MAX_INTRO_TABS, newIntroTab, type TemplateFormValues } from '../template-form-rules';
import { RichTextEditor } from './rich-text-editor';

const urlRule = { pattern: /^$|^https?:\/\/\S+$/, message: t['template.intro.url.invalid'] };

/** The intro tab list (seed 001 §3 "Intro tab entry"): add any type, reorder, rename, remove and edit each type. */
export function IntroTabsEditor({ form }: { form: FormInstance<TemplateFormValues> }) {
  return (
    <Form.List name="introTabs">
      {(fields, { add, remove, move }) => {
        const tabs = (): IntroTab[] => form.getFieldValue('introTabs') ?? [];
        const addTab = (type: IntroTabType) => add(newIntroTab(type, introTabTypeTexts[type], tabs()));
        return (
          <Flex vertical gap={12}>
            <Flex justify="space-between" align="center">
              <Typography.Text type="secondary">
                {fields.length >= MAX_INTRO_TABS ? t['template.intro.max'] : null}
              </Typography.Text>
              <Dropdown
                disabled={fields.length >= MAX_INTRO_TABS}
                menu={{
                  items: INTRO_TAB_TYPES.map((type) => ({
                    key: type,
                    label: <span data-testid={`intro-add-${type}`}>{introTabTypeTexts[type]}</span>,
                  })),
                  onClick: ({ key }) => addTab(key as IntroTabType),
                }}
              >
                <Button type="primary" ghost icon={<PlusOutlined />} data-testid="intro-add">
                  {t['template.intro.add']}
                </Button>
              </Dropdown>
            </Flex>
            {fields.length === 0 && <Empty description={t['template.intro.empty']} />}
            {fields.map((field, index) => {
              const type = form.getFieldValue(['introTabs', field.name, 'type']) as IntroTabType;
              return (
                <Card
                  key={field.key}
                  size="small"
                  data-testid={`intro-tab-${index}`}
                  title={
                    <Space>
                      <Tag color="blue">{introTabTypeTexts[type]}</Tag>
                      <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                        #{index + 1}
                      </Typography.Text>
                    </Space>
                  }
                  extra={
                    <Space size={0}>
                      <Button
                        type="text"
                        size="small"
                        icon={<ArrowUpOutlined />}
                        aria-label={t['template.intro.up']}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                      />
                      <Button
                        type="text"
                        size="small"
                        icon={<ArrowDownOutlined />}
                        aria-label={t['template.intro.down']}
                        disabled={index === fields.length - 1}
                        onClick={() => move(index, index + 1)}
                      />
                      <Popconfirm
                        title={t['template.intro.remove.confirm']}
                        okText={t['template.intro.remove']}
                        cancelText={t['template.cancel']}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => remove(field.name)}
                      >
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t['template.intro.remove']}
                        />
                      </Popconfirm>
                    </Space>
                  }
                >
                  <Form.Item
                    label={t['template.intro.title']}
                    name={[field.name, 'title']}
                    rules={[
                      { required: true, whitespace: true, message: t['template.intro.title.required'] },
                      { max: INTRO_TITLE_MAX, message: t['template.intro.title.max'] },
                    ]}
                  >
                    <Input maxLength={INTRO_TITLE_MAX} showCount data-testid={`intro-title-${index}`} />
                  </Form.Item>
                  <TypeFields name={field.name} index={index} type={type} />
                </Card>
              );
            })}
          </Flex>
        );
      }}
    </Form.List>
  );
}

function TypeFields({ name, index, type }: { name: number; index: number; type: IntroTabType }) {
  // The editor's route is /board/:id/template: the photo lists offered are that activity's.
  const activityId = Number(useParams().id);
  switch (type) {
    case 'richText':
      return (
        <>
          <Form.Item label={t['template.intro.richText']} name={[name, 'richText']}>
            <RichTextEditor testId={`intro-rich-${index}`} />
          </Form.Item>
          <LinkFields name={name} />
        </>
      );
    case 'menuLocation':
    case 'videoList':
      return (
        <>
          <Form.Item label={t['template.intro.url']} name={[name, 'url']} rules={[urlRule]}>
            <Input placeholder="https://" data-testid={`intro-url-${index}`} />
          </Form.Item>
          {type === 'menuLocation' && (
            <Form.Item label={t['template.intro.inlineHyperLink']} name={[name, 'inlineHyperLink']}>
              <Switch />
            </Form.Item>
          )}
        </>
      );
    case 'productMessage':
      return (
        <Form.Item label={t['template.intro.productListId']} name={[name, 'productListId']}>
          <InputNumber min={1} precision={0} style={{ width: 200 }} />
        </Form.Item>
      );
    case 'photoLive':
    case 'photoContent':
      return (
        <>
          <Form.Item label={t['template.intro.photoListId']} name={[name, 'photoListId']}>
            <PhotoListSelect activityId={activityId} testId={`intro-photoList-${index}`} />
          </Form.Item>
          {type === 'photoContent' && (
            <Form.Item label={t['template.intro.richText']} name={[name, 'richText']}>
              <RichTextEditor testId={`intro-rich-${index}`} />
            </Form.Item>
          )}
        </>
      );
    case 'rank':
      return (
        <Space size={32}>
          <Form.Item label={t['template.intro.topGift']} name={[name, 'topGift']}>
            <Switch data-testid={`intro-topGift-${index}`} />
          </Form.Item>
          <Form.Item label={t['template.intro.topShare']} name={[name, 'topShare']}>
            <Switch data-testid={`intro-topShare-${index}`} />
          </Form.Item>
        </Space>
      );
    case 'schedule':
      return <ScheduleFields name={name} index={index} />;
    default:
      return <Typography.Text type="secondary">{t['template.intro.noFields']}</Typography.Text>;
  }
}

function LinkFields({ name }: { name: number }) {
  return (
    <Space size={24} align="start" wrap>
      <Form.Item label={t['template.intro.hyperLink']} name={[name, 'hyperLink']} rules={[urlRule]}>
        <Input placeholder="https://" style={{ width: 280 }} />
      </Form.Item>
      <Form.Item label={t['template.intro.inlineHyperLink']} name={[name, 'inlineHyperLink']}>
        <Switch />
      </Form.Item>
    </Space>
  );
}

function ScheduleFields({ name, index }: { name: number; index: number }) {
  const required = { required: true, whitespace: true, message: t['template.intro.schedule.required'] };
  return (
    <Form.Item label={t['template.intro.schedule']}>
      <Form.List name={[name, 'schedule']}>
        {(entries, { add, remove }) => (
          <Flex vertical gap={4}>
            {entries.map((entry, row) => (
              <Flex key={entry.key} gap={8} align="start" data-testid={`intro-schedule-${index}-${row}`}>
                <Form.Item name={[entry.name, 'time']} rules={[required]} style={{ width: 110, marginBottom: 8 }}>
                  <Input placeholder={t['template.intro.schedule.time']} maxLength={50} />
                </Form.Item>
                <Form.Item name={[entry.name, 'title']} rules={[required]} style={{ flex: 1, marginBottom: 8 }}>
                  <Input placeholder={t['template.intro.schedule.title']} maxLength={100} />
                </Form.Item>
                <Form.Item name={[entry.name, 'description']} style={{ flex: 1, marginBottom: 8 }}>
                  <Input placeholder={t['template.intro.schedule.description']} maxLength={500} />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t['template.intro.remove']}
                  onClick={() => remove(entry.name)}
                />
              </Flex>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ time: '', title: '', description: '' })}
              data-testid={`intro-schedule-add-${index}`}
            >
              {t['template.intro.schedule.add']}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
