import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AgentCredit,
  type AgentStatus,
  type AgentUpdateBody,
  agentCalls,
  type ManagedAgent,
} from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { agentTexts as t } from '../../../locales/zh-CN/agents';
import type { AgentCoopBody, AgentCreateBody } from '../agent-form-rules';
import { agentQuery, agentsKey } from './agent-queries';

// The agent area's changes (seed 000 §7). Each shows the seed's toast and reloads the agent lists (seed 000 §4).
// The forms show create and edit failures themselves (a field's error goes on the field), so those are silent here.

function useAgentMutation<V, R>(call: (variables: V) => Promise<R>, success: string, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (result) => {
      toastSuccess(success);
      const agent = result as Partial<ManagedAgent>;
      if (typeof agent.id === 'number' && typeof agent.mobile === 'string') {
        queryClient.setQueryData(agentQuery(agent.id).queryKey, result as ManagedAgent);
      }
      await queryClient.invalidateQueries({ queryKey: agentsKey });
    },
    meta: { silent },
  });
}

/** POST /agent/agent/: 账号创建成功. */
export const useCreateAgent = () =>
  useAgentMutation((body: AgentCreateBody) => api(agentCalls.createAgent, { body }), t['agents.toast.created'], true);

/** PUT /agent/agent/{id}: 编辑成功. */
export const useUpdateAgent = () =>
  useAgentMutation(
    ({ id, body }: { id: number; body: AgentUpdateBody }) => api(agentCalls.updateAgent, { params: { id }, body }),
    t['agents.toast.edited'],
    true,
  );

/** PUT /agent/agent/{id}/coop/: 保存成功. */
export const useUpdateCoop = () =>
  useAgentMutation(
    ({ id, body }: { id: number; body: AgentCoopBody }) => api(agentCalls.updateAgentCoop, { params: { id }, body }),
    t['agents.toast.saved'],
    true,
  );

/** PUT /agent/agent/{id}/status: 设置成功. A disabled agent's open consoles log out at their next request. */
export const useSetAgentStatus = () =>
  useAgentMutation(
    ({ id, status }: { id: number; status: AgentStatus }) =>
      api(agentCalls.setAgentStatus, { params: { id }, body: { status } }),
    t['agents.toast.set'],
  );

/** PUT /agent/agentcredit/: 设置成功. */
export const useSetAgentCredit = () =>
  useAgentMutation(
    ({ agentId, credit }: { agentId: number; credit: AgentCredit }) =>
      api(agentCalls.setAgentCredit, { body: { agentId, credit } }),
    t['agents.toast.set'],
  );
