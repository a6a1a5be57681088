import type { ActivitySource, BottomNav, MenuEntry, PageComponent, PageData, PageLink } from '@yanbo/contracts';

// The stored rows a page's data names: activities, groups, catalogs, other pages and the page's own columns. A save is
// refused when one of them is not the page owner's (tenancy: every id of a body is checked), so a page can never
// show, even by id, what belongs to another agent.

export interface PageReferences {
  activityIds: Set<number>;
  groupIds: Set<number>;
  catalogIds: Set<number>;
  pageIds: Set<number>;
  listIds: Set<number>;
}

export const noReferences = (): PageReferences => ({
  activityIds: new Set(),
  groupIds: new Set(),
  catalogIds: new Set(),
  pageIds: new Set(),
  listIds: new Set(),
});

function addLink(refs: PageReferences, link: PageLink) {
  if (link.kind === 'activity') refs.activityIds.add(link.activityId);
  if (link.kind === 'catalog') refs.catalogIds.add(link.catalogId);
  if (link.kind === 'page') refs.pageIds.add(link.pageId);
}

function addSource(refs: PageReferences, source: ActivitySource) {
  if (source.kind === 'group') refs.groupIds.add(source.groupId);
  if (source.kind === 'chosen') for (const id of source.activityIds) refs.activityIds.add(id);
  if (source.kind === 'column') refs.listIds.add(source.listId);
}

function addMenu(refs: PageReferences, entries: MenuEntry[]) {
  for (const entry of entries) {
    if (entry.groupId !== null) refs.groupIds.add(entry.groupId);
    for (const id of entry.activities) refs.activityIds.add(id);
  }
}

function addComponent(refs: PageReferences, component: PageComponent) {
  switch (component.type) {
    case 'banner':
      for (const item of component.menuArr) addLink(refs, item.link);
      return;
    case 'mobilesNav':
    case 'sudokuNav':
      addMenu(refs, component.menuArr);
      return;
    case 'activity':
      addSource(refs, component.source);
      return;
    case 'activity-tab':
      for (const tab of component.tabs) addSource(refs, tab.source);
      return;
    case 'video':
    case 'player':
      if (component.activityId !== null) refs.activityIds.add(component.activityId);
      return;
    case 'card':
      for (const item of component.items) addLink(refs, item.link);
      return;
    case 'graphic':
    case 'brand':
      addLink(refs, component.link);
      return;
    case 'catalog':
      for (const id of component.catalogIds) refs.catalogIds.add(id);
      return;
    default:
      return;
  }
}

export function referencesOfData(data: PageData, refs = noReferences()): PageReferences {
  for (const component of data.components) addComponent(refs, component);
  return refs;
}

export function referencesOfBottomNav(bottomNav: BottomNav, refs = noReferences()): PageReferences {
  for (const item of bottomNav.items) addLink(refs, item.link);
  return refs;
}
