import { QueryClientProvider } from '@tanstack/react-query';
import 'antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { isBrowserSupported, measureFlexGap } from './app/browser-support';
import { setNavigate } from './app/http';
import { adoptHashAccessToken, getManageToken } from './app/manage-token';
import { bridgeNavigate } from './app/navigate-bridge';
import { NotSupportedPage } from './app/not-supported-page';
import { queryClient } from './app/query-client';
import { isPublicPath, NOT_SUPPORTED_PATH } from './app/route-table';
import { createAppRouter } from './app/router';

function start(root: HTMLElement) {
  // Before anything renders: a token handed over in the URL hash becomes the manage token (seed 000 §2) …
  adoptHashAccessToken();

  // … and the not-supported page stands alone, with no theme, router or token rule, since it must show where those
  // can't work.
  if (window.location.pathname === NOT_SUPPORTED_PATH) {
    createRoot(root).render(<NotSupportedPage />);
    return;
  }
  if (!isBrowserSupported(globalThis.CSS, measureFlexGap)) {
    window.location.replace(NOT_SUPPORTED_PATH);
    return;
  }

  // The entry rule's first answer, before the router starts: without a manage token, every screen but the public
  // ones goes to /login, as the entry loader would send it, so a signed-out visit never fetches the console shell.
  if (!getManageToken() && !isPublicPath(window.location.pathname)) window.history.replaceState(null, '', '/login');

  const router = createAppRouter(queryClient);
  setNavigate(
    bridgeNavigate(
      (to) => void router.navigate(to),
      (to) => window.location.assign(to),
      window.location.origin,
    ),
  );

  // No antd here: the signed-out pages are light, and antd's theme, locale and feedback come with the console shell
  // (app/console-shell.tsx), the first chunk of every signed-in screen.
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

start(document.getElementById('root') as HTMLElement);
