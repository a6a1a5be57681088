import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountCalls } from '@yanbo/contracts';
import { feedback } from '../../../app/feedback';
import { api } from '../../../app/http';
import { tabScopedConsoleUrl } from '../../../app/manage-token';
import { agentTexts as t } from '../../../locales/zh-CN/agents';
import { agentsKey } from './agent-queries';

/**
 * Opens a lower-level agent's console in a new tab (seed 000 §6): GET /agent/login/token?agentId= gives a one-time
 * token for an agent below the caller, POST /agent/login/token turns it into that agent's session (recorded as an
 * impersonation), and the tab takes the session for itself only, so this console stays the caller's. The tab is
 * opened before the calls, while the click still allows it, and pointed at the console once the session is there.
 */
export function useImpersonateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (agentId: number) => {
      const tab = window.open('', '_blank');
      try {
        const ticket = await api(accountCalls.createLoginTicket, { query: { agentId } });
        const session = await api(accountCalls.loginWithTicket, {
          body: { token: ticket.token },
          noAuthRedirect: true,
        });
        if (!tab) {
          feedback().message.warning(t['agents.impersonate.blocked']);
          return session;
        }
        tab.location.href = tabScopedConsoleUrl(session.token);
        return session;
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
    // The record of impersonations shown on the agent's screen has a new entry.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...agentsKey, 'impersonations'] }),
  });
}
