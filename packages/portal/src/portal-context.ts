import {
  type ActivityCard,
  activityWatchPath,
  type CatalogCard,
  catalogPagePath,
  menuEntrySourceKey,
  type PageComponent,
  type PageComponentType,
  type PageLink,
  type PublicPage,
  pagePublicPath,
  uploadedFileUrl,
} from '@yanbo/contracts';
import { safeHref, safeSrc } from './escape.ts';

// What the renderer is given beside the page's data: what the server resolved for the ids the data names (the public
// page's PublicPage), or what the console's preview fetched through the list calls for the draft.

/** The activity cards, each source's activity ids, each catalog component's catalogs, and the bottom navigation. */
export type PortalResolved = Pick<PublicPage, 'activities' | 'sources' | 'catalogs' | 'bottomNav'>;

export interface PortalOptions {
  /** The console's preview draws the page at a fixed width; the public page adapts to the screen. */
  viewport?: 'mobile' | 'desktop' | 'auto';
  /** Where site-relative links and pictures lead (a preview in an iframe srcDoc has no address of its own). */
  baseUrl?: string;
}

export interface PortalContext {
  activity(id: number | null): ActivityCard | undefined;
  /** The activities of an activity component, a tab of an activity-tab, or a navigation's menu entry. */
  source(key: string): ActivityCard[];
  catalogs(componentId: string): CatalogCard[];
  /** Where a link leads, or null when nowhere (none, a bad address, an activity no longer the owner's). */
  href(link: PageLink): string | null;
  /** A picture's address (an upload's filepath is served under /files/), or null when it is none or not kept. */
  picture(path: string): string | null;
  /** Where a navigation's menu entry leads: its address, or the first of its activities. */
  menuHref(componentId: string, index: number, url: string): string | null;
}

/** The id of the section that holds a component: the elevator's anchors point at it. */
export const componentAnchor = (componentId: string): string => `c-${componentId}`;

export type ComponentOf<T extends PageComponentType> = Extract<PageComponent, { type: T }>;
/** A component's renderer: its fields in, its HTML out (the section around it is the page's). */
export type ComponentRenderer<T extends PageComponentType> = (component: ComponentOf<T>, ctx: PortalContext) => string;

export function portalContext(resolved: PortalResolved): PortalContext {
  const activities = new Map(resolved.activities.map((card) => [card.id, card]));
  const cardsOf = (ids: readonly number[] | undefined) =>
    (ids ?? []).flatMap((id) => {
      const card = activities.get(id);
      return card ? [card] : [];
    });
  const ctx: PortalContext = {
    activity: (id) => (id === null ? undefined : activities.get(id)),
    source: (key) => cardsOf(resolved.sources[key]),
    catalogs: (componentId) => resolved.catalogs[componentId] ?? [],
    href(link) {
      switch (link.kind) {
        case 'activity':
          return activities.has(link.activityId) ? activityWatchPath(link.activityId) : null;
        case 'catalog':
          return catalogPagePath(link.catalogId);
        case 'page':
          return pagePublicPath(link.pageId);
        case 'url':
          return safeHref(link.url);
        default:
          return null;
      }
    },
    // An upload's filepath has no scheme; anything else with one must be an http(s) address.
    picture: (path) => (!path || /^(?!https?:)[a-z][a-z0-9+.-]*:/i.test(path) ? null : safeSrc(uploadedFileUrl(path))),
    menuHref(componentId, index, url) {
      if (url) return safeHref(url);
      const first = ctx.source(menuEntrySourceKey(componentId, index))[0];
      return first ? activityWatchPath(first.id) : null;
    },
  };
  return ctx;
}
