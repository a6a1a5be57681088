import type { ComponentRenderer } from '../portal-context.ts';
import { navItems, navStyle } from './navigation.ts';
import { colorOf } from './parts.ts';

/** sudokuNav: a nine-square grid of entries, three to a row. */
export const renderSudokuNav: ComponentRenderer<'sudokuNav'> = (component, ctx) => {
  if (component.menuArr.length === 0) return '';
  const items = navItems(component.id, component.menuArr.slice(0, 9), ctx, {
    show: true,
    shape: component.borderStyle,
  });
  return `<nav class="p-sudoku"${navStyle(3, colorOf(component.backgroundColor))}>${items}</nav>`;
};
