import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /application/vote/create: not built yet; the screen says so instead of pretending. */
export function VoteCreatePage() {
  return <ComingSoonPage name="applications.vote.create" />;
}
