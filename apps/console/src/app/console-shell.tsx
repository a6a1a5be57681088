import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useSyncExternalStore } from 'react';
import { Outlet } from 'react-router';
import { FeedbackBridge } from './feedback-bridge';

// antd with the console's theme, locale and feedback (message, notification, modal): a chunk of its own, so the
// signed-out pages never load antd. The screens around the console that are drawn with it (loading, failures, not
// found) are in console-screens.tsx, fetched only when one shows.

dayjs.locale('zh-cn');

const PRIMARY_BLUE = '#1677ff';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function onReducedMotionChange(notify: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
}

/**
 * Whether the system asks for less motion. antd animates dialogs, drawers and messages; with this set they appear and
 * leave at once, for people whom motion troubles (and for anything driving the console, which then never clicks a
 * button still zooming into place).
 */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    onReducedMotionChange,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

export function ConsoleProviders({ children }: { children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: PRIMARY_BLUE, motion: !reducedMotion } }}>
      <App>
        <FeedbackBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}

/** The signed-in console's root: everything under it is drawn with antd. */
export function ConsoleShell() {
  return (
    <ConsoleProviders>
      <Outlet />
    </ConsoleProviders>
  );
}
