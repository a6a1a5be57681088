import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /application/vote/edit: not built yet; the screen says so instead of pretending. */
export function VoteEditPage() {
  return <ComingSoonPage name="applications.vote.edit" />;
}
