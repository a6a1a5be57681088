import type { AgentStatus } from '@yanbo/contracts';
import { Tag } from 'antd';
import { agentTexts as t } from '../../../locales/zh-CN/agents';

const colors: Record<AgentStatus, string> = { enabled: 'success', pending: 'warning', disabled: 'error' };

/** 启用 / 停用 / 禁用: pending is labelled 停用 (seed 000 §3). */
export function AgentStatusTag({ status }: { status: AgentStatus }) {
  return <Tag color={colors[status]}>{t[`agents.status.${status}`]}</Tag>;
}
