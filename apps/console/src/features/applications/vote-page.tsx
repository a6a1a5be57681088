import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /application/vote: not built yet; the screen says so instead of pretending. */
export function VotePage() {
  return <ComingSoonPage name="applications.vote" />;
}
