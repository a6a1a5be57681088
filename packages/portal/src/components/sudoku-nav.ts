import type { ComponentRenderer } from '../portal-data.ts';
import { navGrid } from './nav-grid.ts';

/** sudokuNav: a nine-square grid of entries, three to a row. */
export const renderSudokuNav: ComponentRenderer = (fields) => navGrid(fields, 3, 'p-sudoku', 9);
