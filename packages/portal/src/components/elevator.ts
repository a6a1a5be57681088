import { escapeHtml } from '../escape.ts';
import { type ComponentRenderer, list, text } from '../portal-data.ts';

/**
 * elevator: a bar that stays at the top and jumps to the page's sections. Each entry names its section by the
 * component's id or index; the jump is a plain anchor (the page scrolls smoothly in CSS).
 */
export const renderElevator: ComponentRenderer = (fields, ctx) => {
  const links = list(fields, 'menuArr', 12).flatMap((entry) => {
    const anchor = ctx.anchorFor(entry.target ?? entry.componentId ?? entry.anchor ?? entry.index);
    const title = text(entry, ['title', 'name'], 12);
    return anchor && title ? [`<a href="#${anchor}">${escapeHtml(title)}</a>`] : [];
  });
  return links.length ? `<nav class="p-elevator">${links.join('')}</nav>` : '';
};
