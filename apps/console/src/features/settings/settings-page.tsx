import { ComingSoonPage } from '../../app/components/coming-soon-page';

/** /settings: not built yet; the screen says so instead of pretending. */
export function SettingsPage() {
  return <ComingSoonPage name="settings" />;
}
