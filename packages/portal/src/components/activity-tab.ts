import { pageSourceKey } from '@yanbo/contracts';
import { escapeHtml } from '../escape.ts';
import type { ComponentRenderer } from '../portal-context.ts';
import { activityList } from './activity-card.ts';

/**
 * activity-tab: tabs, each showing its own activity cards. The tabs are radio buttons drawn as a tab bar, so they
 * switch without any script.
 */
export const renderActivityTab: ComponentRenderer<'activity-tab'> = (component, ctx) => {
  if (component.tabs.length === 0) return '';
  const name = `tabs-${component.id}`;
  const tabs = component.tabs
    .map((tab, index) => {
      const id = `${name}-${index}`;
      return `<input type="radio" name="${name}" id="${id}"${index === 0 ? ' checked' : ''}><label for="${id}">${escapeHtml(tab.title)}</label>`;
    })
    .join('');
  const panels = component.tabs
    .map(
      (_, index) =>
        `<div class="tab-panel">${activityList(ctx.source(pageSourceKey(component.id, index)), component.layout)}</div>`,
    )
    .join('');
  return `<div class="p-tabs">${tabs}${panels}</div>`;
};
