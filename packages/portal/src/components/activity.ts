import { type ComponentRenderer, ids, list, menuActivities, type PortalActivity, text } from '../portal-data.ts';
import { activityGrid, sectionTitle } from './activity-card.ts';

/** activity: lists of activity cards, one per menu entry (a group's or chosen activities), each under its title. */
export const renderActivity: ComponentRenderer = (fields, ctx) => {
  const entries = list(fields, 'menuArr', 20);
  const title = sectionTitle(text(fields, ['title', 'name'], 30));
  if (entries.length === 0) {
    const chosen = ids(fields.activities).flatMap((id) => {
      const activity = ctx.activity(id);
      return activity ? [activity] : ([] as PortalActivity[]);
    });
    return `${title}${activityGrid(chosen)}`;
  }
  return `${title}${entries
    .map((entry) => `${sectionTitle(text(entry, ['title', 'name'], 30))}${activityGrid(menuActivities(entry, ctx))}`)
    .join('')}`;
};
