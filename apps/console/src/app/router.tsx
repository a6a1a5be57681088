import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs, Outlet, type RouteObject, redirect } from 'react-router';
import { agentOnly } from './agent-only';
import { deferred } from './deferred';
import { getManageToken } from './manage-token';
import { isAgentOnlyRoute } from './menu';
import { NotSupportedPage } from './not-supported-page';
import { PageLoading } from './page-loading';
import { PublicRouteError } from './public-route-error';
import {
  consoleLayout,
  consolePages,
  consoleScreens,
  consoleShell,
  entryLoaderModule,
  publicPages,
} from './route-pages';
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

/**
 * The entry rule (entry-loader.ts), its loads fetched with the first signed-in screen: without a manage token it
 * sends to /login at once; the queries it runs, and the contract entries they call, are not in the entry chunk.
 */
function lazyEntryLoader(queryClient: QueryClient) {
  let loader: Promise<(args: LoaderFunctionArgs) => Promise<null>> | undefined;
  return async (args: LoaderFunctionArgs) => {
    if (!getManageToken()) throw redirect('/login');
    loader ??= entryLoaderModule().then(
      (m) => m.createEntryLoader(queryClient),
      (error: unknown) => {
        loader = undefined;
        throw error;
      },
    );
    return (await loader)(args);
  };
}

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
          loader: lazyEntryLoader(queryClient),
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
