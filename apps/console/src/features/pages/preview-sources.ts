import {
  type ActivitySource,
  type BottomNav,
  menuEntrySourceKey,
  type PageColumn,
  type PageData,
  type PageLink,
  pageSourceKey,
} from '@yanbo/contracts';

// What the editor's preview must look up to draw the draft as the public page would: each activity list's source
// (a column read as the group or the activities it holds), the activities a video, player or link names (the bottom
// navigation's too), and the catalogs of catalog components. The public page's server resolves the published data the same way.

/** A source the list calls can answer (a column is read as what it holds). */
export type FetchableSource = Exclude<ActivitySource, { kind: 'column' }>;

export interface PreviewSource {
  /** pageSourceKey or menuEntrySourceKey: where the renderer looks for this list. */
  key: string;
  source: FetchableSource;
  /** How many cards the list shows. */
  num: number;
}

export interface PreviewNeeds {
  sources: PreviewSource[];
  /** Activities named one by one (a video, a player, a link), once each. */
  activityIds: number[];
  /** Per catalog component, its catalogs in order. */
  catalogs: Record<string, number[]>;
}

/** One fetch per distinct source: the same group or the same choice in two lists is asked once. */
export function fetchKey(source: FetchableSource): string {
  if (source.kind === 'group') return `group:${source.groupId}`;
  if (source.kind === 'chosen') return `chosen:${source.activityIds.join(',')}`;
  return source.kind;
}

function readable(source: ActivitySource, columns: readonly PageColumn[]): FetchableSource | null {
  if (source.kind !== 'column') return source;
  const column = columns.find((candidate) => candidate.id === source.listId);
  return column ? column.source : null;
}

function linkedActivity(link: PageLink | undefined): number[] {
  return link?.kind === 'activity' ? [link.activityId] : [];
}

export function previewNeeds(data: PageData, columns: readonly PageColumn[], bottomNav?: BottomNav): PreviewNeeds {
  const sources: PreviewSource[] = [];
  const activityIds = new Set<number>();
  const catalogs: Record<string, number[]> = {};
  const addSource = (key: string, source: ActivitySource | undefined, num: number) => {
    const fetchable = source ? readable(source, columns) : null;
    if (fetchable) sources.push({ key, source: fetchable, num });
  };
  for (const component of data.components) {
    switch (component.type) {
      case 'activity':
        addSource(pageSourceKey(component.id), component.source, component.num);
        break;
      case 'activity-tab':
        component.tabs.forEach((tab, index) => {
          addSource(pageSourceKey(component.id, index), tab.source, tab.num);
        });
        break;
      case 'mobilesNav':
      case 'sudokuNav':
        // Seed 001 §3 "menuArr": an entry lists a group's or chosen activities, num of them.
        component.menuArr.forEach((entry, index) => {
          const key = menuEntrySourceKey(component.id, index);
          if (entry.type === 'group' && entry.groupId)
            addSource(key, { kind: 'group', groupId: entry.groupId }, entry.num);
          if (entry.type === 'activity') addSource(key, { kind: 'chosen', activityIds: entry.activities }, entry.num);
        });
        break;
      case 'video':
      case 'player':
        if (component.activityId) activityIds.add(component.activityId);
        break;
      case 'banner':
        for (const item of component.menuArr) for (const id of linkedActivity(item.link)) activityIds.add(id);
        break;
      case 'card':
        for (const item of component.items) for (const id of linkedActivity(item.link)) activityIds.add(id);
        break;
      case 'graphic':
      case 'brand':
        for (const id of linkedActivity(component.link)) activityIds.add(id);
        break;
      case 'catalog':
        catalogs[component.id] = component.catalogIds;
        break;
      default:
        break;
    }
  }
  for (const item of bottomNav?.items ?? []) for (const id of linkedActivity(item.link)) activityIds.add(id);
  return { sources, activityIds: [...activityIds], catalogs };
}
