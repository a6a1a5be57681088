import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /subaccount/creatson: not built yet; the screen says so instead of pretending. */
export function SubaccountCreatePage() {
  return <ComingSoonPage name="subaccounts.create" />;
}
