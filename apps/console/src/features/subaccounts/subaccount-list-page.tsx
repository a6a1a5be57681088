import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /subaccount: not built yet; the screen says so instead of pretending. */
export function SubaccountListPage() {
  return <ComingSoonPage name="subaccounts" />;
}
