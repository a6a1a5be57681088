import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /agent: not built yet; the screen says so instead of pretending. */
export function AgentAreaPage() {
  return <ComingSoonPage name="agents" />;
}
