import { DownOutlined, EditOutlined, LoginOutlined } from '@ant-design/icons';
import { AGENT_STATUSES, type AgentStatus, type ManagedAgent } from '@yanbo/contracts';
import { App, Button, Dropdown, Space } from 'antd';
import { useNavigate } from 'react-router';
import { agentTexts as t } from '../../../locales/zh-CN/agents';
import { useImpersonateAgent } from '../api/impersonate-agent';
import { useSetAgentStatus } from '../api/save-agent';

export function agentName(agent: Pick<ManagedAgent, 'contact' | 'company' | 'mobile'>): string {
  return agent.contact || agent.company || agent.mobile;
}

/** Asks before a status change (disabling logs the agent out) and before opening the agent's console. */
export function useAgentActions() {
  const { modal } = App.useApp();
  const setStatus = useSetAgentStatus();
  const impersonate = useImpersonateAgent();

  const confirmStatus = (agent: ManagedAgent, status: AgentStatus) =>
    modal.confirm({
      title: t['agents.confirm.statusTitle'](t[`agents.status.${status}`]),
      content: t[`agents.confirm.${status}`],
      okText: t['agents.confirm.ok'],
      okButtonProps: { danger: status === 'disabled' },
      cancelText: t['agents.confirm.cancel'],
      onOk: () => setStatus.mutateAsync({ id: agent.id, status }).catch(() => undefined),
    });

  const confirmImpersonate = (agent: ManagedAgent) =>
    modal.confirm({
      title: t['agents.impersonate.title'],
      content: t['agents.impersonate.content'](agentName(agent)),
      okText: t['agents.impersonate.ok'],
      cancelText: t['agents.confirm.cancel'],
      onOk: () => impersonate.mutateAsync(agent.id).catch(() => undefined),
    });

  return { confirmStatus, confirmImpersonate, statusPending: setStatus.isPending };
}

/** 编辑, 登录后台, and the status menu (启用 / 停用 / 禁用). */
export function AgentRowActions({ agent }: { agent: ManagedAgent }) {
  const navigate = useNavigate();
  const { confirmStatus, confirmImpersonate } = useAgentActions();
  return (
    <Space size={4} wrap={false}>
      <Button size="small" icon={<EditOutlined />} onClick={() => navigate(`/agent/${agent.id}/edit`)}>
        {t['agents.action.edit']}
      </Button>
      <Button
        size="small"
        icon={<LoginOutlined />}
        disabled={agent.status === 'disabled'}
        onClick={() => confirmImpersonate(agent)}
      >
        {t['agents.action.impersonate']}
      </Button>
      <AgentStatusMenu agent={agent} onPick={(status) => confirmStatus(agent, status)} size="small" />
    </Space>
  );
}

/** 状态 ▾: the statuses the agent can be set to (its own one disabled, 禁用 in red). */
export function AgentStatusMenu({
  agent,
  onPick,
  size,
}: {
  agent: Pick<ManagedAgent, 'status'>;
  onPick: (status: AgentStatus) => void;
  size?: 'small';
}) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: AGENT_STATUSES.map((status) => ({
          key: status,
          label: t['agents.action.setStatus'](t[`agents.status.${status}`]),
          disabled: status === agent.status,
          danger: status === 'disabled',
        })),
        onClick: ({ key }) => onPick(key as AgentStatus),
      }}
    >
      <Button size={size}>
        {t['agents.action.status']} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
