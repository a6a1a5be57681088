import {
  emptyPageData,
  menuEntrySourceKey,
  type PageColumn,
  type PageComponent,
  pageSourceKey,
} from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { addComponent, newMenuEntry, replaceComponent } from './page-editor-rules';
import { fetchKey, previewNeeds } from './preview-sources';

function page(...edits: ((components: PageComponent[]) => PageComponent[])[]) {
  let components: PageComponent[] = [];
  for (const edit of edits) components = edit(components);
  return { ...emptyPageData(), components };
}
const add =
  (type: PageComponent['type'], fields: Record<string, unknown> = {}) =>
  (components: PageComponent[]) => {
    const { components: next, added } = addComponent(components, type);
    return replaceComponent(next, { ...added, ...fields } as PageComponent);
  };

const column = (id: number, source: PageColumn['source']): PageColumn => ({
  id,
  pageId: 1,
  title: `栏目 ${id}`,
  source,
  sortOrder: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('what the preview looks up', () => {
  it('asks for each activity list by its source, keyed as the public page keys it', () => {
    const data = page(
      add('activity', { source: { kind: 'hot' }, num: 4 }),
      add('activity-tab', {
        tabs: [
          { title: '直播', source: { kind: 'live' }, num: 6 },
          { title: '分组', source: { kind: 'group', groupId: 7 }, num: 3 },
        ],
      }),
    );
    expect(previewNeeds(data, []).sources).toEqual([
      { key: pageSourceKey('activity-1'), source: { kind: 'hot' }, num: 4 },
      { key: pageSourceKey('activity-tab-1', 0), source: { kind: 'live' }, num: 6 },
      { key: pageSourceKey('activity-tab-1', 1), source: { kind: 'group', groupId: 7 }, num: 3 },
    ]);
  });

  it('reads a column as the group or activities it holds, and skips a column that is gone', () => {
    const data = page(
      add('activity', { source: { kind: 'column', listId: 5 } }),
      add('activity', { source: { kind: 'column', listId: 99 } }),
    );
    const needs = previewNeeds(data, [column(5, { kind: 'chosen', activityIds: [3, 1] })]);
    expect(needs.sources).toEqual([{ key: 'activity-1', source: { kind: 'chosen', activityIds: [3, 1] }, num: 6 }]);
  });

  it('lists a navigation’s menu entries of a group or of chosen activities (seed 001 §3 menuArr), not its links', () => {
    const entries = [
      { ...newMenuEntry('分组'), type: 'group' as const, groupId: 4, num: 2 },
      { ...newMenuEntry('精选'), activities: [8, 9] },
      { ...newMenuEntry('官网'), type: 'link' as const, url: 'https://example.com' },
    ];
    const needs = previewNeeds(page(add('mobilesNav', { menuArr: entries })), []);
    expect(needs.sources).toEqual([
      { key: menuEntrySourceKey('mobilesNav-1', 0), source: { kind: 'group', groupId: 4 }, num: 2 },
      { key: menuEntrySourceKey('mobilesNav-1', 1), source: { kind: 'chosen', activityIds: [8, 9] }, num: 6 },
    ]);
  });

  it('collects the activities videos, players and links name, once, and each catalog component’s catalogs', () => {
    const data = page(
      add('video', { activityId: 3 }),
      add('player', { activityId: 3 }),
      add('banner', { menuArr: [{ image: 'agent/1/a.png', title: '', link: { kind: 'activity', activityId: 5 } }] }),
      add('catalog', { catalogIds: [2, 1] }),
    );
    const needs = previewNeeds(data, [], {
      enabled: true,
      items: [{ title: '看直播', icon: '', link: { kind: 'activity', activityId: 6 } }],
      color: '#666666',
      activeColor: '#1677ff',
    });
    expect(needs.activityIds).toEqual([3, 5, 6]);
    expect(needs.catalogs).toEqual({ 'catalog-1': [2, 1] });
  });

  it('fetches the same source once, whichever lists show it', () => {
    expect(fetchKey({ kind: 'group', groupId: 4 })).toBe('group:4');
    expect(fetchKey({ kind: 'chosen', activityIds: [3, 1] })).toBe('chosen:3,1');
    expect(fetchKey({ kind: 'new' })).toBe('new');
  });
});
