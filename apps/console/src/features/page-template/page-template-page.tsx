import { CopyOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type LiveTemplate, PAGE_TEMPLATE_ERRORS } from '@yanbo/contracts';
import { App, Button, Card, Col, Flex, Form, Row, Segmented, Space, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { toastSuccess } from '../../app/feedback';
import { ApiError, showError } from '../../app/http';
import { useConfirmLeave } from '../../app/use-confirm-leave';
import { pageTemplateTexts as t } from '../../locales/zh-CN/page-template';
import { activityQuery } from '../activities';
import { ActivitySubpagePending, BackToBoard } from '../board';
import { liveTemplateQuery, useInheritTemplate, useSaveTemplate } from './api/live-template';
import { DisplayForm } from './components/display-form';
import { IntroTabsEditor } from './components/intro-tabs-editor';
import { PhonePreview } from './components/phone-preview';
import { type PreviewStage, type TemplateFormValues, toFormValues, toTemplateUpdate } from './template-form-rules';

/** /board/:id/template: the viewing page's template, in the display and intro tabs, beside a live phone preview. */
export function PageTemplatePage() {
  const { id } = useParams();
  return <TemplateEditor key={id} activityId={Number(id)} />;
}

function TemplateEditor({ activityId }: { activityId: number }) {
  const template = useQuery(liveTemplateQuery(activityId));

  useEffect(() => {
    if (template.error) void showError(template.error);
  }, [template.error]);

  if (!template.data) {
    return (
      <ActivitySubpagePending
        name="page-template"
        activityId={activityId}
        query={template}
        failedTitle={t['template.loadFailed']}
        rows={10}
      />
    );
  }
  return <TemplateForm activityId={activityId} saved={template.data} />;
}

function TemplateForm({ activityId, saved }: { activityId: number; saved: LiveTemplate }) {
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<TemplateFormValues>();
  const save = useSaveTemplate(activityId);
  const inherit = useInheritTemplate(activityId);
  const [dirty, setDirty] = useState(false);
  useConfirmLeave(dirty);
  const [tab, setTab] = useState('display');
  const [previewTab, setPreviewTab] = useState<string>();
  // The preview starts where the activity is: live while it pushes, before the live otherwise.
  const isPushing = useQuery(activityQuery(activityId)).data?.isPushing;
  const [stage, setStage] = useState<PreviewStage>();
  const previewStage = stage ?? (isPushing ? 'live' : 'prologue');
  const values = Form.useWatch((all) => all, { form, preserve: true }) as TemplateFormValues | undefined;

  // The form follows what the server holds whenever that changes (load, save, inherit).
  useEffect(() => {
    form.setFieldsValue(toFormValues(saved));
    setDirty(false);
  }, [saved, form]);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      message.error(t['template.invalid']);
      return;
    }
    await save.mutateAsync(toTemplateUpdate(form.getFieldsValue(true)));
    toastSuccess(t['template.saved']);
  };

  const confirmInherit = () =>
    modal.confirm({
      title: t['template.inherit.title'],
      content: t['template.inherit.content'],
      okText: t['template.inherit.ok'],
      cancelText: t['template.cancel'],
      onOk: async () => {
        try {
          await inherit.mutateAsync();
          toastSuccess(t['template.inherit.done']);
        } catch (failure) {
          if (failure instanceof ApiError && failure.message === PAGE_TEMPLATE_ERRORS.previousActivityNotFound) {
            message.warning(t['template.inherit.none']);
          } else {
            await showError(failure);
          }
        }
      },
    });

  const preview = values?.introTabs ? values : toFormValues(saved);

  return (
    <>
      <PageHeader
        name="page-template"
        extra={
          <Space wrap>
            <BackToBoard activityId={activityId} />
            <Button icon={<CopyOutlined />} onClick={confirmInherit} data-testid="template-inherit">
              {t['template.inherit']}
            </Button>
            <Button
              icon={<UndoOutlined />}
              disabled={!dirty}
              onClick={() => {
                form.setFieldsValue(toFormValues(saved));
                setDirty(false);
              }}
            >
              {t['template.reset']}
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={save.isPending}
              onClick={() => void submit().catch(() => undefined)}
              data-testid="template-save"
            >
              {t['template.save']}
            </Button>
          </Space>
        }
      />
      <Row gutter={16} wrap={false}>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Card styles={{ body: { paddingTop: 8 } }}>
            <Form
              form={form}
              layout="vertical"
              requiredMark={false}
              onValuesChange={() => setDirty(true)}
              initialValues={toFormValues(saved)}
            >
              <Tabs
                activeKey={tab}
                onChange={setTab}
                tabBarExtraContent={dirty ? <Tag color="orange">{t['template.unsaved']}</Tag> : null}
                items={[
                  {
                    key: 'display',
                    label: t['template.tab.display'],
                    forceRender: true,
                    children: <DisplayForm activityId={activityId} />,
                  },
                  {
                    key: 'intro',
                    label: t['template.tab.intro'],
                    forceRender: true,
                    children: <IntroTabsEditor form={form} />,
                  },
                ]}
              />
            </Form>
          </Card>
        </Col>
        <Col flex="340px">
          <Card size="small" title={t['template.preview.title']} style={{ position: 'sticky', top: 16 }}>
            <Flex vertical align="center" gap={12}>
              <Segmented<PreviewStage>
                size="small"
                value={previewStage}
                onChange={setStage}
                data-testid="preview-stage"
                options={(['prologue', 'live', 'epilogue'] as const).map((value) => ({
                  value,
                  label: t[`template.preview.stage.${value}`],
                }))}
              />
              <PhonePreview
                template={{
                  ...preview,
                  introTabs: preview.introTabs ?? [],
                  prologuePaths: preview.prologuePaths ?? [],
                  epiloguePaths: preview.epiloguePaths ?? [],
                }}
                activeKey={previewTab}
                onSelectTab={setPreviewTab}
                stage={previewStage}
              />
            </Flex>
          </Card>
        </Col>
      </Row>
    </>
  );
}
