import { escapeHtml, hrefAttr } from '../escape.ts';
import { type ComponentRenderer, LINK_KEYS, PICTURE_KEYS, text } from '../portal-data.ts';
import { pictureTag } from './activity-card.ts';

/** header: the page's top bar, a logo and a title (and a subtitle), on the page's colour or a picture. */
export const renderHeader: ComponentRenderer = (fields) => {
  const title = text(fields, ['title', 'name', 'text'], 60);
  const subtitle = text(fields, ['subtitle', 'description', 'desc'], 120);
  const logo = text(fields, ['logo', ...PICTURE_KEYS], 2000);
  const link = hrefAttr(text(fields, LINK_KEYS, 2000));
  const inner = `${logo ? pictureTag(logo, 'logo') : ''}<span class="head-text"><strong>${escapeHtml(title)}</strong>${subtitle ? `<small>${escapeHtml(subtitle)}</small>` : ''}</span>`;
  return `<div class="p-header">${link ? `<a${link}>${inner}</a>` : `<div>${inner}</div>`}</div>`;
};
