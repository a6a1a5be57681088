import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { FeedbackBridge } from './feedback-bridge';

// antd with the console's theme, locale and feedback (message, notification, modal): a chunk of its own, so the
// signed-out pages never load antd. The screens around the console that are drawn with it (loading, failures, not
// found) are in console-screens.tsx, fetched only when one shows.

dayjs.locale('zh-cn');

const PRIMARY_BLUE = '#1677ff';

export function ConsoleProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: PRIMARY_BLUE } }}>
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
