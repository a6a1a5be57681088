import { type AgentProfile, DEFAULT_AGENT_AREA, DEFAULT_AGENT_MARGIN, type Me } from '@yanbo/contracts';
import type { AgentRow } from '../../platform/db/schema.ts';

export function toAgentProfile(row: AgentRow): AgentProfile {
  const extra = row.extra ?? { area: DEFAULT_AGENT_AREA, address: '', margin: DEFAULT_AGENT_MARGIN };
  return {
    id: row.id,
    parentId: row.parentId,
    mobile: row.mobile,
    contact: row.contact,
    company: row.company,
    email: row.email,
    avatar: row.avatar,
    status: row.status,
    coopLevel: row.coopLevel,
    extra: {
      area: extra.area ?? DEFAULT_AGENT_AREA,
      address: extra.address ?? '',
      margin: extra.margin ?? DEFAULT_AGENT_MARGIN,
    },
    createdAt: row.createdAt.toISOString(),
  };
}

export function toMe(
  agent: AgentRow,
  subagent: { id: number; username: string; remark: string } | null,
  impersonatedBy: number | null,
): Me {
  return {
    ...toAgentProfile(agent),
    isSubAgent: subagent !== null,
    subagent: subagent ? { id: subagent.id, username: subagent.username, remark: subagent.remark } : null,
    impersonatedBy,
    hasContract: agent.hasContract,
  };
}
