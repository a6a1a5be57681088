import { escapeHtml } from '../escape.ts';
import type { ComponentRenderer } from '../portal-context.ts';
import { PORTAL_TEXTS } from '../portal-texts.ts';
import { colorOf, styleAttr } from './parts.ts';

/** search: a box that narrows the page's activity and catalog cards to those whose names hold what is typed. */
export const renderSearch: ComponentRenderer<'search'> = (component) => {
  const placeholder = escapeHtml(component.placeholder || PORTAL_TEXTS.searchPlaceholder);
  return `<div class="p-search"${styleAttr({ background: colorOf(component.backgroundColor) })}><input type="search" placeholder="${placeholder}" aria-label="${placeholder}" data-search-box><p class="empty" hidden data-search-empty>${PORTAL_TEXTS.searchEmpty}</p></div>`;
};
