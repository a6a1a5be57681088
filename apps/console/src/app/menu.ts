import { type ConsoleRoute, menuKeyOf } from './route-table';

// The side menu: every area, grouped; keys are route names (route name = menu key, STYLE.md).

export interface MenuEntry {
  key: string;
  path: string;
  /** A sub-account works only on its own activities, so agent-level administration is hidden from it. */
  agentOnly?: boolean;
}

export interface MenuGroup {
  key: string;
  items: readonly MenuEntry[];
}

export const menuGroups: readonly MenuGroup[] = [
  {
    key: 'activity',
    items: [
      { key: 'activities', path: '/' },
      { key: 'catalogs', path: '/catalog' },
      { key: 'ditches', path: '/ditch' },
      { key: 'sensitive-words', path: '/sensitive-words' },
      { key: 'gifts', path: '/gifts' },
      { key: 'robots', path: '/robots' },
      { key: 'enroll', path: '/enroll' },
      { key: 'applications', path: '/application' },
    ],
  },
  { key: 'data', items: [{ key: 'download', path: '/download' }] },
  // Seed 001 §6: blocking users, common referrers, tags and CRM are agent features.
  { key: 'users', items: [{ key: 'crm', path: '/CRMUser', agentOnly: true }] },
  {
    key: 'shop',
    items: [
      { key: 'products', path: '/product/list' },
      { key: 'orders', path: '/order' },
    ],
  },
  {
    key: 'finance',
    items: [
      { key: 'financial', path: '/financial' },
      { key: 'expense', path: '/expense' },
      { key: 'price', path: '/price', agentOnly: true },
    ],
  },
  {
    key: 'portal',
    items: [
      { key: 'aggregation', path: '/aggregation' },
      { key: 'pages', path: '/pages' },
    ],
  },
  {
    key: 'account',
    items: [
      { key: 'subaccounts', path: '/subaccount', agentOnly: true },
      { key: 'agents', path: '/agent', agentOnly: true },
      { key: 'agency', path: '/agency', agentOnly: true },
      { key: 'branding', path: '/settings' },
      { key: 'account', path: '/user' },
    ],
  },
];

/** The menu a caller sees: sub-accounts (isSubAgent) lose the agent-only items, and groups left empty go. */
export function visibleMenu(isSubAgent: boolean): MenuGroup[] {
  return menuGroups
    .map((group) => ({ ...group, items: group.items.filter((item) => !(isSubAgent && item.agentOnly)) }))
    .filter((group) => group.items.length > 0);
}

/** A screen of an agent-only area (its menu item is agentOnly): a sub-account gets the no-access page there. */
export function isAgentOnlyRoute(route: ConsoleRoute): boolean {
  const key = menuKeyOf(route);
  return menuGroups.some((group) => group.items.some((item) => item.key === key && item.agentOnly === true));
}

export function menuPath(key: string): string | undefined {
  for (const group of menuGroups) {
    const item = group.items.find((entry) => entry.key === key);
    if (item) return item.path;
  }
  return undefined;
}
