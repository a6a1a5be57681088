import { LoginOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ManagedAgent } from '@yanbo/contracts';
import { Button, Card, Flex, Form, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { ApiError } from '../../app/http';
import { useMe } from '../../app/session';
import { agentTexts as t } from '../../locales/zh-CN/agents';
import { financeViewTexts } from '../../locales/zh-CN/finance-views';
import { IncomeBreakdown } from '../finance';
import { type AgentFormValues, agentFormValues, areaLabel, toCoopBody, toUpdateBody } from './agent-form-rules';
import { agentQuery, areaLibraryQuery } from './api/agent-queries';
import { useUpdateAgent, useUpdateCoop } from './api/save-agent';
import { BasicFields, CoopFields } from './components/agent-form-fields';
import { AgentImpersonations } from './components/agent-impersonations';
import { AgentResources } from './components/agent-resources';
import { AgentStatusMenu, agentName, useAgentActions } from './components/agent-row-actions';
import { AgentStatusTag } from './components/agent-status-tag';
import { showSaveError } from './components/server-field-error';

function BasicTab({ agent }: { agent: ManagedAgent }) {
  const [form] = Form.useForm<AgentFormValues>();
  const areas = useQuery(areaLibraryQuery());
  const update = useUpdateAgent();
  useEffect(() => {
    form.setFieldsValue(agentFormValues(agent, areas.data?.items));
  }, [agent, areas.data, form]);
  const submit = async (values: AgentFormValues) => {
    try {
      await update.mutateAsync({ id: agent.id, body: toUpdateBody(values) });
      form.setFieldValue('password', '');
    } catch (error) {
      await showSaveError(form, error);
    }
  };
  return (
    <Form<AgentFormValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      disabled={update.isPending}
      requiredMark="optional"
    >
      <BasicFields mode="edit" areas={areas.data?.items} />
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t['agents.form.submitSave']}
      </Button>
    </Form>
  );
}

function CoopTab({ agent, callerLevel }: { agent: ManagedAgent; callerLevel: number }) {
  const [form] = Form.useForm<AgentFormValues>();
  const update = useUpdateCoop();
  useEffect(() => {
    form.setFieldsValue(agentFormValues(agent));
  }, [agent, form]);
  const submit = async (values: AgentFormValues) => {
    try {
      await update.mutateAsync({ id: agent.id, body: toCoopBody(values) });
    } catch (error) {
      await showSaveError(form, error);
    }
  };
  // Each level of the tree is strictly lower than the one above it; the server checks against the agent's own upper.
  const maxLevel = callerLevel - agent.depth;
  return (
    <Form<AgentFormValues> form={form} layout="vertical" onFinish={submit} disabled={update.isPending}>
      <CoopFields
        maxLevel={maxLevel}
        managerEditable={agent.depth === 1}
        currentManager={
          agent.manager ? { value: agent.manager.id, label: agent.manager.remark || agent.manager.username } : null
        }
      />
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t['agents.coop.save']}
      </Button>
    </Form>
  );
}

/** /agent/:agentId/edit: loads the agent (seed 000 §2); its information, cooperation, resources and login record. */
export function AgentEditPage() {
  const navigate = useNavigate();
  const agentId = Number(useParams().agentId);
  const me = useMe();
  const areas = useQuery(areaLibraryQuery());
  const agent = useQuery({ ...agentQuery(agentId), enabled: Number.isInteger(agentId) && agentId > 0 });
  const { confirmStatus, confirmImpersonate } = useAgentActions();

  if (agent.isError || !(Number.isInteger(agentId) && agentId > 0)) {
    const missing = !(agent.error instanceof ApiError) || agent.error.status === 404 || agent.error.status === 400;
    return (
      <>
        <PageHeader name="agents.edit" />
        <Card>
          <Result
            status={missing ? '404' : 'error'}
            title={missing ? t['agents.edit.notFound'] : undefined}
            extra={
              <Button type="primary" onClick={() => navigate('/agent/list')}>
                {t['agents.form.back']}
              </Button>
            }
          />
        </Card>
      </>
    );
  }
  const data = agent.data;
  return (
    <>
      <PageHeader
        name="agents.edit"
        extra={
          data && (
            <Space>
              <AgentStatusMenu agent={data} onPick={(status) => confirmStatus(data, status)} />
              <Button
                type="primary"
                icon={<LoginOutlined />}
                disabled={data.status === 'disabled'}
                onClick={() => confirmImpersonate(data)}
              >
                {t['agents.action.impersonate']}
              </Button>
            </Space>
          )
        }
      />
      {data ? (
        <Card>
          <Flex gap={12} align="center" wrap style={{ marginBottom: 8 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {agentName(data)}
            </Typography.Title>
            <AgentStatusTag status={data.status} />
            <Typography.Text type="secondary">
              ID {data.id} · {data.mobile} · {areaLabel(areas.data?.items, data.extra.area, ' ')} ·{' '}
              {t['agents.edit.createdAt'](dayjs(data.createdAt).format('YYYY-MM-DD'))}
            </Typography.Text>
          </Flex>
          <Tabs
            items={[
              { key: 'basic', label: t['agents.edit.tab.basic'], children: <BasicTab agent={data} /> },
              {
                key: 'coop',
                label: t['agents.edit.tab.coop'],
                children: <CoopTab agent={data} callerLevel={me.data?.coopLevel ?? 0} />,
              },
              { key: 'resources', label: t['agents.edit.tab.resources'], children: <AgentResources agent={data} /> },
              {
                key: 'impersonations',
                label: t['agents.edit.tab.impersonations'],
                children: <AgentImpersonations agentId={data.id} />,
              },
              // The lower agent's income breakdown (seed 000 §3, §7 Income: agent administration).
              {
                key: 'income',
                label: financeViewTexts['financeViews.agentIncome'],
                children: <IncomeBreakdown agentId={data.id} canDownload={false} />,
              },
            ]}
          />
        </Card>
      ) : (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      )}
    </>
  );
}
