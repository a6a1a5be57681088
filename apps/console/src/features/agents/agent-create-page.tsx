import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Result } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { useMe } from '../../app/session';
import { agentTexts as t } from '../../locales/zh-CN/agents';
import { type AgentFormValues, blankAgentValues, canCreateAgents, toCreateBody } from './agent-form-rules';
import { areaLibraryQuery } from './api/agent-queries';
import { useCreateAgent } from './api/save-agent';
import { BasicFields, CoopFields } from './components/agent-form-fields';
import { showSaveError } from './components/server-field-error';

/** /agent/create: a blank agent (area 330100, margin 0) below the caller; 账号创建成功 returns to the list. */
export function AgentCreatePage() {
  const [form] = Form.useForm<AgentFormValues>();
  const navigate = useNavigate();
  const me = useMe();
  const areas = useQuery(areaLibraryQuery());
  const create = useCreateAgent();

  // The blank agent's area path needs the library; the form starts blank and takes it once loaded.
  useEffect(() => {
    if (areas.data && !form.isFieldTouched('area')) form.setFieldValue('area', blankAgentValues(areas.data.items).area);
  }, [areas.data, form]);

  const submit = async (values: AgentFormValues) => {
    try {
      await create.mutateAsync(toCreateBody(values));
      navigate('/agent/list');
    } catch (error) {
      await showSaveError(form, error);
    }
  };

  // 合作等级 0: say so instead of a form whose submit can only fail (issue 8).
  if (me.isSuccess && !canCreateAgents(me.data.coopLevel)) {
    return (
      <>
        <PageHeader name="agents.create" />
        <Card>
          <Result
            status="info"
            title={t['agents.create.notAllowed']}
            subTitle={t['agents.create.notAllowedHint']}
            extra={<Button onClick={() => navigate('/agent/list')}>{t['agents.form.back']}</Button>}
            data-testid="agent-create-not-allowed"
          />
        </Card>
      </>
    );
  }

  const maxLevel = (me.data?.coopLevel ?? 1) - 1;
  return (
    <>
      <PageHeader name="agents.create" />
      <Form<AgentFormValues>
        form={form}
        layout="vertical"
        initialValues={blankAgentValues(areas.data?.items)}
        onFinish={submit}
        disabled={create.isPending}
        requiredMark="optional"
      >
        <Card title={t['agents.form.basic']} style={{ marginBottom: 16 }}>
          <BasicFields mode="create" areas={areas.data?.items} />
        </Card>
        <Card title={t['agents.form.coop']} style={{ marginBottom: 16 }}>
          <CoopFields maxLevel={maxLevel} managerEditable />
        </Card>
        <Flex gap={12} justify="flex-end" align="center">
          <Button onClick={() => navigate('/agent/list')} disabled={false}>
            {t['agents.form.cancel']}
          </Button>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t['agents.form.submitCreate']}
          </Button>
        </Flex>
      </Form>
    </>
  );
}
