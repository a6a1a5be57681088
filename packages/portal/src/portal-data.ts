// What the renderer is given. The page's data is the agent's JSON (config and components, seed 001 §3 "Page",
// "Portal components"), read defensively: a field of the wrong type is treated as missing, so an odd or old page
// renders what it can instead of failing. The resolved data is what the server (or the console's preview) looked up
// for the ids the page names: activity cards, catalogs, group memberships and the bottom navigation.

/** An activity as a card shows it; the card links to its watch page. */
export interface PortalActivity {
  id: number;
  name: string;
  cover: string;
  isPushing: boolean;
  type?: 'live' | 'video';
  progress?: 'NotStart' | 'OnGoing' | 'Ended';
  startedAt?: string | null;
}

/** A catalog as a card shows it; the card links to its public page. */
export interface PortalCatalog {
  id: number;
  name: string;
  cover?: string;
  activityCount?: number;
}

/** An entry of the bottom navigation (seed 001 §7 POST /page/{id}/homepage/bottom-nav). */
export interface PortalNavItem {
  title: string;
  link: string;
  icon?: string;
}

export interface PortalResolved {
  activities?: readonly PortalActivity[];
  /** An activity group's activities, in the group's order (a menu entry of type group). */
  groups?: Readonly<Record<number, readonly number[]>>;
  catalogs?: readonly PortalCatalog[];
  bottomNav?: readonly PortalNavItem[];
}

/**
 * The page as stored: only its outline is assumed (config, and components as a list of typed entries or an object
 * keyed by type), every field is checked as it is read.
 */
export interface PortalPageInput {
  config?: unknown;
  components?: unknown;
}

export interface PortalOptions {
  /** The console's preview draws the page at a fixed width; the public page adapts to the screen. */
  viewport?: 'mobile' | 'desktop' | 'auto';
  /** Where site-relative links lead (a preview in an iframe srcDoc has no address of its own). */
  baseUrl?: string;
  /** The document's title when the page names none. */
  title?: string;
}

export type Fields = Readonly<Record<string, unknown>>;

export const fieldsOf = (value: unknown): Fields =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};

/** A string field, trimmed and cut to max characters; the first of keys that holds one. */
export function text(fields: Fields, keys: string | readonly string[], max = 200): string {
  for (const key of typeof keys === 'string' ? [keys] : keys) {
    const value = fields[key];
    if (typeof value === 'string' && value.trim()) return Array.from(value.trim()).slice(0, max).join('');
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return '';
}

export function integer(fields: Fields, key: string): number | null {
  const value = fields[key];
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isSafeInteger(parsed) ? parsed : null;
}

/** The list under key, at most max long (an agent's page is bounded even when its JSON is not). */
export function list(fields: Fields, key: string, max = 50): Fields[] {
  const value = fields[key];
  return Array.isArray(value) ? value.slice(0, max).map(fieldsOf) : [];
}

/** An id list: numbers, numeric strings or objects with an id. */
export function ids(value: unknown, max = 99): number[] {
  if (!Array.isArray(value)) return [];
  const out: number[] = [];
  for (const entry of value.slice(0, max)) {
    const id = typeof entry === 'object' && entry !== null ? (entry as Fields).id : entry;
    const parsed = typeof id === 'string' ? Number(id) : id;
    if (typeof parsed === 'number' && Number.isSafeInteger(parsed) && parsed > 0) out.push(parsed);
  }
  return out;
}

/** Keys a picture is found under in a component or a menu entry. */
export const PICTURE_KEYS = ['image', 'img', 'imgUrl', 'picture', 'cover', 'src', 'icon'] as const;
/** Keys a link is found under. */
export const LINK_KEYS = ['link', 'href', 'linkUrl', 'url'] as const;

/** What every component renderer reads: the resolved data indexed for lookups. */
export interface PortalContext {
  activity(id: number): PortalActivity | undefined;
  groupActivities(groupId: number): PortalActivity[];
  catalog(id: number): PortalCatalog | undefined;
  /** The anchor of a component named by its index or its id (the elevator's targets), or null. */
  anchorFor(ref: unknown): string | null;
}

/** A component's renderer: its fields in, its HTML out (the section around it is the page's). */
export type ComponentRenderer = (fields: Fields, ctx: PortalContext, index: number) => string;

/** The id of the section that holds the component at index. */
export const anchorOf = (index: number): string => `c${index}`;

export function portalContext(resolved: PortalResolved, components: readonly Fields[] = []): PortalContext {
  const componentIds = new Map<string, number>();
  components.forEach((component, index) => {
    const id = text(component, 'id', 100);
    if (id && !componentIds.has(id)) componentIds.set(id, index);
  });
  const activities = new Map((resolved.activities ?? []).map((activity) => [activity.id, activity]));
  const catalogs = new Map((resolved.catalogs ?? []).map((catalog) => [catalog.id, catalog]));
  return {
    activity: (id) => activities.get(id),
    groupActivities: (groupId) =>
      (resolved.groups?.[groupId] ?? []).flatMap((id) => {
        const activity = activities.get(id);
        return activity ? [activity] : [];
      }),
    catalog: (id) => catalogs.get(id),
    anchorFor: (ref) => {
      if (typeof ref === 'number')
        return Number.isSafeInteger(ref) && ref >= 0 && ref < components.length ? anchorOf(ref) : null;
      if (typeof ref !== 'string' || !ref) return null;
      const index = componentIds.get(ref) ?? (/^\d+$/.test(ref) ? Number(ref) : -1);
      return index >= 0 && index < components.length ? anchorOf(index) : null;
    },
  };
}

/**
 * The activities a menu entry names (seed 001 §3 "menuArr": title, type group or activity, groupId, activities,
 * num): a group's first num activities, or the listed ones in order; those the resolver did not find are left out.
 */
export function menuActivities(entry: Fields, ctx: PortalContext): PortalActivity[] {
  const num = integer(entry, 'num');
  const limit = num !== null && num > 0 ? Math.min(num, 99) : 99;
  const groupId = integer(entry, 'groupId');
  const found =
    entry.type === 'group' && groupId !== null
      ? ctx.groupActivities(groupId)
      : ids(entry.activities).flatMap((id) => {
          const activity = ctx.activity(id);
          return activity ? [activity] : [];
        });
  return found.slice(0, limit);
}
