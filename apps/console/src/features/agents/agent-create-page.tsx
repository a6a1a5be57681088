import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /agent/create: not built yet; the screen says so instead of pretending. */
export function AgentCreatePage() {
  return <ComingSoonPage name="agents.create" />;
}
