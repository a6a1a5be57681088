import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { agentOnly } from './agent-only';
import { EntryError } from './entry-error';
import { createEntryLoader } from './entry-loader';
import { EntryLoading } from './entry-loading';
import { isAgentOnlyRoute } from './menu';
import { NotFoundPage } from './not-found-page';
import { NotSupportedPage } from './not-supported-page';
import { PageLoading } from './page-loading';
import { RouteError } from './route-error';
import { consoleLayout, consolePages, publicPages } from './route-pages';
import { consoleRoutes, NOT_SUPPORTED_PATH, publicRoutes } from './route-table';

export function createAppRouter(queryClient: QueryClient) {
  const routes: RouteObject[] = [
    {
      // Screens outside the entry rule (seed 000 §2).
      HydrateFallback: PageLoading,
      errorElement: <RouteError />,
      Component: Outlet,
      children: [
        { path: NOT_SUPPORTED_PATH, Component: NotSupportedPage },
        ...publicRoutes.map((route) => ({ path: route.path, lazy: publicPages[route.name] })),
      ],
    },
    {
      id: 'entry',
      loader: createEntryLoader(queryClient),
      // The entry rule holds on entering any path, so it is checked on every navigation (its loads are cached).
      shouldRevalidate: () => true,
      HydrateFallback: EntryLoading,
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
              lazy: isAgentOnlyRoute(route) ? agentOnly(consolePages[route.name]) : consolePages[route.name],
            })),
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
  return createBrowserRouter(routes);
}
