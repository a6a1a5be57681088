import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /board/:id: not built yet; the screen says so instead of pretending. */
export function BoardPage() {
  return <ComingSoonPage name="board" />;
}
