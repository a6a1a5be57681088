import {
  type ActivitySource,
  type CatalogCard,
  convertLegacyPageData,
  type MenuEntry,
  menuEntrySourceKey,
  type PageData,
  type PageLink,
  PORTAL_ACTIVITY_LIST_PAGE_SIZE,
  type PublicPage,
  pageListSource,
  pageSourceKey,
} from '@yanbo/contracts';
import type { Db } from '../../platform/db/database.ts';
import * as cards from './card-repository.ts';
import * as pages from './page-repository.ts';
import { readBottomNav } from './page-service.ts';

// A published page as its public page shows it: the published data (never the draft), with every list, card and
// catalog resolved here, for the page's owner only. A viewer reaches nothing else: the list calls stay signed-in,
// and an id the data names that is no longer the owner's (or was deleted, or disabled) is simply left out.
//
// Bounded whatever the data holds: at most MAX_PAGE_COMPONENTS components, each list at most 99 activities, and the
// distinct queries a page may cost capped by MAX_SOURCE_QUERIES (the same group or list is read once), and the cards
// it reads by MAX_RESOLVED_ACTIVITIES.

/** Distinct group and column reads one page may cost; sources beyond it show nothing. */
export const MAX_SOURCE_QUERIES = 60;
/** Activities one page may show in all; ids beyond it are not read. */
export const MAX_RESOLVED_ACTIVITIES = 1000;

interface Resolver {
  db: Db;
  owner: cards.CardScope;
  pageId: number;
  queries: number;
  memo: Map<string, Promise<number[]>>;
  columns: Promise<pages.PageColumnRow[]> | null;
}

function memoised(resolver: Resolver, key: string, read: () => Promise<number[]>): Promise<number[]> {
  const known = resolver.memo.get(key);
  if (known) return known;
  if (resolver.queries >= MAX_SOURCE_QUERIES) return Promise.resolve([]);
  resolver.queries += 1;
  const ids = read();
  resolver.memo.set(key, ids);
  return ids;
}

const PORTAL_PAGE = { page: 1, pageSize: PORTAL_ACTIVITY_LIST_PAGE_SIZE };

async function idsOfSource(resolver: Resolver, source: ActivitySource, num: number): Promise<number[]> {
  const { db, owner } = resolver;
  switch (source.kind) {
    case 'chosen':
      // All of them: the first `num` still shown are kept once the cards are read.
      return source.activityIds;
    case 'group': {
      const ids = await memoised(resolver, `group:${source.groupId}`, () =>
        cards.groupActivityIds(db, owner, source.groupId, PORTAL_ACTIVITY_LIST_PAGE_SIZE),
      );
      return ids.slice(0, num);
    }
    case 'live':
    case 'hot':
    case 'new': {
      const ids = await memoised(resolver, source.kind, async () => {
        const list =
          source.kind === 'live'
            ? await cards.liveActivityCards(db, owner, PORTAL_PAGE)
            : await cards.rankedActivityCards(db, owner, source.kind === 'hot' ? 'popular' : 'latest', PORTAL_PAGE);
        return list.items.map((card) => card.id);
      });
      return ids.slice(0, num);
    }
    case 'column': {
      resolver.columns ??= pages.columnsOfPage(db, resolver.pageId);
      const column = (await resolver.columns).find((row) => row.id === source.listId);
      const parsed = pageListSource.safeParse(column?.source);
      return parsed.success ? idsOfSource(resolver, parsed.data, num) : [];
    }
  }
}

function idsOfMenuEntry(resolver: Resolver, entry: MenuEntry): Promise<number[]> {
  if (entry.type === 'group' && entry.groupId !== null)
    return idsOfSource(resolver, { kind: 'group', groupId: entry.groupId }, entry.num);
  if (entry.type === 'activity') return Promise.resolve(entry.activities);
  return Promise.resolve([]);
}

/** Everything the published data names, resolved for its owner. */
async function resolve(db: Db, row: pages.PageRow, data: PageData): Promise<Omit<PublicPage, 'publishedAt'>> {
  const resolver: Resolver = {
    db,
    owner: { agentId: row.agentId, subagentId: row.subagentId },
    pageId: row.id,
    queries: 0,
    memo: new Map(),
    columns: null,
  };
  const pending: Promise<[string, number[], number]>[] = [];
  const single = new Set<number>();
  const catalogRequests: [string, number[]][] = [];
  const add = (key: string, ids: Promise<number[]>, num: number) => pending.push(ids.then((list) => [key, list, num]));
  // An activity a link leads to is shown only while it is the owner's: its card tells the renderer it still is.
  const linked = (link: PageLink) => {
    if (link.kind === 'activity') single.add(link.activityId);
  };
  for (const component of data.components) {
    switch (component.type) {
      case 'activity':
        add(pageSourceKey(component.id), idsOfSource(resolver, component.source, component.num), component.num);
        break;
      case 'activity-tab':
        component.tabs.forEach((tab, index) => {
          add(pageSourceKey(component.id, index), idsOfSource(resolver, tab.source, tab.num), tab.num);
        });
        break;
      case 'mobilesNav':
      case 'sudokuNav':
        component.menuArr.forEach((entry, index) => {
          add(menuEntrySourceKey(component.id, index), idsOfMenuEntry(resolver, entry), entry.num);
        });
        break;
      case 'video':
      case 'player':
        if (component.activityId !== null) single.add(component.activityId);
        break;
      case 'catalog':
        catalogRequests.push([component.id, component.catalogIds]);
        break;
      case 'banner':
        for (const item of component.menuArr) linked(item.link);
        break;
      case 'card':
        for (const item of component.items) linked(item.link);
        break;
      case 'graphic':
      case 'brand':
        linked(component.link);
        break;
      default:
        break;
    }
  }
  const bottomNav = readBottomNav(row.bottomNav);
  for (const item of bottomNav.items) linked(item.link);
  const lists = await Promise.all(pending);
  const wanted = new Set<number>(single);
  for (const [, ids] of lists) {
    for (const id of ids) {
      if (wanted.size >= MAX_RESOLVED_ACTIVITIES) break;
      wanted.add(id);
    }
  }
  const activities = await cards.activityCardsByIds(db, resolver.owner, [...wanted]);
  const shown = new Set(activities.map((card) => card.id));
  const sources: Record<string, number[]> = {};
  // A list shows its first `num` activities that are still shown (a deleted or disabled one leaves no gap).
  for (const [key, ids, num] of lists) sources[key] = ids.filter((id) => shown.has(id)).slice(0, num);
  const used = new Set([...single, ...Object.values(sources).flat()]);

  const catalogIds = [...new Set(catalogRequests.flatMap(([, ids]) => ids))];
  const catalogCards = new Map(
    (await cards.catalogCardsByIds(db, resolver.owner, catalogIds)).map((card) => [card.id, card]),
  );
  const catalogs: Record<string, CatalogCard[]> = {};
  for (const [key, ids] of catalogRequests) catalogs[key] = ids.flatMap((id) => catalogCards.get(id) ?? []);

  return {
    id: row.id,
    name: row.name,
    agentId: row.agentId,
    data,
    bottomNav,
    sources,
    activities: activities.filter((card) => used.has(card.id)),
    catalogs,
  };
}

async function published(db: Db, row: pages.PageRow | undefined): Promise<PublicPage | null> {
  if (!row || row.publishedAt === null || row.publishedData === null) return null;
  const data = convertLegacyPageData(row.publishedData);
  return { ...(await resolve(db, row, data)), publishedAt: row.publishedAt.toISOString() };
}

/** The public page of a page: null when there is no such page or it is not published (answer 404 for both). */
export async function readPublishedPage(db: Db, pageId: number): Promise<PublicPage | null> {
  return published(db, await pages.findPage(db, pageId));
}

/**
 * The agent's home page as the root of its custom host shows it: null when the agent has no home page or it is not
 * published.
 */
export async function readAgentHomepage(db: Db, agentId: number): Promise<PublicPage | null> {
  const pageId = await pages.homepageOf(db, agentId);
  return pageId === null ? null : readPublishedPage(db, pageId);
}
