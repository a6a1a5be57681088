import { useQuery } from '@tanstack/react-query';
import type { AgentCredit, ManagedAgent } from '@yanbo/contracts';
import { Button, Card, Col, Form, InputNumber, Row, Skeleton, Statistic } from 'antd';
import { useEffect } from 'react';
import { agentTexts as t } from '../../../locales/zh-CN/agents';
import { agentUsageQuery } from '../api/agent-queries';
import { useSetAgentCredit } from '../api/save-agent';

function bytes(value: number): string {
  if (value < 1024 * 1024) return `${(value / 1024).toFixed(1)} KB`;
  if (value < 1024 ** 3) return `${(value / 1024 ** 2).toFixed(1)} MB`;
  return `${(value / 1024 ** 3).toFixed(2)} GB`;
}

/** The resource credit an upper agent grants (PUT /agent/agentcredit/) beside what the agent uses (GET /agent/agentusage). */
export function AgentResources({ agent }: { agent: ManagedAgent }) {
  const [form] = Form.useForm<AgentCredit>();
  const usage = useQuery(agentUsageQuery(agent.id));
  const setCredit = useSetAgentCredit();
  useEffect(() => form.setFieldsValue(agent.credit), [agent.credit, form]);

  return (
    <Row gutter={16}>
      <Col xs={24} lg={10}>
        <Card title={t['agents.credit.title']} size="small">
          <Form<AgentCredit>
            form={form}
            layout="vertical"
            initialValues={agent.credit}
            disabled={setCredit.isPending}
            onFinish={(credit) => setCredit.mutate({ agentId: agent.id, credit })}
          >
            <Form.Item name="fluxGb" label={t['agents.credit.flux']} rules={[{ required: true }]}>
              <InputNumber min={0} max={10_000_000} precision={2} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="storageGb" label={t['agents.credit.storage']} rules={[{ required: true }]}>
              <InputNumber min={0} max={10_000_000} precision={2} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="smsCount" label={t['agents.credit.sms']} rules={[{ required: true }]}>
              <InputNumber min={0} max={100_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={setCredit.isPending}>
              {t['agents.credit.save']}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title={t['agents.usage.title']} size="small">
          {usage.data ? (
            <Row gutter={[16, 24]}>
              <Col span={12}>
                <Statistic title={t['agents.usage.activities']} value={usage.data.activityCount} />
              </Col>
              <Col span={12}>
                <Statistic
                  title={t['agents.usage.subagents']}
                  value={usage.data.subagentCount}
                  suffix={t['agents.usage.ofQuota'](usage.data.subagentQuota)}
                />
              </Col>
              <Col span={12}>
                <Statistic
                  title={t['agents.usage.storage']}
                  value={bytes(usage.data.storageBytes)}
                  suffix={
                    <span style={{ fontSize: 13 }}>
                      {t['agents.usage.ofCredit'](`${usage.data.credit.storageGb} GB`)}
                    </span>
                  }
                />
              </Col>
              <Col span={12}>
                <Statistic
                  title={t['agents.usage.sms']}
                  value={usage.data.smsCount}
                  suffix={
                    <span style={{ fontSize: 13 }}>
                      {t['agents.usage.ofCredit'](String(usage.data.credit.smsCount))}
                    </span>
                  }
                />
              </Col>
            </Row>
          ) : (
            <Skeleton active paragraph={{ rows: 3 }} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
