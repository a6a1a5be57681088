import type { ComponentRenderer } from '../portal-context.ts';
import { navItems, navStyle } from './navigation.ts';

/**
 * mobilesNav: a row of entries (menuArr). Seed 001 §4: a legacy one becomes navStyle graphic, borderStyle round,
 * showType oneLine&4 — one line of four (oneLine&5: five; twoLine: two lines; scroll: one line that scrolls).
 */
export const renderMobilesNav: ComponentRenderer<'mobilesNav'> = (component, ctx) => {
  if (component.menuArr.length === 0) return '';
  const [lines, perLine] = component.showType.split('&');
  const columns = Number(perLine) || 4;
  const shown =
    component.showType === 'scroll'
      ? component.menuArr
      : component.menuArr.slice(0, lines === 'twoLine' ? columns * 2 : columns);
  const items = navItems(component.id, shown, ctx, {
    show: component.navStyle !== 'text',
    shape: component.borderStyle,
  });
  const scroll = component.showType === 'scroll' ? ' scroll' : '';
  return `<nav class="p-nav ${component.navStyle}${scroll}"${navStyle(columns)}>${items}</nav>`;
};
