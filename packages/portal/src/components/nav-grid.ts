import { escapeHtml, hrefAttr } from '../escape.ts';
import { type Fields, list, PICTURE_KEYS, text } from '../portal-data.ts';
import { pictureTag } from './activity-card.ts';
import { slideLink } from './banner.ts';

// The navigations (mobilesNav, sudokuNav) are grids of entries, an icon over a title, each a link.

export function navGrid(fields: Fields, columns: number, className: string, max = 20): string {
  const entries = list(fields, 'menuArr', max).filter((entry) => text(entry, ['title', 'name'], 20));
  if (entries.length === 0) return '';
  const graphic = fields.navStyle !== 'text';
  const round = fields.borderStyle === 'round' ? ' round' : '';
  const items = entries
    .map((entry) => {
      const icon = text(entry, PICTURE_KEYS, 2000);
      const title = escapeHtml(text(entry, ['title', 'name'], 20));
      const picture = graphic ? pictureTag(icon, `nav-icon${round}`) : '';
      return `<a class="nav-item"${hrefAttr(slideLink(entry))}>${picture}<span>${title}</span></a>`;
    })
    .join('');
  return `<nav class="${className}" style="--cols:${columns}">${items}</nav>`;
}
