import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { agentOnly } from './agent-only';
import { deferred } from './deferred';
import { createEntryLoader } from './entry-loader';
import { isAgentOnlyRoute } from './menu';
import { NotSupportedPage } from './not-supported-page';
import { PageLoading } from './page-loading';
import { PublicRouteError } from './public-route-error';
import { consoleLayout, consolePages, consoleScreens, consoleShell, publicPages } from './route-pages';
import { consoleRoutes, NOT_SUPPORTED_PATH, publicRoutes } from './route-table';

// The entry holds no antd: the signed-out screens are drawn with their own light components, and antd (theme,
// locale, feedback) comes with the console shell, the first chunk every signed-in screen loads.
const ThemedEntryLoading = deferred(() =>
  Promise.all([consoleShell(), consoleScreens()]).then(([{ ConsoleProviders }, { EntryLoading }]) => () => (
    <ConsoleProviders>
      <EntryLoading />
    </ConsoleProviders>
  )),
);
const EntryError = deferred(() => consoleScreens().then((m) => m.EntryError));
const RouteError = deferred(() => consoleScreens().then((m) => m.RouteError));

export function createAppRouter(queryClient: QueryClient) {
  const routes: RouteObject[] = [
    {
      // Screens outside the entry rule (seed 000 §2).
      HydrateFallback: PageLoading,
      errorElement: <PublicRouteError />,
      Component: Outlet,
      children: [
        { path: NOT_SUPPORTED_PATH, Component: NotSupportedPage },
        ...publicRoutes.map((route) => ({ path: route.path, lazy: publicPages[route.name] })),
      ],
    },
    {
      // The console shell: antd's theme, locale and feedback around every signed-in screen. A failure to fetch it
      // can't be shown with antd, so it has the signed-out screens' error page.
      lazy: () => consoleShell().then((m) => ({ Component: m.ConsoleShell })),
      HydrateFallback: ThemedEntryLoading,
      errorElement: <PublicRouteError />,
      children: [
        {
          id: 'entry',
          loader: createEntryLoader(queryClient),
          // The entry rule holds on entering any path, so it is checked on every navigation (its loads are cached).
          shouldRevalidate: () => true,
          errorElement: <EntryError />,
          // The layout (header, area menu) is a chunk of its own, so /login does not load the menu's components.
          lazy: consoleLayout,
          children: [
            {
              // Inside the layout, so a failed screen keeps the menu.
              errorElement: <RouteError />,
              children: [
                ...consoleRoutes.map((route) => ({
                  path: route.path,
                  lazy: isAgentOnlyRoute(route)
                    ? agentOnly(consolePages[route.name], () => consoleScreens().then((m) => m.NoAccessPage))
                    : consolePages[route.name],
                })),
                {
                  path: '*',
                  lazy: () => consoleScreens().then((m) => ({ Component: m.NotFoundPage })),
                },
              ],
            },
          ],
        },
      ],
    },
  ];
  return createBrowserRouter(routes);
}
