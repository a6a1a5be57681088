import {
  activityTab,
  type BannerItem,
  type MenuEntry,
  menuEntry,
  NO_LINK,
  newPageComponent,
  type PageComponent,
  type PageComponentType,
  type PageData,
  pageCard,
  pageData,
} from '@yanbo/contracts';
import type { z } from 'zod';

// The editor's rules over the page's components: adding one of a type with its defaults, moving one where it was
// dropped, removing one (and the elevator anchors that pointed at it), and finding what would stop a save.

/** A new component's id: its type and the first number no component of the page uses yet (`banner-2`). */
export function newComponentId(components: readonly Pick<PageComponent, 'id'>[], type: PageComponentType): string {
  const taken = new Set(components.map((component) => component.id));
  for (let n = 1; ; n += 1) {
    const id = `${type}-${n}`;
    if (!taken.has(id)) return id;
  }
}

/** The components with a new one of the type at the end, every field at its default (a banner turns every 3000 ms). */
export function addComponent(
  components: readonly PageComponent[],
  type: PageComponentType,
): { components: PageComponent[]; added: PageComponent } {
  const added = newPageComponent(type, newComponentId(components, type));
  return { components: [...components, added], added };
}

/** The components with the one dragged (from) put where the one under it (to) was; unknown ids change nothing. */
export function moveComponent(components: readonly PageComponent[], from: string, to: string): PageComponent[] {
  const fromIndex = components.findIndex((component) => component.id === from);
  const toIndex = components.findIndex((component) => component.id === to);
  if (fromIndex < 0 || toIndex < 0 || fromIndex === toIndex) return [...components];
  const next = [...components];
  const [moved] = next.splice(fromIndex, 1);
  next.splice(toIndex, 0, moved as PageComponent);
  return next;
}

/** The components without one; an elevator's anchors to it go too (the page would not save with them). */
export function removeComponent(components: readonly PageComponent[], id: string): PageComponent[] {
  return components
    .filter((component) => component.id !== id)
    .map((component) =>
      component.type === 'elevator'
        ? { ...component, anchors: component.anchors.filter((anchor) => anchor.componentId !== id) }
        : component,
    );
}

/** The components with one replaced by its edited copy. */
export function replaceComponent(components: readonly PageComponent[], edited: PageComponent): PageComponent[] {
  return components.map((component) => (component.id === edited.id ? edited : component));
}

export interface DataIssue {
  /** The component the issue is in; null for the page's own settings. */
  componentId: string | null;
  /** The field's path inside it, as the schema names it. */
  path: string;
  message: string;
}

/** What stops the draft from saving, the first issue only (the editor selects its component and says why). */
export function firstIssue(data: PageData): DataIssue | null {
  const parsed = pageData.safeParse(data);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (!issue) return null;
  const [head, index, ...rest] = issue.path;
  if (head === 'components' && typeof index === 'number') {
    return { componentId: data.components[index]?.id ?? null, path: rest.join('.'), message: issue.message };
  }
  return { componentId: null, path: issue.path.join('.'), message: issue.message };
}

// The entries a panel adds to a component's lists, at their schemas' defaults (a menu entry shows 6 activities).

/** A new menu entry: the chosen activities kind, showing 6 (seed 001 §3 "num (6 and so on)"). */
export function newMenuEntry(title: string): MenuEntry {
  return menuEntry.parse({ title, type: 'activity' });
}

/** A banner picture before its upload; it saves only once a picture is set. */
export function newBannerItem(): BannerItem {
  return { image: '', title: '', link: NO_LINK };
}

export function newCard(): z.output<typeof pageCard> {
  return pageCard.parse({});
}

export function newActivityTab(title: string): z.output<typeof activityTab> {
  return activityTab.parse({ title, source: { kind: 'new' } });
}
