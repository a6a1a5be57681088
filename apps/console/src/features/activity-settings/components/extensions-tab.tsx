import { BarChartOutlined, DeleteOutlined, PlusOutlined, SettingOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { EXTENSION_IDENTITIES, type ExtensionIdentity, type ExtensionState } from '@yanbo/contracts';
import {
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { activitySettingsTexts as t } from '../../../locales/zh-CN/activity-settings';
import { extensionQuery, useExtensionMutations } from '../api/extensions';
import { questionOptionsProblem } from '../settings-rules';
import { QuestionnaireResults } from './questionnaire-results';
import { SettingsSection } from './settings-section';

const titleRule = { max: 30, message: t['extensions.field.titleTooLong'] };

function SettingsFields({ identity }: { identity: ExtensionIdentity }) {
  const common = (
    <Form.Item name="title" label={t['extensions.field.title']} rules={[titleRule]}>
      <Input maxLength={30} showCount />
    </Form.Item>
  );
  if (identity === 'lottery')
    return (
      <>
        {common}
        <Form.Item name="prizeName" label={t['extensions.field.prizeName']} rules={[titleRule]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="winnerCount" label={t['extensions.field.winnerCount']}>
          <InputNumber min={1} max={100} precision={0} />
        </Form.Item>
        <Form.Item name="rule" label={t['extensions.field.rule']}>
          <Select
            options={[
              { value: 'online', label: t['extensions.field.rule.online'] },
              { value: 'commented', label: t['extensions.field.rule.commented'] },
            ]}
          />
        </Form.Item>
        <Form.Item name="allowRepeatWinners" label={t['extensions.field.allowRepeatWinners']} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="requireMobile"
          label={t['extensions.field.lotteryRequireMobile']}
          tooltip={t['extensions.field.lotteryRequireMobileHint']}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </>
    );
  if (identity === 'sign-in')
    return (
      <>
        {common}
        <Form.Item name="durationSeconds" label={t['extensions.field.durationSeconds']}>
          <InputNumber min={10} max={3600} precision={0} />
        </Form.Item>
        <Form.Item
          name="requireMobile"
          label={t['extensions.field.requireMobile']}
          tooltip={t['extensions.field.requireMobileHint']}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </>
    );
  return (
    <>
      {common}
      <Form.Item
        name="isAnonymous"
        label={t['extensions.field.isAnonymous']}
        tooltip={t['extensions.field.anonymousHint']}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.List name="questions">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8}>
            <Typography.Text>{t['extensions.field.questions']}</Typography.Text>
            {fields.map((field) => (
              <Card size="small" key={field.key}>
                <Flex gap={8} align="start" wrap>
                  <Form.Item
                    name={[field.name, 'title']}
                    rules={[{ required: true, whitespace: true, message: t['extensions.field.questionRequired'] }]}
                    style={{ flex: 1, minWidth: 200, marginBottom: 8 }}
                  >
                    <Input placeholder={t['extensions.field.question']} maxLength={100} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'type']} style={{ width: 100, marginBottom: 8 }}>
                    <Select
                      options={(['single', 'multiple', 'text'] as const).map((type) => ({
                        value: type,
                        label: t[`extensions.questionType.${type}`],
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'required']}
                    valuePropName="checked"
                    label={t['extensions.field.required']}
                    style={{ marginBottom: 8 }}
                  >
                    <Switch size="small" />
                  </Form.Item>
                  <Button
                    danger
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t['menu.remove']}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
                {/* A text question has no options; a choice question two different ones at least. */}
                <Form.Item noStyle dependencies={[['questions', field.name, 'type']]}>
                  {({ getFieldValue }) =>
                    getFieldValue(['questions', field.name, 'type']) === 'text' ? null : (
                      <Form.Item
                        name={[field.name, 'options']}
                        style={{ marginBottom: 0 }}
                        rules={[
                          {
                            validator: (_, options: string[] | undefined) => {
                              const problem = questionOptionsProblem(
                                getFieldValue(['questions', field.name, 'type']),
                                options,
                              );
                              return problem
                                ? Promise.reject(
                                    new Error(
                                      t[
                                        problem === 'tooFew'
                                          ? 'extensions.field.optionsTooFew'
                                          : 'extensions.field.optionsRepeated'
                                      ],
                                    ),
                                  )
                                : Promise.resolve();
                            },
                          },
                        ]}
                      >
                        <Select
                          mode="tags"
                          placeholder={t['extensions.field.optionsPlaceholder']}
                          open={false}
                          aria-label={t['extensions.field.options']}
                        />
                      </Form.Item>
                    )
                  }
                </Form.Item>
              </Card>
            ))}
            <Button
              icon={<PlusOutlined />}
              type="dashed"
              onClick={() => add({ title: '', type: 'single', options: [], required: false })}
            >
              {t['extensions.field.addQuestion']}
            </Button>
          </Flex>
        )}
      </Form.List>
    </>
  );
}

function ExtensionCard({ activityId, identity }: { activityId: number; identity: ExtensionIdentity }) {
  const { modal } = App.useApp();
  const query = useQuery(extensionQuery(activityId, identity));
  const { configure, run } = useExtensionMutations(activityId, identity);
  const [editing, setEditing] = useState(false);
  const [showingResults, setShowingResults] = useState(false);
  const [form] = Form.useForm<Record<string, unknown>>();
  const state: ExtensionState | undefined = query.data;
  const name = t[`extensions.name.${identity}`];

  return (
    <Card
      size="small"
      data-testid={`extension-${identity}`}
      title={
        <Space>
          <span>{name}</span>
          {state && (
            <Tag color={state.enabled ? 'success' : 'default'}>
              {state.enabled ? t['extensions.enabled'] : t['extensions.disabled']}
            </Tag>
          )}
        </Space>
      }
      extra={
        state && (
          <Switch
            checked={state.enabled}
            loading={run.isPending}
            aria-label={name}
            onChange={(on) => run.mutate(on ? 'enable' : 'disable')}
          />
        )
      }
      actions={[
        <Button
          key="configure"
          type="link"
          icon={<SettingOutlined />}
          disabled={!state}
          onClick={() => {
            form.setFieldsValue(state?.settings ?? {});
            setEditing(true);
          }}
        >
          {t['extensions.configure']}
        </Button>,
        <Button
          key="reset"
          type="link"
          icon={<UndoOutlined />}
          disabled={!state}
          onClick={() =>
            modal.confirm({
              title: t['extensions.reset'],
              content: t['extensions.resetConfirm'],
              onOk: () => run.mutateAsync('reset').catch(() => undefined),
            })
          }
        >
          {t['extensions.reset']}
        </Button>,
        ...(identity === 'questionnaire'
          ? [
              <Button
                key="results"
                type="link"
                icon={<BarChartOutlined />}
                disabled={!state}
                onClick={() => setShowingResults(true)}
              >
                {t['questionnaire.results']}
              </Button>,
            ]
          : []),
      ]}
    >
      {state ? (
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">{t[`extensions.desc.${identity}`]}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {state.updatedAt
              ? t['extensions.updatedAt'](dayjs(state.updatedAt).format('YYYY-MM-DD HH:mm'))
              : t['extensions.neverUpdated']}
          </Typography.Text>
        </Flex>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} />
      )}
      <Modal
        open={editing}
        title={t['extensions.configTitle'](name)}
        okText={t['settings.save']}
        cancelText={t['settings.cancel']}
        confirmLoading={configure.isPending}
        onCancel={() => setEditing(false)}
        onOk={() => form.submit()}
        forceRender
        width={560}
      >
        <Form
          // Each extension's form names its own fields: three dialogs are on the page, so their ids must differ.
          name={`extension-${identity}`}
          form={form}
          layout="vertical"
          onFinish={(values) => configure.mutate(values, { onSuccess: () => setEditing(false) })}
        >
          <SettingsFields identity={identity} />
        </Form>
      </Modal>
      {identity === 'questionnaire' && (
        <QuestionnaireResults activityId={activityId} open={showingResults} onClose={() => setShowingResults(false)} />
      )}
    </Card>
  );
}

export function ExtensionsTab({ activityId }: { activityId: number }) {
  return (
    <SettingsSection title={t['extensions.title']} hint={t['extensions.hint']}>
      {() => (
        <Row gutter={[16, 16]}>
          {EXTENSION_IDENTITIES.map((identity) => (
            <Col xs={24} md={12} xl={8} key={identity}>
              <ExtensionCard activityId={activityId} identity={identity} />
            </Col>
          ))}
        </Row>
      )}
    </SettingsSection>
  );
}
