import { pageSourceKey } from '@yanbo/contracts';
import type { ComponentRenderer } from '../portal-context.ts';
import { activityList } from './activity-card.ts';
import { sectionTitle } from './parts.ts';

/** activity: a list of activity cards (a group's, chosen, a column, or the live, hot or new ones) under its title. */
export const renderActivity: ComponentRenderer<'activity'> = (component, ctx) =>
  `${sectionTitle(component.title)}${activityList(ctx.source(pageSourceKey(component.id)), component.layout, component.showViewers)}`;
