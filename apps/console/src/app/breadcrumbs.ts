import { type ConsoleRoute, routeByName } from './route-table';

export interface Crumb {
  name: string;
  /** Absent for the current screen and for screens that need an id to be opened. */
  path?: string;
}

/**
 * The trail to a screen: the screens its dotted name descends from (applications > applications.vote > …),
 * headed by the menu item it belongs to when that is another area (an activity's board sits under the list).
 */
export function breadcrumbsFor(name: string): Crumb[] {
  const route = routeByName(name);
  if (!route) return [{ name }];
  const segments = name.split('.');
  const ancestors = segments
    .slice(0, -1)
    .map((_, index) => routeByName(segments.slice(0, index + 1).join('.')))
    .filter((entry): entry is ConsoleRoute => entry !== undefined);
  if (route.menu && route.menu !== segments[0]) {
    const home = routeByName(route.menu);
    if (home) ancestors.unshift(home);
  }
  return [...ancestors.map(linkable), { name }];
}

function linkable(route: ConsoleRoute): Crumb {
  return route.path.includes(':') ? { name: route.name } : { name: route.name, path: route.path };
}
