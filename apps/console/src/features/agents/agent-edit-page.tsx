import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /agent/:agentId/edit: not built yet; the screen says so instead of pretending. */
export function AgentEditPage() {
  return <ComingSoonPage name="agents.edit" />;
}
