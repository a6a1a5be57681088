import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /crmcreatTag: not built yet; the screen says so instead of pretending. */
export function CrmTagCreatePage() {
  return <ComingSoonPage name="crm.createTag" />;
}
