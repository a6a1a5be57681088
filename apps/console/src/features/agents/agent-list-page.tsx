import { AgentListScreen } from './components/agent-list-screen';

/** /agent/list: the lower-level agents with the search the URL holds. */
export function AgentListPage() {
  return <AgentListScreen name="agents.list" />;
}
