import { escapeHtml } from '../escape.ts';
import { type ComponentRenderer, text } from '../portal-data.ts';
import { PORTAL_TEXTS } from '../portal-texts.ts';

/** search: a box that narrows the page's activity and catalog cards to those whose names hold what is typed. */
export const renderSearch: ComponentRenderer = (fields) => {
  const placeholder = escapeHtml(text(fields, ['placeholder', 'title', 'text'], 30) || PORTAL_TEXTS.searchPlaceholder);
  return `<div class="p-search"><input type="search" placeholder="${placeholder}" aria-label="${placeholder}" data-search-box><p class="empty" hidden data-search-empty>${PORTAL_TEXTS.searchEmpty}</p></div>`;
};
