import { describe, expect, it } from 'vitest';
import { menuTexts } from '../locales/zh-CN/menu';
import { isAgentOnlyRoute, menuGroups, menuPath, visibleMenu } from './menu';
import { consoleRoutes, menuKeyForPath } from './route-table';

const keysOf = (groups: ReturnType<typeof visibleMenu>) => groups.flatMap((group) => group.items.map((i) => i.key));

describe('menu', () => {
  it('opens each item on a screen that highlights that same item', () => {
    for (const group of menuGroups) {
      for (const item of group.items) expect(menuKeyForPath(item.path), item.path).toBe(item.key);
    }
  });

  it('labels every group and item in Chinese', () => {
    for (const group of menuGroups) {
      expect(menuTexts[`menu.group.${group.key}`], group.key).toMatch(/\S/);
      for (const item of group.items) expect(menuTexts[`menu.${item.key}`], item.key).toMatch(/\S/);
    }
  });

  it('shows an agent every area', () => {
    expect(keysOf(visibleMenu(false))).toEqual([
      'activities',
      'catalogs',
      'ditches',
      'sensitive-words',
      'gifts',
      'robots',
      'enroll',
      'applications',
      'download',
      'crm',
      'products',
      'orders',
      'financial',
      'expense',
      'price',
      'aggregation',
      'pages',
      'subaccounts',
      'agents',
      'agency',
      'branding',
      'account',
    ]);
  });

  it('hides lower-level agents, agencies, sub-accounts and package prices from a sub-account', () => {
    const keys = keysOf(visibleMenu(true));
    for (const hidden of ['agents', 'agency', 'subaccounts', 'price', 'crm']) expect(keys).not.toContain(hidden);
    expect(keys).toContain('branding');
    expect(keys).toContain('account');
    expect(keys).toHaveLength(17);
  });

  it('finds the path of a menu key', () => {
    expect(menuPath('products')).toBe('/product/list');
    expect(menuPath('nope')).toBeUndefined();
  });
});

describe('agent-only screens', () => {
  it('guards every screen of the areas a sub-account has no menu item for, and only those', () => {
    const guarded = consoleRoutes.filter(isAgentOnlyRoute).map((route) => route.path);
    expect(guarded).toEqual(
      expect.arrayContaining([
        '/agent',
        '/agent/list',
        '/agent/create',
        '/agent/:agentId/edit',
        '/subaccount',
        '/price',
      ]),
    );
    expect(guarded).toContain('/agency');
    expect(guarded).not.toContain('/');
    expect(guarded).not.toContain('/board/:id');
    expect(guarded).not.toContain('/settings');
  });
});
