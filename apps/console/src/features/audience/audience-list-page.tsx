import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /CRMUser: not built yet; the screen says so instead of pretending. */
export function CrmUserListPage() {
  return <ComingSoonPage name="crm" />;
}
