import { escapeHtml } from '../escape.ts';
import { type ComponentRenderer, list, menuActivities, text } from '../portal-data.ts';
import { activityGrid, sectionTitle } from './activity-card.ts';

/**
 * activity-tab: the menu entries as tabs, each showing its activity cards. The tabs are radio buttons styled as a tab
 * bar, so they switch without any script.
 */
export const renderActivityTab: ComponentRenderer = (fields, ctx, index) => {
  const entries = list(fields, 'menuArr', 10);
  if (entries.length === 0) return '';
  const name = `tabs${index}`;
  const tabs = entries
    .map((entry, tab) => {
      const id = `${name}-${tab}`;
      const label = escapeHtml(text(entry, ['title', 'name'], 12) || String(tab + 1));
      return `<input type="radio" name="${name}" id="${id}"${tab === 0 ? ' checked' : ''}><label for="${id}">${label}</label>`;
    })
    .join('');
  const panels = entries
    .map((entry) => `<div class="tab-panel">${activityGrid(menuActivities(entry, ctx))}</div>`)
    .join('');
  return `${sectionTitle(text(fields, ['title', 'name'], 30))}<div class="p-tabs">${tabs}${panels}</div>`;
};
