import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /agent/list: not built yet; the screen says so instead of pretending. */
export function AgentListPage() {
  return <ComingSoonPage name="agents.list" />;
}
