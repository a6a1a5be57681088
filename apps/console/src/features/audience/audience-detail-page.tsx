import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /CRMUser/detail/:id: not built yet; the screen says so instead of pretending. */
export function CrmUserDetailPage() {
  return <ComingSoonPage name="crm.detail" />;
}
