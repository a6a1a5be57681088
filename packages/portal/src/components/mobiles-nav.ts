import { type ComponentRenderer, text } from '../portal-data.ts';
import { navGrid } from './nav-grid.ts';

/**
 * mobilesNav: a row of entries (menuArr). Seed 001 §4: a legacy one becomes navStyle graphic, borderStyle round,
 * showType oneLine&4 — one line, four to a screen (the number after & is how many), scrolling when there are more.
 */
export const renderMobilesNav: ComponentRenderer = (fields) => {
  const showType = text(fields, 'showType', 20);
  const perLine = Number(/&(\d)$/.exec(showType)?.[1] ?? 4);
  const oneLine = showType.startsWith('oneLine') ? ' one-line' : '';
  return navGrid(fields, Math.min(Math.max(perLine, 3), 6), `p-nav${oneLine}`);
};
